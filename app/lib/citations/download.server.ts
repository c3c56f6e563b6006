/**
 * A work's citation as a file for reference managers (the `cite-book` and `cite-article` routes):
 * /cite/{locale}/books/{slug}/{format} and /cite/{locale}/journals/{slug}/{issueId}/{articleId}/{format},
 * format one of ris, bibtex, endnote. Unknown works, locales or formats are a localized 404.
 */
import { articlePath } from "../../../contract/article-path.ts";
import { href } from "../../../contract/route-table.ts";
import { format } from "../../../i18n/format.ts";
import { isLocale, type Locale } from "../../../i18n/locales.ts";
import { messages } from "../../../i18n/messages/index.ts";
import { type ApiClient, namesNothing } from "../../../service/api/client.ts";
import { citationDownload } from "./exports.server.ts";
import { articleToWork, bookToWork } from "./from-api.ts";
import { type CitationExport, citationExports } from "./styles.ts";

const isExport = (value: string): value is CitationExport => Object.hasOwn(citationExports, value);

/** A book's (`slug`) or an article's (`slug`, `issueId`, `articleId`) parameters, as the route's path gives them. */
export type CitationParams = { locale?: string; slug?: string; issueId?: string; articleId?: string; format?: string };

/** The file at `path`; `origin` is the site's public origin (the works' URLs are on its pages). */
export async function citationFile(api: ApiClient, origin: string, path: string, params: CitationParams): Promise<Response> {
  const { locale: localeParam = "", slug = "", issueId, articleId, format: formatParam = "" } = params;
  const locale: Locale = isLocale(localeParam) ? localeParam : "en";
  const notFound = () => Response.json({ error: "not_found", message: format(messages[locale].api.notFound, { path }) }, { status: 404 });
  if (!isLocale(localeParam) || !isExport(formatParam)) return notFound();
  try {
    if (issueId === undefined || articleId === undefined) {
      return citationDownload(bookToWork(await api.book(locale, slug), origin + href("book", { slug }, locale), locale), formatParam);
    }
    const article = await api.article(locale, slug, issueId, articleId);
    const url = origin + articlePath(article.alternates[locale], article, locale);
    return citationDownload(
      articleToWork(article, article.issue, article.journal, url, {
        abstract: article.text[locale].abstractHtml,
        keywords: article.text[locale].keywords,
        locale,
      }),
      formatParam,
    );
  } catch (error) {
    if (namesNothing(error)) return notFound();
    throw error;
  }
}
