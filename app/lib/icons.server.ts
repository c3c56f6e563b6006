/**
 * Iconify names to SVG symbols, gathered in one sprite file that every page's icons point into
 * (`<use href="/icons/{hash}.svg#{id}">`), so the icons' paths are neither in each page's markup
 * nor in its hydration data, and a browser fetches them once (docs/decisions/039-home-page-weight.md).
 * Names come from the locally installed sets (Lucide, and X's mark); a name not found there is
 * asked of the configured icon service (Iconify's API) within a time limit, and remembered.
 * Anything that fails gives null: the page shows the dashed circle.
 */

import { createHash } from "node:crypto";
import type { IconifyJSON } from "@iconify/types";
import { getIconData, iconToSVG, replaceIDs } from "@iconify/utils";
import { icons as lucide } from "@iconify-json/lucide";
import type { Initial } from "../../contract/api-types.ts";
import { socialNetworks } from "../../contract/site-context.ts";

/** Marks Lucide does not have: X's logo (Simple Icons, CC0). */
const brand: IconifyJSON = {
  prefix: "brand",
  icons: {
    x: {
      body: '<path fill="currentColor" d="M18.901 1.153h3.68l-8.04 9.19L24 22.846h-7.406l-5.8-7.584-6.638 7.584H.474l8.6-9.83L0 1.154h7.594l5.243 6.932ZM17.61 20.644h2.039L6.486 3.24H4.298Z"/>',
    },
  },
  width: 24,
  height: 24,
};
const localSets: Record<string, IconifyJSON> = { lucide, brand };

export const ICON_FETCH_TIMEOUT_MS = 5000;
export const ICON_URL_MAX_LENGTH = 500;
/** A failed fetch is tried again after this long, not on every page. */
const RETRY_AFTER_MS = 60_000;
/** An icon as a symbol of the sprite: its id there (the name, `:` made `-`) and its markup. */
export interface IconSymbol {
  id: string;
  markup: string;
}

const rendered = new Map<string, Promise<IconSymbol | null>>();

function render(set: IconifyJSON, name: string, icon: string): IconSymbol | null {
  const data = getIconData(set, icon);
  if (!data) return null;
  const { body, attributes } = iconToSVG(data);
  const id = name.replace(":", "-");
  return { id, markup: `<symbol id="${id}" viewBox="${attributes.viewBox}">${replaceIDs(body)}</symbol>` };
}

/** The icon's symbol; null when the set has no such icon; undefined when the service failed. */
async function fetchIcon(apiUrl: string, name: string, prefix: string, icon: string, timeoutMs: number): Promise<IconSymbol | null | undefined> {
  const url = `${apiUrl.replace(/\/$/, "")}/${encodeURIComponent(prefix)}.json?icons=${encodeURIComponent(icon)}`;
  if (url.length > ICON_URL_MAX_LENGTH) return null;
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
    if (!response.ok) throw new Error(`status ${response.status}`);
    return render((await response.json()) as IconifyJSON, name, icon);
  } catch (error) {
    console.warn(`icon ${name} unavailable from the icon service: ${(error as Error).message}`);
    return undefined;
  }
}

/** The symbol of an Iconify name such as "lucide:book-open", or null. */
export function iconSymbol(name: string | null, apiUrl?: string, timeoutMs = ICON_FETCH_TIMEOUT_MS): Promise<IconSymbol | null> {
  if (!name) return Promise.resolve(null);
  const [prefix, icon] = name.split(":");
  // Iconify's names are of these characters; anything else would not be safe in the symbol's id and the page's fragment.
  if (!prefix || !icon || !/^[a-z0-9-]+$/.test(prefix) || !/^[a-z0-9-]+$/.test(icon)) return Promise.resolve(null);
  let symbol = rendered.get(name);
  if (!symbol) {
    const local = localSets[prefix];
    symbol = local
      ? Promise.resolve(render(local, name, icon))
      : apiUrl
        ? fetchIcon(apiUrl, name, prefix, icon, timeoutMs).then((result) => {
            if (result !== undefined) return result;
            setTimeout(() => rendered.delete(name), RETRY_AFTER_MS).unref();
            return null;
          })
        : Promise.resolve(null);
    rendered.set(name, symbol);
  }
  return symbol;
}

/** Adds each item's icon's id in the sprite (null: the dashed circle). */
export const withIcons = <T extends { icon: string | null }>(items: T[], apiUrl?: string) =>
  Promise.all(items.map(async (item) => ({ ...item, iconId: (await iconSymbol(item.icon, apiUrl))?.id ?? null })));

/** A sprite: its file's name (a hash of its bytes, so it can be kept for a year) and its markup. */
export interface Sprite {
  file: string;
  svg: string;
}

/** The sprite holding these names' icons (those that could be had), each once, in the order of their names. */
export async function iconSprite(names: readonly (string | null)[], apiUrl?: string): Promise<Sprite> {
  const unique = [...new Set(names.filter((name): name is string => Boolean(name)))].sort();
  const symbols = (await Promise.all(unique.map((name) => iconSymbol(name, apiUrl)))).filter((symbol) => symbol !== null);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg">${symbols.map((symbol) => symbol.markup).join("")}</svg>`;
  return { file: `${createHash("sha256").update(svg).digest("hex").slice(0, 16)}.svg`, svg };
}

/** A social network's mark. */
export const socialIcon = (network: (typeof socialNetworks)[number]) => (network === "x" ? "brand:x" : `lucide:${network}`);

/** The sprite of what the site's frame shows in a locale: its services' and policies' icons, and the social networks' marks. */
export const frameSprite = (initial: Pick<Initial, "services" | "policies">, apiUrl?: string) =>
  iconSprite([...initial.services, ...initial.policies].map((item) => item.icon).concat(socialNetworks.map(socialIcon)), apiUrl);
