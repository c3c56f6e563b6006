/**
 * The search index's documents, derived from the rows an import writes: one per journal, article,
 * book, service, policy and page, with its title and slug in each locale and the terms of both
 * locales' texts (terms.ts: folded words and their stems), titles apart. An article's terms also
 * hold its full text (in its own language), its references, funders and awards, its and its
 * references' DOIs, its authors' ORCID iDs and their affiliations; a book's its and its chapters' DOIs.
 *
 * A document's id says its facet group: the documents of one kind, journal and year share the id's
 * high bits (`id >> GROUP_BITS`), so that the search counts its facets and applies its filters from
 * the index's ids alone, without reading a row per match. The groups are numbered in catalogue
 * order (what has no year first: journals, services, policies, pages; then articles and books,
 * newest year first), which is the order of a search with too many matches to rank
 * (service/search/search.ts). A year's groups are thus next to each other, and a search
 * filtered by year reads only their range of ids.
 */
import type { Insertable } from "kysely";
import { plainText } from "../../contract/plain-text.ts";
import { type SearchKind, searchKinds } from "../../contract/search-types.ts";
import type { Locale } from "../../i18n/locales.ts";
import type { Database, SearchDocumentTable, SearchTextTable } from "../db/schema.ts";
import { today } from "../published.ts";
import { doiTerm, orcidTerm } from "./identifiers.ts";
import { type IndexTexts, indexTerms } from "./terms.ts";

/** The tables the search documents are derived from. */
export const searchSourceTables = [
  "journal",
  "journalText",
  "issue",
  "article",
  "articleText",
  "articleAuthor",
  "articleReference",
  "articleFullText",
  "book",
  "bookText",
  "bookContributor",
  "bookChapter",
  "contentItem",
  "contentItemText",
  "page",
] as const;
type SourceRows = { [T in (typeof searchSourceTables)[number]]: Insertable<Database[T]>[] };

/** Per-locale rows of one entity, keyed by its id. */
function byLocale<R extends { locale: string }>(rows: R[], key: (row: R) => string): Map<string, Record<Locale, R>> {
  const map = new Map<string, Record<Locale, R>>();
  for (const row of rows) {
    const entry = map.get(key(row)) ?? ({} as Record<Locale, R>);
    entry[row.locale as Locale] = row;
    map.set(key(row), entry);
  }
  return map;
}

/** The low bits of a document's id: its place in its facet group, so at most 65 536 documents a group. */
export const GROUP_BITS = 16;
/** Group numbers start at 1 and stay under this, so that every id fits a signed 32-bit integer (PostgreSQL's `integer`). */
const GROUP_LIMIT = 2 ** (31 - GROUP_BITS);
/** The id of a facet group's first document: the group number in the high bits, 0 in the low ones. */
export const firstIdOf = (group: number) => group * 2 ** GROUP_BITS;

/**
 * The index's rows, and each document's terms (its title's, and the rest's), which both databases
 * keep only in `search_index` (dialects.ts).
 */
export interface SearchIndexRows {
  documents: Insertable<SearchDocumentTable>[];
  texts: Insertable<SearchTextTable>[];
  terms: { id: number; title: string; body: string }[];
}

type Unnumbered<T> = Omit<T, "id">;
interface Document {
  document: Unnumbered<Insertable<SearchDocumentTable>>;
  text: Unnumbered<Insertable<SearchTextTable>>;
  terms: Unnumbered<SearchIndexRows["terms"][number]>;
}

/** Catalogue order: what has no year first, then newest year first; then in the type facet's order, then by journal. */
function byCatalogueOrder([{ document: a }]: Document[], [{ document: b }]: Document[]): number {
  return (
    Number(a.year !== null) - Number(b.year !== null) ||
    (b.year ?? 0) - (a.year ?? 0) ||
    searchKinds.indexOf(a.kind as SearchKind) - searchKinds.indexOf(b.kind as SearchKind) ||
    (a.journalId ?? "").localeCompare(b.journalId ?? "")
  );
}

/** Numbers the documents group by group (see GROUP_BITS). */
function numbered(groups: Document[][]): SearchIndexRows {
  if (groups.length >= GROUP_LIMIT) throw new Error(`The search index holds at most ${GROUP_LIMIT - 1} groups of one kind, journal and year.`);
  const rows: SearchIndexRows = { documents: [], texts: [], terms: [] };
  groups.forEach((members, g) => {
    if (members.length > 2 ** GROUP_BITS)
      throw new Error(`The search index holds at most ${2 ** GROUP_BITS} documents of one kind, journal and year.`);
    members.forEach(({ document, text, terms }, i) => {
      const id = firstIdOf(g + 1) + i;
      rows.documents.push({ id, ...document });
      rows.texts.push({ id, ...text });
      rows.terms.push({ id, ...terms });
    });
  });
  return rows;
}

