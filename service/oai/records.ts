/**
 * What the OAI-PMH repository reads from the content database: the journals (its sets), and the
 * articles (its items) in a stable order, (datestamp, journal id, article id), paged by key (the
 * last key of a page is where the next starts) so that a harvest walks the 100 000-article
 * catalogue with an index (articleByDatestamp) instead of skipping ever more rows.
 *
 * An item's datestamp is its record's last change (`datestamp`: modifiedOn, or else publishedOn).
 * An article dated after today (today() at request time) is not published yet: it is in no list,
 * count or lookup until its date. A withdrawn article stays as its tombstone: its header says it
 * is deleted, and no metadata is read for it.
 *
 * A page of headers (ListIdentifiers) reads the index's columns and the article's date and status;
 * a page of records (ListRecords) reads the same page with the article's other columns and its
 * issue's, then, for the whole page in a few queries, its texts, authors, journals and relations
 * (both ways: the works a notice changes and the notices that change a work), and for a format
 * that carries them (JATS) its references and full text.
 */

import type { ArticleText, Author, Galley } from "../../contract/api-types.ts";
import { isLocale, type Locale } from "../../i18n/locales.ts";
import { galleysOf } from "../api/queries/article-record.ts";
import { type ArticleKey, readAuthors } from "../article-authors.ts";
import type { ReferenceEntry } from "../content/schema.ts";
import type { ContentDb } from "../db/database.ts";
import type { ArticleTable, IssueTable, JournalTable, JournalTextTable } from "../db/schema.ts";
import { today } from "../published.ts";

/** The selective-harvesting arguments: a set (`journal` or one journal's id), and inclusive days. */
export interface Selection {
  journalId?: string;
  from?: string;
  until?: string;
}

/** An article's position in the harvest order. */
export type HarvestPosition = [datestamp: string, journalId: string, articleId: string];

/** What an item's header shows: its identifier (journal and article id), its datestamp, its set and whether it is deleted (status). */
export type ArticleHeader = Pick<ArticleTable, "journalId" | "id" | "datestamp" | "status">;

/** The article's columns a record shows, with its issue's. */
export type ArticleRow = Pick<
  ArticleTable,
  | "journalId"
  | "id"
  | "datestamp"
  | "status"
  | "publishedOn"
  | "modifiedOn"
  | "issueId"
  | "type"
  | "language"
  | "doi"
  | "firstPage"
  | "lastPage"
  | "receivedOn"
  | "acceptedOn"
  | "licenceName"
  | "licenceUrl"
  | "copyrightHolder"
  | "copyrightYear"
  | "funding"
  | "galleys"
  | "versions"
> &
  Pick<IssueTable, "volume" | "number" | "year"> & { issuePublishedOn: string };

/** A withdrawn article is answered as a deleted record. */
export const isDeleted = (article: Pick<ArticleTable, "status">) => article.status === "withdrawn";

/** A funder of the work, with its Funder Registry DOI or ROR URL when known, and its awards. */
export interface Funding {
  funder: string;
  funderId?: string;
  awards: string[];
}

/**
 * A notice and the work it changes, seen from this article: as the notice ("notice", the work it
 * names) or as the work ("work", a notice that names it). The other article is in the same
 * journal (`article`), or known only by its DOI.
 */
export interface Relation {
  type: "corrects" | "retracts" | "concerns";
  side: "notice" | "work";
  article: { issueId: string; id: string } | null;
  doi: string | null;
}

/** A work the article cites: the text as printed, its DOI and URL where known, and its parts (referencesFile's other fields). */
export interface CitedWork {
  id: string;
  text: string;
  doi: string | null;
  url: string | null;
  parts: Omit<ReferenceEntry, "id" | "text" | "doi" | "url">;
}

/** A change to the record after publication, described in both languages. */
export type Version = { date: string } & Record<Locale, string>;

