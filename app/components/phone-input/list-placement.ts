/**
 * Where the country list (with its search field) opens: spec §9, above the field when less than
 * 200 px is free below it.
 */

export const MIN_SPACE_BELOW = 200;
export const LIST_MAX_HEIGHT = 336;
const LIST_MIN_HEIGHT = 168;
const GAP = 8;

export interface ListPlacement {
  side: "top" | "bottom";
  /** The list's height limit, so it stays inside the viewport on its side. */
  maxHeight: number;
}

export function listPlacement(anchor: { top: number; bottom: number }, viewportHeight: number): ListPlacement {
  const below = viewportHeight - anchor.bottom;
  const side = below < MIN_SPACE_BELOW ? "top" : "bottom";
  const room = (side === "top" ? anchor.top : below) - GAP * 2;
  // Never squeezed below the search field and a few rows, even in a tiny window: the list scrolls with the page then.
  return { side, maxHeight: Math.max(LIST_MIN_HEIGHT, Math.min(LIST_MAX_HEIGHT, room)) };
}
