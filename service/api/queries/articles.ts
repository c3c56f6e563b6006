import type { ArticleDetail, ArticleText, Locale } from "../../../contract/api-types.ts";
import { sanitizeRichText } from "../../content/markdown.ts";
import type { ContentDb } from "../../db/database.ts";
import { alternatesOf } from "./alternates.ts";
import { readAuthors } from "./article-authors.ts";
import { listIssues } from "./journals.ts";

/**
 * One article of one issue with everything its landing page shows: both locales' title,
 * abstract and keywords, its issue, and the journal's names, ISSNs and licence.
 */
export async function findArticle(
  db: ContentDb,
  locale: Locale,
  journalId: string,
  issueId: string,
  articleId: string,
): Promise<ArticleDetail | undefined> {
  const row = await db
    .selectFrom("article")
    .where("journalId", "=", journalId)
    .where("issueId", "=", issueId)
    .where("id", "=", articleId)
    .select([
      "id",
      "issueId",
      "type",
      "language",
      "doi",
      "firstPage",
      "lastPage",
      "receivedOn",
      "acceptedOn",
      "publishedOn",
      "views",
      "fullTextUrl",
      "pdfUrl",
    ])
    .executeTakeFirst();
  if (!row) return undefined;
  const [texts, authorsOf, [issue], journal, alternates] = await Promise.all([
    db
      .selectFrom("articleText")
      .where("journalId", "=", journalId)
      .where("articleId", "=", articleId)
      .select(["locale", "title", "abstractHtml", "keywords"])
      .execute(),
    readAuthors(db, [{ journalId, id: articleId }]),
    listIssues(db, locale, journalId, issueId),
    db
      .selectFrom("journal as j")
      .innerJoin("journalText as t", "t.journalId", "j.id")
      .where("j.id", "=", journalId)
      .where("t.locale", "=", locale)
      .select(["t.slug", "t.title", "j.abbreviation", "j.eIssn", "j.printIssn", "j.licence"])
      .executeTakeFirstOrThrow(),
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
