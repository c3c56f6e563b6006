/**
 * What the OAI-PMH repository reads from the content database: the journals (its sets), and the
 * articles (its items) in a stable order, (published date, journal id, article id), paged by key
 * (the last key of a page is where the next starts) so that a harvest walks the 100 000-article
 * catalogue with an index (articleByDate) instead of skipping ever more rows.
 */

import { isLocale, type Locale } from "../../i18n/locales.ts";
import { readAuthors } from "../api/queries/article-authors.ts";
import type { ArticleText, Author } from "../api/types.ts";
import type { ContentDb } from "../db/database.ts";
import type { ArticleTable, IssueTable, JournalTable, JournalTextTable } from "../db/schema.ts";

/** The selective-harvesting arguments: a set (`journal` or one journal's id), and inclusive days. */
export interface Selection {
  journalId?: string;
  from?: string;
  until?: string;
}

/** An article's position in the harvest order. */
export type HarvestPosition = [publishedOn: string, journalId: string, articleId: string];

/** What an item's header shows: its identifier (journal and article id), its datestamp and its set. */
export type ArticleHeader = Pick<ArticleTable, "journalId" | "id" | "publishedOn">;

function selectArticles(db: ContentDb, { journalId, from, until }: Selection) {
  let query = db.selectFrom("article as a");
  if (journalId !== undefined) query = query.where("a.journalId", "=", journalId);
  if (from !== undefined) query = query.where("a.publishedOn", ">=", from);
  if (until !== undefined) query = query.where("a.publishedOn", "<=", until);
  return query;
}

export async function countArticles(db: ContentDb, selection: Selection): Promise<number> {
  const { count } = await selectArticles(db, selection)
    .select((eb) => eb.fn.countAll().as("count"))
    .executeTakeFirstOrThrow();
  return Number(count);
}

/** The query of up to `limit` articles' headers after `after` (from the start without it), in harvest order. */
export function pageQuery(db: ContentDb, selection: Selection, after: HarvestPosition | undefined, limit: number) {
  let query = selectArticles(db, selection);
  if (after) query = query.where(({ eb, refTuple, tuple }) => eb(refTuple("a.publishedOn", "a.journalId", "a.id"), ">", tuple(...after)));
  return query.select(["a.journalId", "a.id", "a.publishedOn"]).orderBy("a.publishedOn").orderBy("a.journalId").orderBy("a.id").limit(limit);
}

export const pageOfArticles = (db: ContentDb, selection: Selection, after: HarvestPosition | undefined, limit: number): Promise<ArticleHeader[]> =>
  pageQuery(db, selection, after, limit).execute();

export const positionOf = (article: ArticleHeader): HarvestPosition => [article.publishedOn, article.journalId, article.id];

export async function findArticleHeader(db: ContentDb, journalId: string, articleId: string): Promise<ArticleHeader | undefined> {
  return db
    .selectFrom("article")
    .where("journalId", "=", journalId)
    .where("id", "=", articleId)
    .select(["journalId", "id", "publishedOn"])
    .executeTakeFirst();
}

/** The earliest datestamp (Identify), or undefined for an empty catalogue. */
export async function earliestDatestamp(db: ContentDb): Promise<string | undefined> {
  const row = await db
    .selectFrom("article")
    .select((eb) => eb.fn.min("publishedOn").as("earliest"))
    .executeTakeFirst();
  return row?.earliest ?? undefined;
}

export async function journalExists(db: ContentDb, journalId: string): Promise<boolean> {
  return (await db.selectFrom("journal").where("id", "=", journalId).select("id").executeTakeFirst()) !== undefined;
}

/** Every journal with its English and Turkish titles, by id. */
export async function listJournalTitles(db: ContentDb): Promise<{ id: string; en: string; tr: string }[]> {
  const rows = await db.selectFrom("journalText").select(["journalId", "locale", "title"]).orderBy("journalId").execute();
  const journals = new Map<string, { id: string; en: string; tr: string }>();
  for (const r of rows) {
    const journal = journals.get(r.journalId) ?? { id: r.journalId, en: "", tr: "" };
    if (r.locale === "en" || r.locale === "tr") journal[r.locale] = r.title;
    journals.set(r.journalId, journal);
  }
  return [...journals.values()];
}

