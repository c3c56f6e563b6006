/**
 * The search index's documents, derived from the rows an import writes: one per journal, article,
 * book, service, policy and page, with its title and slug in each locale and the folded words of
 * both locales (service/search/fold.ts), titles apart.
 */
import type { Insertable } from "kysely";
import type { SearchKind } from "../api/search-types.ts";
import type { Database, SearchDocumentTable, SearchTextTable } from "../db/schema.ts";
import { plainText } from "../plain-text.ts";
import { foldForSearch } from "../search/fold.ts";

/** The tables the search documents are derived from. */
export const searchSourceTables = [
  "journal",
  "journalText",
  "issue",
  "article",
  "articleText",
  "articleAuthor",
  "book",
  "bookText",
  "bookContributor",
  "bookChapter",
  "contentItem",
  "contentItemText",
  "page",
] as const;
type SourceRows = { [T in (typeof searchSourceTables)[number]]: Insertable<Database[T]>[] };
type Localized<T> = { en: T; tr: T };

/** Per-locale rows of one entity, keyed by its id. */
function byLocale<R extends { locale: string }>(rows: R[], key: (row: R) => string): Map<string, Localized<R>> {
  const map = new Map<string, Localized<R>>();
  for (const row of rows) {
    const entry = map.get(key(row)) ?? ({} as Localized<R>);
    entry[row.locale as "en" | "tr"] = row;
    map.set(key(row), entry);
  }
  return map;
}

const grouped = <R>(rows: R[], key: (row: R) => string) => Map.groupBy(rows, key);

/** The index's rows, and each document's folded words (which SQLite keeps only in its FTS5 table). */
export interface SearchIndexRows {
  documents: Insertable<SearchDocumentTable>[];
  texts: Insertable<SearchTextTable>[];
  words: { id: number; titleFolded: string; bodyFolded: string }[];
}

export function searchDocuments(rows: SourceRows): SearchIndexRows {
  const documents: Insertable<SearchDocumentTable>[] = [];
  const texts: Insertable<SearchTextTable>[] = [];
  const words: SearchIndexRows["words"] = [];
  const add = (
    kind: SearchKind,
    entityId: string,
    text: Localized<{ slug: string; title: string; text: string }>,
    extra: { journalId?: string; issueId?: string; year?: number; titleWords?: string[]; bodyWords?: string[] } = {},
  ) => {
    const id = documents.length + 1;
    documents.push({ id, kind, entityId, journalId: extra.journalId ?? null, issueId: extra.issueId ?? null, year: extra.year ?? null });
    texts.push({ id, slugEn: text.en.slug, slugTr: text.tr.slug, titleEn: text.en.title, titleTr: text.tr.title });
    words.push({
      id,
      titleFolded: foldForSearch(text.en.title, text.tr.title, ...(extra.titleWords ?? [])),
      bodyFolded: foldForSearch(text.en.text, text.tr.text, ...(extra.bodyWords ?? [])),
    });
  };
  const localized = <R extends { locale: string }>(pair: Localized<R>, pick: (row: R) => { slug: string; title: string; text: string }) => ({
    en: pick(pair.en),
    tr: pick(pair.tr),
  });

  const journalTexts = byLocale(rows.journalText, (r) => r.journalId);
  for (const journal of rows.journal) {
    const text = journalTexts.get(journal.id);
    if (!text) continue;
    add(
      "journal",
      journal.id,
      localized(text, (t) => ({ slug: t.slug, title: t.title, text: plainText(`${t.descriptionHtml} ${t.aimsScopeHtml}`) })),
      { journalId: journal.id, titleWords: [journal.abbreviation] },
    );
  }

  const issueYear = new Map(rows.issue.map((i) => [`${i.journalId}/${i.id}`, i.year]));
  const articleTexts = byLocale(rows.articleText, (r) => `${r.journalId}/${r.articleId}`);
  const authors = grouped(rows.articleAuthor, (r) => `${r.journalId}/${r.articleId}`);
  for (const article of rows.article) {
    const key = `${article.journalId}/${article.id}`;
    const text = articleTexts.get(key);
    const journal = journalTexts.get(article.journalId);
    if (!text || !journal) continue;
    const keywords = [...(JSON.parse(text.en.keywords) as string[]), ...(JSON.parse(text.tr.keywords) as string[])];
    add(
      "article",
      article.id,
      {
        en: { slug: journal.en.slug, title: text.en.title, text: plainText(text.en.abstractHtml) },
        tr: { slug: journal.tr.slug, title: text.tr.title, text: plainText(text.tr.abstractHtml) },
      },
      {
        journalId: article.journalId,
        issueId: article.issueId,
        year: issueYear.get(`${article.journalId}/${article.issueId}`),
        bodyWords: [...(authors.get(key) ?? []).map((a) => a.name), ...keywords],
      },
    );
  }

  const bookTexts = byLocale(rows.bookText, (r) => r.bookId);
  const contributors = grouped(rows.bookContributor, (r) => r.bookId);
  const chapters = grouped(rows.bookChapter, (r) => r.bookId);
  for (const book of rows.book) {
    const text = bookTexts.get(book.id);
    if (!text) continue;
    add(
      "book",
      book.id,
      localized(text, (t) => ({ slug: t.slug, title: t.title, text: plainText(t.descriptionHtml) })),
      {
        year: book.year,
        titleWords: [text.en.subtitle, text.tr.subtitle].filter((s): s is string => Boolean(s)),
        bodyWords: [...(contributors.get(book.id) ?? []).map((c) => c.name), ...(chapters.get(book.id) ?? []).map((c) => c.title)],
      },
    );
  }

  const itemTexts = byLocale(rows.contentItemText, (r) => `${r.type}/${r.id}`);
  for (const item of rows.contentItem) {
    const text = itemTexts.get(`${item.type}/${item.id}`);
    if (!text) continue;
    add(
      item.type === "services" ? "service" : "policy",
      item.id,
      localized(text, (t) => ({ slug: t.slug, title: t.title, text: plainText(`${t.description} ${t.detailsHtml}`) })),
    );
  }

  for (const [id, text] of byLocale(rows.page, (r) => r.id)) {
    add(
      "page",
      id,
      localized(text, (t) => ({ slug: id, title: t.title, text: plainText(t.bodyHtml) })),
    );
  }
  return { documents, texts, words };
}
