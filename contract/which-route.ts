import { matchPath } from "react-router";
import { localeOfPath } from "../i18n/locales.ts";
import { pagePath } from "./page-path.ts";
import { type RouteId, routeEntry } from "./route-table.ts";

/**
 * Which of the given table routes a URL is, for a module that serves several screens
 * (services and policies share one list module, the contact topics share one page).
 */
export function whichRoute<Id extends RouteId>(url: string, candidates: readonly Id[]): Id | undefined {
  const pathname = safeDecode(pagePath(url));
  const locale = localeOfPath(pathname);
  return candidates.find((id) => {
    const entry = routeEntry(id);
    return entry && matchPath({ path: entry[locale], end: true }, pathname);
  });
}

function safeDecode(path: string): string {
  try {
    return decodeURI(path);
  } catch {
    return path;
  }
}