/** Everything a record's metadata says about one article. */
export interface ArticleRecord extends Omit<ArticleRow, "funding" | "galleys" | "versions"> {
  journal: Pick<JournalTextTable, "slug"> &
    Pick<JournalTable, "abbreviation" | "eIssn" | "printIssn" | "licence"> & { title: Record<Locale, string>; openAccess: boolean };
  text: Partial<Record<Locale, ArticleText>>;
  authors: Author[];
  funding: Funding[];
  /** The galleys: the site serves each of its own at `{landing page}/{article id}.{kind}`; one at the journal system has its `url`. */
  galleys: Pick<Galley, "kind" | "url">[];
  relations: Relation[];
  versions: Version[];
  /** The issue's special title per language, when it has one. */
  issueTitle: Partial<Record<Locale, string>>;
  /** The reference list in printed order (read only for a format that carries it). */
  references: CitedWork[];
  /** The full text as a JATS `<body>`, figures relative to the landing page (read only for a format that carries it). */
  body: string | null;
}

/** What a format writes besides the front matter: the references and the full text. */
export interface RecordParts {
  back: boolean;
}

const fromArticles = (db: ContentDb) => db.selectFrom("article as a");
type ArticleQuery = ReturnType<typeof fromArticles>;

/** The published articles (dated today or earlier, today read now), of the selection. */
function selectArticles(db: ContentDb, { journalId, from, until }: Selection): ArticleQuery {
  let query = fromArticles(db).where("a.publishedOn", "<=", today());
  if (journalId !== undefined) query = query.where("a.journalId", "=", journalId);
  if (from !== undefined) query = query.where("a.datestamp", ">=", from);
  if (until !== undefined) query = query.where("a.datestamp", "<=", until);
  return query;
}

/** Up to `limit` articles after `after` (from the start without it), in harvest order. */
function inHarvestOrder(query: ArticleQuery, after: HarvestPosition | undefined, limit: number): ArticleQuery {
  if (after) query = query.where(({ eb, refTuple, tuple }) => eb(refTuple("a.datestamp", "a.journalId", "a.id"), ">", tuple(...after)));
  return query.orderBy("a.datestamp").orderBy("a.journalId").orderBy("a.id").limit(limit);
}

const selectHeaders = (query: ArticleQuery) => query.select(["a.journalId", "a.id", "a.datestamp", "a.status"]);

/** The articles joined to their issues, with the columns of ArticleRow (an article whose issue is missing is left out). */
const selectRows = (query: ArticleQuery) =>
  query
    .innerJoin("issue as i", (j) => j.onRef("i.journalId", "=", "a.journalId").onRef("i.id", "=", "a.issueId"))
    .select([
      "a.journalId",
      "a.id",
      "a.datestamp",
      "a.status",
      "a.publishedOn",
      "a.modifiedOn",
      "a.issueId",
      "a.type",
      "a.language",
      "a.doi",
      "a.firstPage",
      "a.lastPage",
      "a.receivedOn",
      "a.acceptedOn",
      "a.licenceName",
      "a.licenceUrl",
      "a.copyrightHolder",
      "a.copyrightYear",
      "a.funding",
      "a.galleys",
      "a.versions",
      "i.volume",
      "i.number",
      "i.year",
      "i.publishedOn as issuePublishedOn",
    ]);

export async function countArticles(db: ContentDb, selection: Selection): Promise<number> {
  const { count } = await selectArticles(db, selection)
    .select((eb) => eb.fn.countAll().as("count"))
    .executeTakeFirstOrThrow();
  return Number(count);
}

/** The query of up to `limit` articles' headers after `after` (from the start without it), in harvest order, by the datestamp index. */
export const pageQuery = (db: ContentDb, selection: Selection, after: HarvestPosition | undefined, limit: number) =>
  selectHeaders(inHarvestOrder(selectArticles(db, selection), after, limit));

/** A page of headers (ListIdentifiers; and Identify's first article, which has the earliest datestamp). */
export const pageOfHeaders = (db: ContentDb, selection: Selection, after: HarvestPosition | undefined, limit: number): Promise<ArticleHeader[]> =>
  pageQuery(db, selection, after, limit).execute();

