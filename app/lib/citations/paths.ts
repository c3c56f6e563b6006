/** Where a work's citation files are downloaded (the route table's `cite-book` and `cite-article`). */
import { href } from "../../../contract/route-table.ts";
import type { Locale } from "../../../i18n/locales.ts";
import type { CitationExport } from "./styles.ts";

export type CitedWorkRef = { type: "book"; slug: string } | { type: "article"; journalSlug: string; issueId: string; articleId: string };

export function citationDownloadPath(ref: CitedWorkRef, format: CitationExport, locale: Locale): string {
  return ref.type === "book"
    ? href("cite-book", { locale, slug: ref.slug, format })
    : href("cite-article", { locale, slug: ref.journalSlug, issueId: ref.issueId, articleId: ref.articleId, format });
}
