/** Where a work's citation files are downloaded (server/citations.ts answers these paths). */
import type { Locale } from "../../../i18n/locales.ts";
import type { CitationExport } from "./styles.ts";

const seg = encodeURIComponent;

export type CitedWorkRef = { type: "book"; slug: string } | { type: "article"; journalSlug: string; issueId: string; articleId: string };

export function citationDownloadPath(ref: CitedWorkRef, format: CitationExport, locale: Locale): string {
  const work = ref.type === "book" ? `books/${seg(ref.slug)}` : `journals/${seg(ref.journalSlug)}/${seg(ref.issueId)}/${seg(ref.articleId)}`;
  return `/cite/${locale}/${work}/${format}`;
}
