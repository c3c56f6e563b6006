import { useEffect, useState } from "react";
import { Icon } from "../icon.tsx";
import { Link, NavLink } from "../link.tsx";
import { useDisclosure } from "./use-disclosure.ts";

export interface MegaMenuItem {
  id: string;
  slug: string;
  title: string;
  iconId: string | null;
}

export interface MegaMenuProps {
  label: string;
  /** Each item links to basePath/slug. */
  basePath: string;
  /**
   * The all-items target and label: carried by the panel, not rendered as a link in it (as
   * specified); the trigger's label links to the target instead.
   */
  allTo: string;
  allLabel: string;
  items: MegaMenuItem[];
  columnsCount?: number;
  width?: number;
  maxWidth?: number;
}

/** The specification's panel geometry. */
export const PANEL_OFFSET = 8;
export const VIEWPORT_PADDING = 16;

/** Item i goes to column i mod columnsCount: the items are spread over the columns in turn. */
export function spreadOverColumns<T>(items: T[], columnsCount: number): T[][] {
  return Array.from({ length: columnsCount }, (_, column) => items.filter((_, i) => i % columnsCount === column));
}

/** A header item whose label links to an overview and whose chevron opens a panel of links laid out in columns (Services, Policies). */
export function MegaMenu({ label, basePath, allTo, allLabel, items, columnsCount = 4, width = 960, maxWidth = 960 }: MegaMenuProps) {
  const { open, close, hydrated, button, panel, buttonProps, panelProps } = useDisclosure();
  const [position, setPosition] = useState<{ x: number; y: number } | null>(null);

  // Floating UI places the open panel; it is loaded on the first opening, not with every page.
  useEffect(() => {
    // Placed under the whole trigger, label and chevron, starting where the label starts.
    const reference = button.current?.parentElement ?? button.current;
    const floating = panel.current;
    if (!open || !reference || !floating) return;
    let stop: (() => void) | undefined;
    let closed = false;
    import("@floating-ui/dom").then(({ autoUpdate, computePosition, offset, shift, size }) => {
      if (closed) return;
      stop = autoUpdate(reference, floating, async () => {
        const { x, y } = await computePosition(reference, floating, {
          placement: "bottom-start",
          // The open panel is a popover, in the top layer: placed against the viewport.
          strategy: "fixed",
          middleware: [
            offset(PANEL_OFFSET),
            shift({ padding: VIEWPORT_PADDING }),
            size({
              padding: VIEWPORT_PADDING,
              apply({ availableWidth }) {
                floating.style.maxWidth = `${Math.min(maxWidth, availableWidth - VIEWPORT_PADDING)}px`;
              },
            }),
          ],
        });
        if (!closed) setPosition({ x, y });
      });
    });
    return () => {
      closed = true;
      stop?.();
      setPosition(null);
    };
  }, [open, maxWidth, button, panel]);

  return (
    <>
      {/* A split trigger (decision 033): the label goes to the overview, the chevron beside it opens the panel. */}
      <span className="flex items-center">
        <NavLink to={allTo} end className="nav-link block pr-1 xl:pr-1">
          {label}
        </NavLink>
        <button {...buttonProps} aria-label={label} className="nav-link inline-flex items-center px-1 xl:px-1">
          <svg viewBox="0 0 20 20" className={`h-4 w-4 transition ${open ? "rotate-180" : ""}`} aria-hidden="true">
            <path d="M5 8l5 5 5-5" fill="none" stroke="currentColor" strokeWidth="1.8" />
          </svg>
        </button>
      </span>
      <div
        {...panelProps}
        style={{
          ...(hydrated
            ? {
                position: "fixed",
                right: "auto",
                bottom: "auto",
                left: position?.x ?? 0,
                top: position?.y ?? 0,
                // Until placed, the panel takes its size but is not shown where it does not belong.
                visibility: position ? "visible" : "hidden",
              }
            : // Without JavaScript (or before it runs) the panel opens centred under the header.
              { position: "absolute", top: "5rem", right: "auto", bottom: "auto", left: "50%", translate: "-50%" }),
          width,
          maxWidth: `min(${maxWidth}px, calc(100% - ${2 * VIEWPORT_PADDING}px))`,
        }}
        className="rounded-lg border border-stone-200 bg-white p-4 shadow-xl"
        data-all-to={allTo}
        data-all-label={allLabel}
      >
        <div className="grid gap-x-4" style={{ gridTemplateColumns: `repeat(${columnsCount}, minmax(0, 1fr))` }}>
          {spreadOverColumns(items, columnsCount).map((column, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: columns are positions, not data.
            <ul key={i} className="grid content-start gap-1">
              {column.map((item) => (
                <li key={item.id}>
                  <Link to={`${basePath}/${item.slug}`} onClick={close} className="flex items-start gap-3 rounded-md p-2 text-sm hover:bg-orange-50">
                    <span className="mt-0.5 shrink-0 text-orange-700">
                      <Icon id={item.iconId} className="h-5 w-5" />
                    </span>
                    <span className="font-medium text-stone-800">{item.title}</span>
                  </Link>
                </li>
              ))}
            </ul>
          ))}
        </div>
      </div>
    </>
  );
}
