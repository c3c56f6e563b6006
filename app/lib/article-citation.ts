/** An article as the citation formats see it: the plain data of its meta tags (and of any other citation of it). */
import type { Locale } from "../../i18n/locales.ts";
import type { ArticleDetail } from "../../service/api/types.ts";
import { plainText } from "../../service/plain-text.ts";
import { articlePath } from "./article-path.ts";
import type { CitationData } from "./citation-meta.ts";
import { issns } from "./structured-data.ts";

/** What the citation tags say about the article (plain data, shared with anything else that cites it). */
export function citationData(article: ArticleDetail, origin: string, locale: Locale): CitationData {
  return {
    url: origin + articlePath(article.alternates[locale], article, locale),
    locale,
    title: article.title,
    language: article.language,
    authors: article.authors,
    publishedOn: article.publishedOn,
    journal: {
      title: article.journal.title,
      abbreviation: article.journal.abbreviation,
      issns: issns(article.journal),
      licence: article.journal.licence,
    },
    volume: article.issue.volume,
    issue: article.issue.number,
    firstPage: article.firstPage,
    lastPage: article.lastPage,
    doi: article.doi,
    keywords: article.text[locale].keywords,
    abstract: plainText(article.text[locale].abstractHtml),
    pdfUrl: article.pdfUrl && new URL(article.pdfUrl, origin || undefined).href,
  };
}
