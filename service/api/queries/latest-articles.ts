/** The newest articles, of the whole catalogue or of one journal: what the feeds and the home page list. */

import type { HomeArticle, LatestArticle, Locale } from "../../../contract/api-types.ts";
import { readAuthors } from "../../article-authors.ts";
import { noticeTypes } from "../../content/schema.ts";
import type { ContentDb } from "../../db/database.ts";
import { today } from "../../published.ts";
import { journalIdOf } from "./journals.ts";

/** How many articles a feed carries. */
const LATEST_ARTICLES = 20;

/** Which of the newest articles: of one journal (its slug in the locale), or works only (no notices, none withdrawn or retracted). */
interface NewestRequest {
  journalSlug?: string;
  worksOnly?: boolean;
}

/**
 * The `count` newest published articles, with their journal's slug and title in the locale, newest
 * first. They are chosen from the article table alone, in the order of its `articleByNewest` index,
 * which finds them without sorting the catalogue; only they are then joined to their texts (a join
 * before the limit lets the planner start from the journals and sort every article).
 */
function newest(db: ContentDb, locale: Locale, count: number, { journalSlug, worksOnly = false }: NewestRequest = {}) {
  let chosen = db.selectFrom("article").where("publishedOn", "<=", today());
  if (journalSlug !== undefined) chosen = chosen.where("journalId", "=", journalIdOf(db, locale, journalSlug));
  if (worksOnly) chosen = chosen.where("type", "not in", noticeTypes).where("status", "not in", ["withdrawn", "retracted"]);
  const articles = chosen
    .select(["journalId", "id", "issueId", "publishedOn", "language", "doi"])
    .orderBy("publishedOn", "desc")
    .orderBy("journalId")
    .orderBy("id")
    .limit(count);
  return db
    .selectFrom(articles.as("a"))
    .innerJoin("journalText as jt", (j) => j.onRef("jt.journalId", "=", "a.journalId").on("jt.locale", "=", locale))
    .select(["a.journalId", "a.id", "a.issueId", "a.publishedOn", "jt.slug as journalSlug", "jt.title as journalTitle"])
    .orderBy("a.publishedOn", "desc")
    .orderBy("a.journalId")
    .orderBy("a.id");
}

/** The newest articles of the catalogue, or of the journal whose slug in the locale is `journalSlug`. */
export async function latestArticles(db: ContentDb, locale: Locale, journalSlug?: string): Promise<LatestArticle[]> {
  const rows = await newest(db, locale, LATEST_ARTICLES, { journalSlug })
    .innerJoin("articleText as t", (j) => j.onRef("t.journalId", "=", "a.journalId").onRef("t.articleId", "=", "a.id").on("t.locale", "=", locale))
    .select(["a.doi", "t.title", "t.abstractHtml", "t.keywords"])
    .execute();
  const authorsOf = await readAuthors(db, rows);
  return rows.map((r) => ({
    id: r.id,
    issueId: r.issueId,
    journal: { slug: r.journalSlug, title: r.journalTitle },
    title: r.title,
    authors: authorsOf(r).map((a) => a.name),
    abstractHtml: r.abstractHtml,
    keywords: JSON.parse(r.keywords) as string[],
    doi: r.doi,
    publishedOn: r.publishedOn,
  }));
}

/**
 * The catalogue's `count` newest works, as the home page shows them: no notices, none withdrawn or
 * retracted, each with its titles in both languages. The other language's title is left out when
 * it is the article's own (a harvested record without a translation is given its own language's
 * title in both: content/README.md, "Harvesting").
 */
export async function newestWorks(db: ContentDb, locale: Locale, count: number): Promise<HomeArticle[]> {
  const rows = await newest(db, locale, count, { worksOnly: true })
    .innerJoin("articleText as en", (j) => j.onRef("en.journalId", "=", "a.journalId").onRef("en.articleId", "=", "a.id").on("en.locale", "=", "en"))
    .innerJoin("articleText as tr", (j) => j.onRef("tr.journalId", "=", "a.journalId").onRef("tr.articleId", "=", "a.id").on("tr.locale", "=", "tr"))
    .select(["a.language", "en.title as en", "tr.title as tr"])
    .execute();
  const authorsOf = await readAuthors(db, rows);
  return rows.map((r) => {
    const language = r.language as Locale;
    const other = language === "en" ? "tr" : "en";
    return {
      id: r.id,
      issueId: r.issueId,
      journal: { slug: r.journalSlug, title: r.journalTitle },
      language,
      titles: r[other] === r[language] ? { [language]: r[language] } : { en: r.en, tr: r.tr },
      authors: authorsOf(r).map((a) => a.name),
      publishedOn: r.publishedOn,
    };
  });
}
