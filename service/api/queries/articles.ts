import type { ArticleDetail, ArticleText, Locale } from "../../../contract/api-types.ts";
import { licenceUrl as ccLicenceUrl } from "../../../contract/licence.ts";
import { otherLocale } from "../../../i18n/locales.ts";
import { readAuthors } from "../../article-authors.ts";
import type { ContentDb } from "../../db/database.ts";
import { today } from "../../published.ts";
import { counted, countingSince } from "../../usage/read.ts";
import { alternatesOf } from "./alternates.ts";
import { galleysOf, readFullText, readReferences, readRelations, relatedArticles, titleLanguage } from "./article-record.ts";
import { listIssues } from "./journals.ts";

/**
 * One published article of one issue with everything its landing page shows: both locales'
 * title, abstract and keywords, its people, rights, funding, lifecycle, references and full
 * text, its issue, and the journal's names, ISSNs and licence.
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
    .where("a.publishedOn", "<=", today())
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
      counted("a", "investigation").as("views"),
      counted("a", "download").as("downloads"),
      "a.status",
      "a.modifiedOn",
      "a.licenceName",
      "a.licenceUrl",
      "a.copyrightHolder",
      "a.copyrightYear",
      "a.funding",
      "a.versions",
      "a.galleys",
      "jt.slug",
      "jt.title as journalTitle",
      "j.abbreviation",
      "j.eIssn",
      "j.printIssn",
      "j.licence",
    ])
    .executeTakeFirst();
  if (!found) return undefined;
  const { journalId, slug, journalTitle, abbreviation, eIssn, printIssn, licence, licenceName, licenceUrl, copyrightHolder, copyrightYear, ...row } =
    found;
  const journal = { id: journalId, slug, title: journalTitle, abbreviation, eIssn, printIssn, licence };
  const key = { journalId, id: articleId };
  const [texts, authorsOf, [issue], alternates, references, fullText, relations, related, journalTitles, since] = await Promise.all([
    db
      .selectFrom("articleText")
      .where("journalId", "=", journalId)
      .where("articleId", "=", articleId)
      .select(["locale", "title", "abstractHtml", "keywords"])
      .execute(),
    readAuthors(db, [{ journalId, id: articleId }]),
    listIssues(db, locale, journalSlug, issueId),
    alternatesOf(db.selectFrom("journalText").where("journalId", "=", journalId)),
    readReferences(db, key),
    readFullText(db, key),
    readRelations(db, locale, key),
    relatedArticles(db, locale, { ...key, issueId }),
    db.selectFrom("journalText").where("journalId", "=", journalId).select(["locale", "title"]).execute(),
    countingSince(db),
  ]);
  // The importer writes every article's text in both locales.
  const text = Object.fromEntries(
    texts.map((t): [string, ArticleText] => [
      t.locale,
      { title: t.title, abstractHtml: t.abstractHtml, keywords: JSON.parse(t.keywords) as string[] },
    ]),
  ) as Record<Locale, ArticleText>;
  const countedFrom = since ?? today();
  return {
    ...row,
    views: Number(row.views),
    downloads: Number(row.downloads),
    countedSince: countedFrom > row.publishedOn ? countedFrom : row.publishedOn,
    language: row.language as Locale,
    status: row.status as ArticleDetail["status"],
    galleys: galleysOf(row.galleys),
    versions: (JSON.parse(row.versions) as ({ date: string } & Record<Locale, string>)[]).map((v) => ({ date: v.date, note: v[locale] })),
    funding: JSON.parse(row.funding) as ArticleDetail["funding"],
    licence: licenceName
      ? { name: licenceName, url: licenceUrl ?? ccLicenceUrl(licenceName) }
      : licence
        ? { name: licence, url: ccLicenceUrl(licence) }
        : null,
    copyright: copyrightHolder && copyrightYear ? { holder: copyrightHolder, year: copyrightYear } : null,
    references,
    fullText,
    relations,
    related,
    title: text[locale].title,
    titleLanguage: titleLanguage(locale, text[locale].title, text[otherLocale(locale)].title, row.language as Locale),
    authors: authorsOf(key),
    text,
    issue,
    journal: { ...journal, titles: Object.fromEntries(journalTitles.map((j) => [j.locale, j.title])) as Record<Locale, string> },
    alternates,
  };
}
