/**
 * A page request's URL with only the query parameters its screen reads (`query` in the route
 * table), in one order: what the server renders and what its page cache keys on, so that
 * `?utm_source=…`, a tracking id or a random string neither reaches a loader nor renders a page
 * again. Client navigations (`{path}.data`) keep the routes they ask for (`_routes`).
 * @example pageUrl("https://x.example/journals?utm_source=a&page=2&access=open") // "https://x.example/journals?access=open&page=2"
 */
import { matchPath } from "react-router";
import { localeOfPath } from "../i18n/locales.ts";
import { pagePath } from "./page-path.ts";
import { type RouteEntry, routeTable } from "./route-table.ts";

/** React Router's own parameter on `.data` requests: which routes' data to send. */
const DATA_ROUTES = "_routes";
const reading = (routeTable as readonly RouteEntry[]).filter((entry) => entry.query);

/** The parameters the screens at a path read (a layout's and its child's together). */
function queryOf(pathname: string): Set<string> {
  const locale = localeOfPath(pathname);
  const names = new Set<string>();
  for (const entry of reading) {
    if (matchPath({ path: entry[locale], end: true }, pathname)) for (const name of entry.query ?? []) names.add(name);
  }
  return names;
}

export function pageUrl(url: string): string {
  const queryAt = url.indexOf("?");
  if (queryAt === -1) return url;
  const parsed = new URL(url);
  let pathname = pagePath(url);
  try {
    pathname = decodeURI(pathname);
  } catch {
    // Not a path any screen has: it keeps no parameter.
  }
  const names = queryOf(pathname);
  if (parsed.pathname.endsWith(".data")) names.add(DATA_ROUTES);
  const kept = [...parsed.searchParams].filter(([name]) => names.has(name)).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  parsed.search = new URLSearchParams(kept).toString();
  return parsed.href;
}
