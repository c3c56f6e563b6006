/**
 * What the OAI-PMH repository reads from the content database: the journals (its sets), and the
 * articles (its items) in a stable order, (published date, journal id, article id), paged by key
 * (the last key of a page is where the next starts) so that a harvest walks the 100 000-article
 * catalogue with an index (articleByDate) instead of skipping ever more rows.
 *
 * A page of headers (ListIdentifiers) reads only the index's columns; a page of records
 * (ListRecords) reads the same page with the article's other columns and its issue's, then its
 * texts, authors and journals.
 */

import type { ArticleText, Author } from "../../contract/api-types.ts";
import { isLocale, type Locale } from "../../i18n/locales.ts";
import { type ArticleKey, readAuthors } from "../article-authors.ts";
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

/** The article's columns a record shows, with its issue's. */
export type ArticleRow = Pick<
  ArticleTable,
  "journalId" | "id" | "publishedOn" | "issueId" | "type" | "language" | "doi" | "firstPage" | "lastPage" | "receivedOn" | "acceptedOn" | "pdfUrl"
> &
  Pick<IssueTable, "volume" | "number" | "year">;

/** Everything a record's metadata says about one article. */
export interface ArticleRecord extends ArticleRow {
  journal: Pick<JournalTextTable, "slug"> &
    Pick<JournalTable, "abbreviation" | "eIssn" | "printIssn" | "licence"> & { title: Record<Locale, string>; openAccess: boolean };
  text: Partial<Record<Locale, ArticleText>>;
  authors: Author[];
}

const fromArticles = (db: ContentDb) => db.selectFrom("article as a");
type ArticleQuery = ReturnType<typeof fromArticles>;

function selectArticles(db: ContentDb, { journalId, from, until }: Selection): ArticleQuery {
  let query = fromArticles(db);
  if (journalId !== undefined) query = query.where("a.journalId", "=", journalId);
  if (from !== undefined) query = query.where("a.publishedOn", ">=", from);
  if (until !== undefined) query = query.where("a.publishedOn", "<=", until);
  return query;
}

/** Up to `limit` articles after `after` (from the start without it), in harvest order. */
function inHarvestOrder(query: ArticleQuery, after: HarvestPosition | undefined, limit: number): ArticleQuery {
  if (after) query = query.where(({ eb, refTuple, tuple }) => eb(refTuple("a.publishedOn", "a.journalId", "a.id"), ">", tuple(...after)));
  return query.orderBy("a.publishedOn").orderBy("a.journalId").orderBy("a.id").limit(limit);
}

const selectHeaders = (query: ArticleQuery) => query.select(["a.journalId", "a.id", "a.publishedOn"]);

/** The articles joined to their issues, with the columns of ArticleRow (an article whose issue is missing is left out). */
const selectRows = (query: ArticleQuery) =>
  query
    .innerJoin("issue as i", (j) => j.onRef("i.journalId", "=", "a.journalId").onRef("i.id", "=", "a.issueId"))
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
    ]);

export async function countArticles(db: ContentDb, selection: Selection): Promise<number> {
  const { count } = await selectArticles(db, selection)
    .select((eb) => eb.fn.countAll().as("count"))
    .executeTakeFirstOrThrow();
  return Number(count);
}

/** The query of up to `limit` articles' headers after `after` (from the start without it), in harvest order: the date index's columns only. */
export const pageQuery = (db: ContentDb, selection: Selection, after: HarvestPosition | undefined, limit: number) =>
  selectHeaders(inHarvestOrder(selectArticles(db, selection), after, limit));

/** A page of headers (ListIdentifiers; and Identify's first article, which has the earliest datestamp). */
export const pageOfHeaders = (db: ContentDb, selection: Selection, after: HarvestPosition | undefined, limit: number): Promise<ArticleHeader[]> =>
  pageQuery(db, selection, after, limit).execute();

/** The same page as pageOfHeaders, each article with its issue and the columns its record shows (ListRecords). */
export const pageOfRows = (db: ContentDb, selection: Selection, after: HarvestPosition | undefined, limit: number): Promise<ArticleRow[]> =>
  selectRows(inHarvestOrder(selectArticles(db, selection), after, limit)).execute();

export const positionOf = (article: ArticleHeader): HarvestPosition => [article.publishedOn, article.journalId, article.id];

const byKey = (query: ArticleQuery, { journalId, id }: ArticleKey) => query.where("a.journalId", "=", journalId).where("a.id", "=", id);

/** One article's header, or undefined when there is no such article. */
export const findArticleHeader = (db: ContentDb, article: ArticleKey): Promise<ArticleHeader | undefined> =>
  selectHeaders(byKey(fromArticles(db), article)).executeTakeFirst();

/** One article's row with its issue's columns (GetRecord), or undefined when there is no such article (or issue). */
export const findArticleRow = (db: ContentDb, article: ArticleKey): Promise<ArticleRow | undefined> =>
  selectRows(byKey(fromArticles(db), article)).executeTakeFirst();

/** Every journal's English title (its set's name), by id. */
export async function listJournalTitles(db: ContentDb): Promise<{ journalId: string; title: string }[]> {
  return db.selectFrom("journalText").where("locale", "=", "en").select(["journalId", "title"]).orderBy("journalId").execute();
}

/**
 * The full records of the given article rows, in the same order: their texts, authors and
 * journals are read here (an article whose journal has no text is left out).
 */
export async function readArticleRecords(db: ContentDb, articles: ArticleRow[]): Promise<ArticleRecord[]> {
  if (articles.length === 0) return [];
  const journalIds = [...new Set(articles.map((a) => a.journalId))];
  const [texts, authorsOf, journals] = await Promise.all([
    db
      .selectFrom("articleText")
      .where((eb) => eb.or(articles.map((a) => eb.and([eb("journalId", "=", a.journalId), eb("articleId", "=", a.id)]))))
      .select(["journalId", "articleId", "locale", "title", "abstractHtml", "keywords"])
      .execute(),
    readAuthors(db, articles),
    db
      .selectFrom("journal as j")
      .innerJoin("journalText as t", "t.journalId", "j.id")
      .where("j.id", "in", journalIds)
      .select(["j.id", "t.locale", "t.slug", "t.title", "j.abbreviation", "j.eIssn", "j.printIssn", "j.licence", "j.openAccess"])
      .execute(),
  ]);
  const key = (journalId: string, articleId: string) => `${journalId}/${articleId}`;
  const textsOf = Map.groupBy(texts, (t) => key(t.journalId, t.articleId));
  const journalsById = Map.groupBy(journals, (j) => j.id);
  return articles.flatMap((article) => {
    const journalRows = journalsById.get(article.journalId) ?? [];
    const en = journalRows.find((j) => j.locale === "en") ?? journalRows[0];
    if (!en) return [];
    const tr = journalRows.find((j) => j.locale === "tr");
    const text: ArticleRecord["text"] = {};
    for (const t of textsOf.get(key(article.journalId, article.id)) ?? []) {
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
        authors: authorsOf(article),
      },
    ];
  });
}
