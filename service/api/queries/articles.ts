import type { ArticleDetail, ArticleText, Locale } from "../../../contract/api-types.ts";
import { readAuthors } from "../../article-authors.ts";
import { sanitizeRichText } from "../../content/markdown.ts";
import type { ContentDb } from "../../db/database.ts";
import { alternatesOf } from "./alternates.ts";
import { listIssues } from "./journals.ts";

/**
 * One article of one issue with everything its landing page shows: both locales' title,
 * abstract and keywords, its issue, and the journal's names, ISSNs and licence.
 */
export async function findArticle(
  db: ContentDb,
  locale: Locale,
  journalSlug: string,
  issueId: string,
  articleId: string,
): Promise<ArticleDetail | undefined> {
  // The journal's slug finds the article in the same statement that reads the journal's names.
  const found = await db
    .selectFrom("journalText as jt")
    .innerJoin("journal as j", "j.id", "jt.journalId")
    .innerJoin("article as a", "a.journalId", "j.id")
    .where("jt.locale", "=", locale)
    .where("jt.slug", "=", journalSlug)
    .where("a.issueId", "=", issueId)
    .where("a.id", "=", articleId)
    .select([
      "a.journalId",
      "a.id",
      "a.issueId",
      "a.type",
      "a.language",
      "a.doi",
      "a.firstPage",
      "a.lastPage",
      "a.receivedOn",
      "a.acceptedOn",
      "a.publishedOn",
      "a.views",
      "a.fullTextUrl",
      "a.pdfUrl",
      "jt.slug",
      "jt.title as journalTitle",
      "j.abbreviation",
      "j.eIssn",
      "j.printIssn",
      "j.licence",
    ])
    .executeTakeFirst();
  if (!found) return undefined;
  const { journalId, slug, journalTitle, abbreviation, eIssn, printIssn, licence, ...row } = found;
  const journal = { slug, title: journalTitle, abbreviation, eIssn, printIssn, licence };
  const [texts, authorsOf, [issue], alternates] = await Promise.all([
    db
      .selectFrom("articleText")
      .where("journalId", "=", journalId)
      .where("articleId", "=", articleId)
      .select(["locale", "title", "abstractHtml", "keywords"])
      .execute(),
    readAuthors(db, [{ journalId, id: articleId }]),
    listIssues(db, locale, journalSlug, issueId),
    alternatesOf(db.selectFrom("journalText").where("journalId", "=", journalId)),
  ]);
  // The importer writes every article's text in both locales.
  const text = Object.fromEntries(
    texts.map((t): [string, ArticleText] => [
      t.locale,
      { title: t.title, abstractHtml: sanitizeRichText(t.abstractHtml), keywords: JSON.parse(t.keywords) as string[] },
    ]),
  ) as Record<Locale, ArticleText>;
  return {
    ...row,
    language: row.language as Locale,
    title: text[locale].title,
    authors: authorsOf({ journalId, id: articleId }),
    text,
    issue,
    journal,
    alternates,
  };
}
