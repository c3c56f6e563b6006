/** Iconify names to SVG markup, from the locally installed Lucide set (no fetch on page load). */

import { getIconData, iconToHTML, iconToSVG, replaceIDs } from "@iconify/utils";
import { icons as lucide } from "@iconify-json/lucide";

/** Marks Lucide does not have: X's logo (Simple Icons, CC0). */
const brand = {
  prefix: "brand",
  icons: {
    x: {
      body: '<path fill="currentColor" d="M18.901 1.153h3.68l-8.04 9.19L24 22.846h-7.406l-5.8-7.584-6.638 7.584H.474l8.6-9.83L0 1.154h7.594l5.243 6.932ZM17.61 20.644h2.039L6.486 3.24H4.298Z"/>',
    },
  },
  width: 24,
  height: 24,
};

const sets = { lucide, brand } as const;
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
