/**
 * A page request's URL with only the query parameters its screen reads (`query` in the route
 * table), in one order: what the server renders and what its page cache keys on, so that
 * `?utm_source=…`, a tracking id or a random string neither reaches a loader nor renders a page
 * again. Client navigations (`{path}.data`) keep the routes they ask for (`_routes`); a URL that is
 * no route of the table (React Router's `/__manifest`, a path that names no page) is left as it is.
 * @example pageUrl("https://x.example/journals?utm_source=a&page=2&access=open") // "https://x.example/journals?access=open&page=2"
 */
import { matchPath } from "react-router";
import { localeOfPath } from "../i18n/locales.ts";
import { pagePath } from "./page-path.ts";
import { type RouteEntry, routeTable } from "./route-table.ts";

/** React Router's own parameter on `.data` requests: which routes' data to send. */
const DATA_ROUTES = "_routes";
const entries = routeTable as readonly RouteEntry[];

/** The parameters the screens at a path read (a layout's and its child's together); undefined when no route has the path. */
function queryOf(pathname: string): Set<string> | undefined {
  const locale = localeOfPath(pathname);
  let names: Set<string> | undefined;
  for (const entry of entries) {
    if (!matchPath({ path: entry[locale], end: true }, pathname)) continue;
    names ??= new Set();
    for (const name of entry.query ?? []) names.add(name);
  }
  return names;
}

export function pageUrl(url: string): string {
  if (!url.includes("?")) return url;
  const parsed = new URL(url);
  let pathname = pagePath(url);
  try {
    pathname = decodeURI(pathname);
  } catch {
    return url;
  }
  // Not a route of the table (React Router's `/__manifest?p=…`, a path that names no page): as it is.
  const names = queryOf(pathname);
  if (!names) return url;
  if (parsed.pathname.endsWith(".data")) names.add(DATA_ROUTES);
  const kept = [...parsed.searchParams].filter(([name]) => names.has(name)).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  parsed.search = new URLSearchParams(kept).toString();
  return parsed.href;
}