/** The same page as pageOfHeaders, each article with its issue and the columns its record shows (ListRecords). */
export const pageOfRows = (db: ContentDb, selection: Selection, after: HarvestPosition | undefined, limit: number): Promise<ArticleRow[]> =>
  selectRows(inHarvestOrder(selectArticles(db, selection), after, limit)).execute();

export const positionOf = (article: ArticleHeader): HarvestPosition => [article.datestamp, article.journalId, article.id];

const byKey = (db: ContentDb, { journalId, id }: ArticleKey) => selectArticles(db, {}).where("a.journalId", "=", journalId).where("a.id", "=", id);

/** One published article's header, or undefined when there is no such article (or not yet). */
export const findArticleHeader = (db: ContentDb, article: ArticleKey): Promise<ArticleHeader | undefined> =>
  selectHeaders(byKey(db, article)).executeTakeFirst();

/** One published article's row with its issue's columns (GetRecord), or undefined when there is no such article (or issue, or not yet). */
export const findArticleRow = (db: ContentDb, article: ArticleKey): Promise<ArticleRow | undefined> =>
  selectRows(byKey(db, article)).executeTakeFirst();

/** Every journal's English title (its set's name), by id. */
export async function listJournalTitles(db: ContentDb): Promise<{ journalId: string; title: string }[]> {
  return db.selectFrom("journalText").where("locale", "=", "en").select(["journalId", "title"]).orderBy("journalId").execute();
}

const key = (journalId: string, articleId: string) => `${journalId}/${articleId}`;

/** The articles' ids by journal: a page's rows of another table are read with one `in` list per journal. */
const idsByJournal = (articles: readonly ArticleKey[]) =>
  [...Map.groupBy(articles, (a) => a.journalId)].map(([journalId, list]) => ({ journalId, ids: list.map((a) => a.id) }));

/** The relations of the articles, both ways, in one query each way; a notice not yet published is not named. */
async function readRelations(db: ContentDb, articles: readonly ArticleKey[]): Promise<(article: ArticleKey) => Relation[]> {
  const groups = idsByJournal(articles);
  const day = today();
  const withArticle = (side: "notice" | "work") =>
    db
      .selectFrom("articleRelation as r")
      .leftJoin("article as a", (j) =>
        j.onRef("a.journalId", "=", "r.journalId").onRef("a.id", "=", side === "notice" ? "r.targetArticleId" : "r.articleId"),
      )
      .where((eb) =>
        eb.or(
          groups.map((g) => eb.and([eb("r.journalId", "=", g.journalId), eb(side === "notice" ? "r.articleId" : "r.targetArticleId", "in", g.ids)])),
        ),
      )
      .select(["r.journalId", "r.articleId", "r.targetArticleId", "r.type", "r.targetDoi", "a.id", "a.issueId", "a.doi", "a.publishedOn"])
      .orderBy("r.journalId")
      .orderBy("r.articleId")
      .orderBy("r.position")
      .execute();
  const [asNotice, asWork] = await Promise.all([withArticle("notice"), withArticle("work")]);
  const relation =
    (side: Relation["side"]) =>
    (row: (typeof asNotice)[number]): Relation => {
      const published = row.id && row.issueId && row.publishedOn && row.publishedOn <= day ? { issueId: row.issueId, id: row.id } : null;
      return { type: row.type as Relation["type"], side, article: published, doi: row.targetDoi ?? (published ? row.doi : null) };
    };
  const bySource = Map.groupBy(asNotice, (r) => key(r.journalId, r.articleId));
  const byTarget = Map.groupBy(asWork, (r) => key(r.journalId, r.targetArticleId ?? ""));
  return (article) => [
    ...(bySource.get(key(article.journalId, article.id)) ?? []).map(relation("notice")).filter((r) => r.article !== null || r.doi !== null),
    ...(byTarget.get(key(article.journalId, article.id)) ?? []).map(relation("work")).filter((r) => r.article !== null),
  ];
}

