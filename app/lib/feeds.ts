/**
 * The Atom feeds of the newest articles: the publisher's and each journal's, in each locale.
 * Their addresses, for the server that answers them (server/feeds.ts) and the pages that link them.
 */

import { href, routeEntry } from "../../contract/route-table.ts";
import type { Locale } from "../../i18n/locales.ts";

const FEED_FILE = "feed.atom";

/** `/feed.atom`, `/tr/feed.atom`, `/journals/{slug}/feed.atom`, `/tr/dergiler/{slug}/feed.atom`. */
export function feedPath(locale: Locale, journalSlug?: string): string {
  if (journalSlug !== undefined) return `${href("journal", { slug: journalSlug }, locale)}/${FEED_FILE}`;
  return locale === "en" ? `/${FEED_FILE}` : `${href("home", {}, locale)}/${FEED_FILE}`;
}

/** The journal feeds' path pattern in a locale, with `:slug` (Hono and React Router write parameters alike). */
export const journalFeedPattern = (locale: Locale) => `${routeEntry("journal")?.[locale]}/${FEED_FILE}`;
