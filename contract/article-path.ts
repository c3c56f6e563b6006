/** An article page's path in a locale: its journal's slug in that locale, then its issue's and its own id (the same in every locale). */
import type { Locale } from "../i18n/locales.ts";
import { href } from "./route-table.ts";

export const articlePath = (journalSlug: string, article: { issueId: string; id: string }, locale: Locale) =>
  href("journal-article", { slug: journalSlug, issueId: article.issueId, articleSlug: article.id }, locale);

/** A galley's path: under the article's own path (as Google Scholar asks of a PDF), named after the article. */
export const galleyPath = (journalSlug: string, article: { issueId: string; id: string }, locale: Locale, kind: "pdf" | "epub") =>
  `${articlePath(journalSlug, article, locale)}/${article.id}.${kind}`;

/** The PDF galley's URL: the journal system's when the galley is there, else this site's (`ownUrl`); null without a PDF. */
export function pdfGalleyUrl(galleys: { kind: "pdf" | "epub"; url: string | null }[], ownUrl: () => string): string | null {
  const pdf = galleys.find((g) => g.kind === "pdf");
  return pdf ? (pdf.url ?? ownUrl()) : null;
}