/** Everything a record's metadata says about one article: its columns and its issue's, its journal, texts and authors. */
export type ArticleRecord = Pick<
  ArticleTable,
  "journalId" | "id" | "publishedOn" | "issueId" | "type" | "language" | "doi" | "firstPage" | "lastPage" | "receivedOn" | "acceptedOn" | "pdfUrl"
> &
  Pick<IssueTable, "volume" | "number" | "year"> & {
    journal: Pick<JournalTextTable, "slug"> &
      Pick<JournalTable, "abbreviation" | "eIssn" | "printIssn" | "licence"> & { title: Record<Locale, string>; openAccess: boolean };
    text: Partial<Record<Locale, ArticleText>>;
    authors: Author[];
  };

/** The full records of the given articles, in the same order (an article no longer there is left out). */
export async function readArticleRecords(db: ContentDb, headers: ArticleHeader[]): Promise<ArticleRecord[]> {
  if (headers.length === 0) return [];
  const journalIds = [...new Set(headers.map((h) => h.journalId))];
  const [articles, texts, authorsOf, journals] = await Promise.all([
    db
      .selectFrom("article as a")
      .innerJoin("issue as i", (j) => j.onRef("i.journalId", "=", "a.journalId").onRef("i.id", "=", "a.issueId"))
      .where((eb) => eb.or(headers.map((h) => eb.and([eb("a.journalId", "=", h.journalId), eb("a.id", "=", h.id)]))))
      .select([
        "a.journalId",
        "a.id",
        "a.publishedOn",
        "a.issueId",
        "a.type",
        "a.language",
        "a.doi",
        "a.firstPage",
        "a.lastPage",
        "a.receivedOn",
        "a.acceptedOn",
        "a.pdfUrl",
        "i.volume",
        "i.number",
        "i.year",
      ])
      .execute(),
    db
      .selectFrom("articleText")
      .where((eb) => eb.or(headers.map((h) => eb.and([eb("journalId", "=", h.journalId), eb("articleId", "=", h.id)]))))
      .select(["journalId", "articleId", "locale", "title", "abstractHtml", "keywords"])
      .execute(),
    readAuthors(db, headers),
    db
      .selectFrom("journal as j")
      .innerJoin("journalText as t", "t.journalId", "j.id")
      .where("j.id", "in", journalIds)
      .select(["j.id", "t.locale", "t.slug", "t.title", "j.abbreviation", "j.eIssn", "j.printIssn", "j.licence", "j.openAccess"])
      .execute(),
  ]);
  const key = (journalId: string, articleId: string) => `${journalId}/${articleId}`;
  const byArticle = new Map(articles.map((a) => [key(a.journalId, a.id), a]));
  const textsOf = Map.groupBy(texts, (t) => key(t.journalId, t.articleId));
  const journalsById = Map.groupBy(journals, (j) => j.id);
  return headers.flatMap((h) => {
    const article = byArticle.get(key(h.journalId, h.id));
    const journalRows = journalsById.get(h.journalId) ?? [];
    const en = journalRows.find((j) => j.locale === "en") ?? journalRows[0];
    if (!article || !en) return [];
    const tr = journalRows.find((j) => j.locale === "tr");
    const text: ArticleRecord["text"] = {};
    for (const t of textsOf.get(key(h.journalId, h.id)) ?? []) {
      if (isLocale(t.locale)) text[t.locale] = { title: t.title, abstractHtml: t.abstractHtml, keywords: JSON.parse(t.keywords) as string[] };
    }
    return [
      {
        ...article,
        journal: {
          slug: en.slug,
          title: { en: en.title, tr: tr?.title ?? en.title },
          abbreviation: en.abbreviation,
          eIssn: en.eIssn,
          printIssn: en.printIssn,
          licence: en.licence,
          openAccess: en.openAccess === 1,
        },
        text,
        authors: authorsOf(h),
      },
    ];
  });
}
