/**
 * Iconify names to SVG markup, rendered on the server so the browser never fetches an icon.
 * Names come from the locally installed sets (Lucide, and X's mark); a name not found there is
 * asked of the configured icon service (Iconify's API) within a time limit, and remembered.
 * Anything that fails gives null: the page shows the dashed circle.
 */

import type { IconifyJSON } from "@iconify/types";
import { getIconData, iconToHTML, iconToSVG, replaceIDs } from "@iconify/utils";
import { icons as lucide } from "@iconify-json/lucide";

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

const rendered = new Map<string, Promise<string | null>>();

function render(set: IconifyJSON, icon: string): string | null {
  const data = getIconData(set, icon);
  if (!data) return null;
  const svg = iconToSVG(data, { height: "100%", width: "100%" });
  return iconToHTML(replaceIDs(svg.body), svg.attributes);
}

/** The icon's markup; null when the set has no such icon; undefined when the service failed. */
async function fetchIcon(apiUrl: string, prefix: string, icon: string, timeoutMs: number): Promise<string | null | undefined> {
  const url = `${apiUrl.replace(/\/$/, "")}/${encodeURIComponent(prefix)}.json?icons=${encodeURIComponent(icon)}`;
  if (url.length > ICON_URL_MAX_LENGTH) return null;
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
    if (!response.ok) throw new Error(`status ${response.status}`);
    return render((await response.json()) as IconifyJSON, icon);
  } catch (error) {
    console.warn(`icon ${prefix}:${icon} unavailable from the icon service: ${(error as Error).message}`);
    return undefined;
  }
}

/** The SVG markup of an Iconify name such as "lucide:book-open", or null. */
export function iconSvg(name: string | null, apiUrl?: string, timeoutMs = ICON_FETCH_TIMEOUT_MS): Promise<string | null> {
  if (!name) return Promise.resolve(null);
  const [prefix, icon] = name.split(":");
  if (!prefix || !icon) return Promise.resolve(null);
  let markup = rendered.get(name);
  if (!markup) {
    const local = localSets[prefix];
    markup = local
      ? Promise.resolve(render(local, icon))
      : apiUrl
        ? fetchIcon(apiUrl, prefix, icon, timeoutMs).then((result) => {
            if (result !== undefined) return result;
            setTimeout(() => rendered.delete(name), RETRY_AFTER_MS).unref();
            return null;
          })
        : Promise.resolve(null);
    rendered.set(name, markup);
  }
  return markup;
}

/** Adds each item's rendered icon. */
export const withIcons = <T extends { icon: string | null }>(items: T[], apiUrl?: string) =>
  Promise.all(items.map(async (item) => ({ ...item, iconSvg: await iconSvg(item.icon, apiUrl) })));
