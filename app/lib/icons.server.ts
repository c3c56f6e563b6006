/** Iconify names to SVG markup, from the locally installed Lucide set (no fetch on page load). */

import { getIconData, iconToHTML, iconToSVG, replaceIDs } from "@iconify/utils";
import { icons as lucide } from "@iconify-json/lucide";

const sets = { lucide } as const;
const cache = new Map<string, string | null>();

export function iconSvg(name: string | null): string | null {
  if (!name) return null;
  const cached = cache.get(name);
  if (cached !== undefined) return cached;
  const [prefix, icon] = name.split(":");
  const set = sets[prefix as keyof typeof sets];
  const data = set && getIconData(set, icon);
  let svg: string | null = null;
  if (data) {
    const rendered = iconToSVG(data, { height: "100%", width: "100%" });
    svg = iconToHTML(replaceIDs(rendered.body), rendered.attributes);
  }
  cache.set(name, svg);
  return svg;
}

/** Adds each item's rendered icon. */
export const withIcons = <T extends { icon: string | null }>(items: T[]) => items.map((item) => ({ ...item, iconSvg: iconSvg(item.icon) }));
