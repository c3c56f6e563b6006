/** Content API answers → citable works. */

import type { ArticleSummary, BookDetail, Issue, JournalSummary } from "../../../contract/api-types.ts";
import type { Locale } from "../../../i18n/locales.ts";
import { messages } from "../../../i18n/messages/index.ts";
import { type CitableArticle, type CitableBook, splitName } from "./work.ts";

/** A book as cited on a page in `locale`: its title there, and the publisher's name in that language. */
export function bookToWork(book: BookDetail, url: string | null, locale: Locale): CitableBook {
  const named = (role: "author" | "editor") => book.contributors.filter((c) => c.role === role).map((c) => splitName(c.name));
  return {
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
}

export function articleToWork(
  article: ArticleSummary,
  issue: Pick<Issue, "volume" | "number" | "year">,
  journal: Pick<JournalSummary, "slug" | "title" | "abbreviation" | "eIssn" | "printIssn">,
  url: string | null,
): CitableArticle {
  return {
    type: "article",
    id: `article-${journal.slug}-${article.issueId}-${article.id}`,
    title: article.title,
    authors: article.authors.map((a) => splitName(a.name)),
    year: issue.year,
    date: article.publishedOn,
    doi: article.doi,
    url: url ?? article.fullTextUrl,
    language: article.language,
    journal: { title: journal.title, abbreviation: journal.abbreviation, issn: journal.eIssn ?? journal.printIssn },
    volume: issue.volume,
    issue: issue.number,
    firstPage: article.firstPage,
    lastPage: article.lastPage,
  };
}
