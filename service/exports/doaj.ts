/**
 * A journal's articles in DOAJ's article XML (doajArticles.xsd 1.3, xsd/doaj), the file a publisher
 * uploads to DOAJ. Pure: the landing pages and the publisher's name come in as arguments. Per
 * record, in the schema's order: the language (ISO 639-2/B), publisher, journal, ISSNs, date,
 * volume, issue, pages, DOI, our id, type, the titles (the article's language first: DOAJ shows
 * one), the authors with their affiliations and ORCID iDs, the abstracts, the landing page as the
 * full text (HTML) and the keywords per language.
 */

import type { ArticleDetail, JournalDetail, Locale, Person } from "../../contract/api-types.ts";
import { orcidUrl } from "../../contract/identifiers.ts";
import { plainParagraphs } from "../../contract/plain-text.ts";
import { element, text } from "../xml.ts";

/** ISO 639-2/B, the language codes DOAJ takes. */
const LANGUAGE: Record<Locale, string> = { en: "eng", tr: "tur" };

export type DoajJournal = Pick<JournalDetail, "title" | "eIssn" | "printIssn">;

export type DoajArticle = Pick<ArticleDetail, "id" | "type" | "language" | "doi" | "firstPage" | "lastPage" | "publishedOn" | "text"> & {
  authors: (Person & { email?: string | null })[];
  issue: Pick<ArticleDetail["issue"], "volume" | "number">;
};

export interface DoajOptions {
  /** The publisher's name. */
  publisher: string;
  /** The article's landing page (an absolute URL), where its full text is read. */
  landingPage: (article: DoajArticle) => string;
  /**
   * Whether the corresponding author's email goes in. DOAJ asks publishers not to send it (it
   * neither needs nor shows it, and it is personal data), so it is left out unless asked for.
   */
  withEmails?: boolean;
}

/** The article's languages, its own first. */
const languagesOf = (article: DoajArticle): Locale[] => (article.language === "tr" ? ["tr", "en"] : ["en", "tr"]);

function record(journal: DoajJournal, article: DoajArticle, { publisher, landingPage, withEmails }: DoajOptions) {
  const languages = languagesOf(article);
  // Each distinct affiliation once, numbered in the order the authors name them.
  const affiliations: string[] = [];
  const affiliationId = (name: string) => {
    if (!affiliations.includes(name)) affiliations.push(name);
    return String(affiliations.indexOf(name) + 1);
  };
  const authors = article.authors.map((author) =>
    element("author", [
      text("name", author.name),
      ...(withEmails && author.email ? [text("email", author.email)] : []),
      ...author.affiliations.map((affiliation) => text("affiliationId", affiliationId(affiliation.name))),
      ...(author.orcid ? [text("orcid_id", orcidUrl(author.orcid))] : []),
    ]),
  );
  return element("record", [
    text("language", LANGUAGE[article.language]),
    text("publisher", publisher),
    text("journalTitle", journal.title),
    ...(journal.printIssn ? [text("issn", journal.printIssn)] : []),
    text("eissn", journal.eIssn),
    text("publicationDate", article.publishedOn),
    text("volume", String(article.issue.volume)),
    text("issue", String(article.issue.number)),
    ...(article.firstPage === null ? [] : [text("startPage", String(article.firstPage))]),
    ...(article.lastPage === null ? [] : [text("endPage", String(article.lastPage))]),
    ...(article.doi ? [text("doi", article.doi)] : []),
    text("publisherRecordId", article.id),
    text("documentType", article.type),
    ...languages.flatMap((lang) => (article.text[lang]?.title ? [text("title", article.text[lang].title, { language: LANGUAGE[lang] })] : [])),
    ...(authors.length > 0 ? [element("authors", authors)] : []),
    ...(affiliations.length > 0
      ? [
          element(
            "affiliationsList",
            affiliations.map((name, index) => text("affiliationName", name, { affiliationId: String(index + 1) })),
          ),
        ]
      : []),
    ...languages.flatMap((lang) => {
      const abstract = plainParagraphs(article.text[lang]?.abstractHtml ?? "");
      return abstract ? [text("abstract", abstract, { language: LANGUAGE[lang] })] : [];
    }),
    text("fullTextUrl", landingPage(article), { format: "html" }),
    ...languages.flatMap((lang) => {
      const keywords = article.text[lang]?.keywords ?? [];
      return keywords.length > 0
        ? [
            element(
              "keywords",
              keywords.map((keyword) => text("keyword", keyword)),
              { language: LANGUAGE[lang] },
            ),
          ]
        : [];
    }),
  ]);
}

/** The DOAJ article file of a journal's articles (one record each, in the order given). */
export function doajArticles(journal: DoajJournal, articles: DoajArticle[], options: DoajOptions): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n${element(
    "records",
    articles.map((article) => record(journal, article, options)),
  )}`;
}
