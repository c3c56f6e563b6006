/** The newest articles, of the whole catalogue or of one journal: what the feeds list. */

import type { LatestArticle, Locale } from "../../../contract/api-types.ts";
import { readAuthors } from "../../article-authors.ts";
import { sanitizeRichText } from "../../content/markdown.ts";
import type { ContentDb } from "../../db/database.ts";
import { today } from "../../published.ts";
import { journalIdOf } from "./journals.ts";

/** How many articles a feed carries. */
const LATEST_ARTICLES = 20;

/** The newest articles of the catalogue, or of the journal whose slug in the locale is `journalSlug`. */
export async function latestArticles(db: ContentDb, locale: Locale, journalSlug?: string): Promise<LatestArticle[]> {
  let newest = db
    .selectFrom("article as a")
    .innerJoin("articleText as t", (j) => j.onRef("t.journalId", "=", "a.journalId").onRef("t.articleId", "=", "a.id").on("t.locale", "=", locale))
    .innerJoin("journalText as jt", (j) => j.onRef("jt.journalId", "=", "a.journalId").on("jt.locale", "=", locale));
  newest = newest.where("a.publishedOn", "<=", today());
  if (journalSlug !== undefined) newest = newest.where("a.journalId", "=", journalIdOf(db, locale, journalSlug));
  const rows = await newest
    .select([
      "a.journalId",
      "a.id",
      "a.issueId",
      "a.doi",
      "a.publishedOn",
      "t.title",
      "t.abstractHtml",
      "t.keywords",
      "jt.slug as journalSlug",
      "jt.title as journalTitle",
    ])
    .orderBy("a.publishedOn", "desc")
    .orderBy("a.journalId")
    .orderBy("a.id")
    .limit(LATEST_ARTICLES)
    .execute();
  const authorsOf = await readAuthors(db, rows);
  return rows.map((r) => ({
    id: r.id,
    issueId: r.issueId,
    journal: { slug: r.journalSlug, title: r.journalTitle },
    title: r.title,
    authors: authorsOf(r).map((a) => a.name),
    abstractHtml: sanitizeRichText(r.abstractHtml),
    keywords: JSON.parse(r.keywords) as string[],
    doi: r.doi,
    publishedOn: r.publishedOn,
  }));
}
