/**
 * The Atom feeds of the newest articles: the publisher's and each journal's, in each locale.
 * Their addresses, for the pages that link them and the feeds themselves (feeds.server.ts).
 */

import { href } from "../../contract/route-table.ts";
import type { Locale } from "../../i18n/locales.ts";

/** `/feed.atom`, `/tr/feed.atom`, `/journals/{slug}/feed.atom`, `/tr/dergiler/{slug}/feed.atom`. */
export function feedPath(locale: Locale, journalSlug?: string): string {
  return journalSlug === undefined ? href("feed", {}, locale) : href("journal-feed", { slug: journalSlug }, locale);
}