/** The reference lists and full texts of the articles, in one query each. */
async function readBack(db: ContentDb, articles: readonly ArticleKey[]) {
  const groups = idsByJournal(articles);
  const [references, fullTexts] = await Promise.all([
    db
      .selectFrom("articleReference")
      .where((eb) => eb.or(groups.map((g) => eb.and([eb("journalId", "=", g.journalId), eb("articleId", "in", g.ids)]))))
      .select(["journalId", "articleId", "refId", "text", "doi", "url", "parts"])
      .orderBy("journalId")
      .orderBy("articleId")
      .orderBy("position")
      .execute(),
    db
      .selectFrom("articleFullText")
      .where((eb) => eb.or(groups.map((g) => eb.and([eb("journalId", "=", g.journalId), eb("articleId", "in", g.ids)]))))
      .select(["journalId", "articleId", "jats"])
      .execute(),
  ]);
  const referencesOf = Map.groupBy(references, (r) => key(r.journalId, r.articleId));
  const bodies = new Map(fullTexts.map((t) => [key(t.journalId, t.articleId), t.jats]));
  return (article: ArticleKey) => ({
    references: (referencesOf.get(key(article.journalId, article.id)) ?? []).map(({ refId, text, doi, url, parts }) => ({
      id: refId,
      text,
      doi,
      url,
      parts: JSON.parse(parts) as CitedWork["parts"],
    })),
    body: bodies.get(key(article.journalId, article.id)) ?? null,
  });
}

/**
 * The full records of the given article rows (none of them deleted), in the same order: their
 * texts, authors, journals and relations are read here, and their references and full texts when
 * `parts.back` (an article whose journal has no text is left out).
 */
export async function readArticleRecords(db: ContentDb, articles: ArticleRow[], parts: RecordParts): Promise<ArticleRecord[]> {
  if (articles.length === 0) return [];
  const groups = idsByJournal(articles);
  const [texts, authorsOf, journals, relationsOf, backOf, issueTexts] = await Promise.all([
    db
      .selectFrom("articleText")
      .where((eb) => eb.or(groups.map((g) => eb.and([eb("journalId", "=", g.journalId), eb("articleId", "in", g.ids)]))))
      .select(["journalId", "articleId", "locale", "title", "abstractHtml", "keywords"])
      .execute(),
    readAuthors(db, articles),
    db
      .selectFrom("journal as j")
      .innerJoin("journalText as t", "t.journalId", "j.id")
      .where(
        "j.id",
        "in",
        groups.map((g) => g.journalId),
      )
      .select(["j.id", "t.locale", "t.slug", "t.title", "j.abbreviation", "j.eIssn", "j.printIssn", "j.licence", "j.openAccess"])
      .execute(),
    readRelations(db, articles),
    parts.back ? readBack(db, articles) : undefined,
    db
      .selectFrom("issueText")
      .where((eb) =>
        eb.or(
          [...Map.groupBy(articles, (a) => a.journalId)].map(([journalId, list]) =>
            eb.and([eb("journalId", "=", journalId), eb("issueId", "in", [...new Set(list.map((a) => a.issueId))])]),
          ),
        ),
      )
      .select(["journalId", "issueId", "locale", "specialTitle"])
      .execute(),
  ]);
  const issueTitlesOf = Map.groupBy(issueTexts, (t) => key(t.journalId, t.issueId));
  const textsOf = Map.groupBy(texts, (t) => key(t.journalId, t.articleId));
  const journalsById = Map.groupBy(journals, (j) => j.id);
  return articles.flatMap(({ funding, galleys, versions, ...article }) => {
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
        funding: JSON.parse(funding) as Funding[],
        galleys: galleysOf(galleys),
        relations: relationsOf(article),
        versions: JSON.parse(versions) as Version[],
        issueTitle: Object.fromEntries(
          (issueTitlesOf.get(key(article.journalId, article.issueId)) ?? []).filter((t) => isLocale(t.locale)).map((t) => [t.locale, t.specialTitle]),
        ),
        ...(backOf?.(article) ?? { references: [], body: null }),
      },
    ];
  });
}
