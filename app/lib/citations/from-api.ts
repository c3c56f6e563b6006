/** Content API answers → citable works. */

import type { ArticleSummary, BookDetail, Issue, JournalSummary } from "../../../contract/api-types.ts";
import { plainText } from "../../../contract/plain-text.ts";
import type { Locale } from "../../../i18n/locales.ts";
import { messages } from "../../../i18n/messages/index.ts";
import { sentenceCase } from "./sentence-case.ts";
import { type CitableArticle, type CitableBook, fullTitle, personName } from "./work.ts";

/** A book as cited on a page in `locale`: its title there, and the publisher's name in that language. */
export function bookToWork(book: BookDetail, url: string | null, locale: Locale): CitableBook {
  const named = (role: "author" | "editor") => book.contributors.filter((c) => c.role === role).map(personName);
  const work: CitableBook = {
    type: "book",
    id: `book-${book.slug}`,
    title: book.title,
    subtitle: book.subtitle,
    authors: named("author"),
    editors: named("editor"),
    year: book.year,
    publisher: messages[locale].site.name,
    isbn: book.eIsbn ?? book.printIsbn,
    doi: book.doi,
    url: url ?? book.url,
    language: book.language,
  };
  return { ...work, sentenceTitle: sentenceCase(fullTitle(work), locale, plainText(book.descriptionHtml)) };
}

/**
 * An article as cited: `abstract` and `keywords` are in the language of the title it is given,
 * from which APA's sentence case learns its proper nouns.
 */
export function articleToWork(
  article: ArticleSummary,
  issue: Pick<Issue, "volume" | "number" | "year">,
  journal: Pick<JournalSummary, "slug" | "title" | "abbreviation" | "eIssn" | "printIssn">,
  url: string | null,
  { abstract = "", keywords = [], locale = article.language }: { abstract?: string; keywords?: string[]; locale?: Locale } = {},
): CitableArticle {
  return {
    type: "article",
    id: `article-${journal.slug}-${article.issueId}-${article.id}`,
    title: article.title,
    // Keywords are lower case but for names: after a "|", which ends no sentence, they count as the abstract's words.
    sentenceTitle: sentenceCase(article.title, locale, `${plainText(abstract)} | ${keywords.join(", ")}`),
    authors: article.authors.map(personName),
    year: issue.year,
    date: article.publishedOn,
    doi: article.doi,
    url,
    language: article.language,
    journal: { title: journal.title, abbreviation: journal.abbreviation, issn: journal.eIssn ?? journal.printIssn },
    volume: issue.volume,
    issue: issue.number,
    firstPage: article.firstPage,
    lastPage: article.lastPage,
  };
}