export function searchDocuments(rows: SourceRows): SearchIndexRows {
  const groups = new Map<string, Document[]>();
  const add = (
    kind: SearchKind,
    entityId: string,
    text: Record<Locale, { slug: string; title: string; text: string }>,
    extra: {
      journalId?: string;
      issueId?: string;
      year?: number;
      publishedOn?: string | null;
      title?: IndexTexts;
      body?: IndexTexts;
      identifiers?: string[];
    } = {},
  ) => {
    const document = {
      kind,
      entityId,
      journalId: extra.journalId ?? null,
      issueId: extra.issueId ?? null,
      year: extra.year ?? null,
      publishedOn: extra.publishedOn ?? null,
    };
    const group = JSON.stringify([kind, document.journalId, document.year, document.publishedOn]);
    if (!groups.has(group)) groups.set(group, []);
    groups.get(group)?.push({
      document,
      text: { slugEn: text.en.slug, slugTr: text.tr.slug, titleEn: text.en.title, titleTr: text.tr.title },
      terms: {
        title: indexTerms(withText(extra.title, text.en.title, text.tr.title)),
        body: [indexTerms(withText(extra.body, text.en.text, text.tr.text)), ...(extra.identifiers ?? [])].join(" "),
      },
    });
  };
  const withText = (texts: IndexTexts = {}, en: string, tr: string): IndexTexts => ({
    ...texts,
    en: [en, ...(texts.en ?? [])],
    tr: [tr, ...(texts.tr ?? [])],
  });
  const localized = <R extends { locale: string }>(pair: Record<Locale, R>, pick: (row: R) => { slug: string; title: string; text: string }) => ({
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
      { journalId: journal.id, title: { other: [journal.abbreviation] } },
    );
  }

  const issueYear = new Map(rows.issue.map((i) => [`${i.journalId}/${i.id}`, i.year]));
  const articleTexts = byLocale(rows.articleText, (r) => `${r.journalId}/${r.articleId}`);
  const authors = Map.groupBy(rows.articleAuthor, (r) => `${r.journalId}/${r.articleId}`);
  const references = Map.groupBy(rows.articleReference, (r) => `${r.journalId}/${r.articleId}`);
  const fullTexts = new Map(rows.articleFullText.map((r) => [`${r.journalId}/${r.articleId}`, r.html]));
  for (const article of rows.article) {
    const key = `${article.journalId}/${article.id}`;
    const text = articleTexts.get(key);
    const journal = journalTexts.get(article.journalId);
    if (!text || !journal) continue;
    const articleAuthors = authors.get(key) ?? [];
    const articleReferences = references.get(key) ?? [];
    const fullText = fullTexts.get(key);
    const affiliations = articleAuthors.flatMap((a) => (JSON.parse(a.affiliations ?? "[]") as { name: string }[]).map((x) => x.name));
    const funders = (JSON.parse(article.funding ?? "[]") as { funder: string; awards: string[] }[]).flatMap((f) => [f.funder, ...f.awards]);
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
        // A work dated after the import's day is a group of its own, which the search leaves out until that day.
        publishedOn: article.publishedOn > today() ? article.publishedOn : null,
        body: {
          en: JSON.parse(text.en.keywords) as string[],
          tr: JSON.parse(text.tr.keywords) as string[],
          other: [...articleAuthors.map((a) => a.name), ...affiliations, ...funders, ...articleReferences.map((r) => r.text)],
          // The full text is in the article's language: its words are stemmed by that language's rules.
          ...(fullText ? { [article.language as Locale]: [...JSON.parse(text[article.language as Locale].keywords), plainText(fullText)] } : {}),
        },
        identifiers: [
          ...[article.doi, ...articleReferences.map((r) => r.doi)].flatMap((doi) => (doi ? [doiTerm(doi)] : [])),
          ...articleAuthors.flatMap((a) => (a.orcid ? [orcidTerm(a.orcid)] : [])),
        ],
      },
    );
  }

  const bookTexts = byLocale(rows.bookText, (r) => r.bookId);
  const contributors = Map.groupBy(rows.bookContributor, (r) => r.bookId);
  const chapters = Map.groupBy(rows.bookChapter, (r) => r.bookId);
  for (const book of rows.book) {
    const text = bookTexts.get(book.id);
    if (!text) continue;
    const bookChapters = chapters.get(book.id) ?? [];
    add(
      "book",
      book.id,
      localized(text, (t) => ({ slug: t.slug, title: t.title, text: plainText(t.descriptionHtml) })),
      {
        year: book.year,
        title: { en: [text.en.subtitle], tr: [text.tr.subtitle] },
        body: { other: (contributors.get(book.id) ?? []).map((c) => c.name), [book.language as Locale]: bookChapters.map((c) => c.title) },
        identifiers: [book.doi, ...bookChapters.map((c) => c.doi)].flatMap((doi) => (doi ? [doiTerm(doi)] : [])),
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
  return numbered([...groups.values()].sort(byCatalogueOrder));
}
