/**
 * An article's citation data: the plain data of its citation meta tags and of its JSON-LD. The
 * "How to cite" references and the download formats are made from a mapping of their own
 * (articleToWork's CitableWork, app/lib/citations/).
 */

import type { ArticleDetail } from "../../contract/api-types.ts";
import { articlePath, galleyPath, pdfGalleyUrl } from "../../contract/article-path.ts";
import { doiUrl } from "../../contract/identifiers.ts";
import { plainText } from "../../contract/plain-text.ts";
import type { Locale } from "../../i18n/locales.ts";
import type { CitationData } from "./citation-meta.ts";
import { issns } from "./structured-data.ts";

/** What the article's citation meta tags and its ScholarlyArticle JSON-LD say about it, in the page's locale. */
export function citationData(article: ArticleDetail, origin: string, locale: Locale): CitationData {
  return {
    url: origin + articlePath(article.alternates[locale], article, locale),
    locale,
    title: article.title,
    originalTitle: article.text[article.language].title,
    language: article.language,
    authors: article.authors,
    publishedOn: article.publishedOn,
    journal: {
      title: article.journal.title,
      originalTitle: article.journal.titles[article.language],
      abbreviation: article.journal.abbreviation,
      issns: issns(article.journal),
      licence: article.licence?.url ?? article.licence?.name ?? null,
    },
    volume: article.issue.volume,
    issue: article.issue.number,
    firstPage: article.firstPage,
    lastPage: article.lastPage,
    doi: article.doi,
    keywords: article.text[locale].keywords,
    abstract: plainText(article.text[locale].abstractHtml),
    pdfUrl: pdfGalleyUrl(article.galleys, () => origin + galleyPath(article.alternates[locale], article, locale, "pdf")),
    references: article.references,
    status: article.status,
    funding: article.funding,
    relations: article.relations.flatMap((r) =>
      r.article
        ? [{ type: r.type, side: r.side, title: r.article.title, url: origin + articlePath(article.alternates[locale], r.article, locale) }]
        : r.doi
          ? [{ type: r.type, side: r.side, title: r.doi, url: doiUrl(r.doi) }]
          : [],
    ),
  };
}
