/**
 * The app's navigate helper (spec §8): a page of this site goes through React Router; a URL on
 * another origin only with `external: true`; `javascript:`, `data:`, `blob:` and `vbscript:` URLs
 * never, whatever the options. A refusal is an error, not a silent no-op.
 * @example const navigate = useSafeNavigate(); navigate("/tr/dergiler"); navigate("https://doi.org/10.5555/x", { external: true });
 */
import { useCallback } from "react";
import { useNavigate } from "react-router";
import { type RouteId, screens } from "../../contract/route-table.ts";
import { whichRoute } from "../../contract/which-route.ts";

const REFUSED_PROTOCOLS = new Set(["javascript:", "data:", "blob:", "vbscript:"]);
const routeIds = screens.map((route) => route.id as RouteId);

export class NavigationRefused extends Error {
  override name = "NavigationRefused";
}

/**
 * Where a navigation to `to` goes from the page at `base`: a path of this site, or an external
 * URL. The URL is read as the browser would (relative to the page, case, spaces and control
 * characters included), so " JavaScript:…" is refused like "javascript:…".
 */
export function navigationTarget(to: string, base: string, { external = false } = {}): { path: string } | { url: string } {
  let url: URL;
  try {
    url = new URL(to, base);
  } catch {
    throw new NavigationRefused(`not a URL: ${to.slice(0, 100)}`);
  }
  if (REFUSED_PROTOCOLS.has(url.protocol)) throw new NavigationRefused(`${url.protocol} URLs are never navigated to`);
  if (url.origin === new URL(base).origin) return { path: `${url.pathname}${url.search}${url.hash}` };
  if (!external) throw new NavigationRefused(`${url.origin} is another site: pass { external: true } to leave this one`);
  return { url: url.href };
}

/** Whether a path of this site is one of its pages (not a file or the API, which load as documents). */
export const isPagePath = (path: string) => whichRoute(new URL(path, "http://site").href, routeIds) !== undefined;

export function useSafeNavigate() {
  const navigate = useNavigate();
  return useCallback(
    (to: string, options: { external?: boolean } = {}) => {
      const target = navigationTarget(to, window.location.href, options);
      if ("url" in target) return window.location.assign(target.url);
      if (isPagePath(target.path)) return navigate(target.path);
      window.location.assign(target.path);
    },
    [navigate],
  );
}
