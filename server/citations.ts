/**
 * A work's citation as a file for reference managers:
 * /cite/{locale}/books/{slug}/{format} and /cite/{locale}/journals/{slug}/{issueId}/{articleId}/{format},
 * format one of ris, bibtex, endnote. Unknown works, locales or formats are a localized 404.
 */
import { Hono } from "hono";
import { citationDownload } from "../app/lib/citations/exports.server.ts";
import { articleToWork, bookToWork } from "../app/lib/citations/from-api.ts";
import { type CitationExport, citationExports } from "../app/lib/citations/styles.ts";
import type { CitableWork } from "../app/lib/citations/work.ts";
import { articlePath } from "../contract/article-path.ts";
import { href } from "../contract/route-table.ts";
import { format } from "../i18n/format.ts";
import { isLocale, type Locale } from "../i18n/locales.ts";
import { messages } from "../i18n/messages/index.ts";
import { type ApiClient, namesNothing } from "../service/api/client.ts";

const isExport = (value: string): value is CitationExport => Object.hasOwn(citationExports, value);

/** `origin` gives the site's public origin for a request's URL (the works' URLs are on its pages). */
export function createCitationApp(api: ApiClient, origin: (url: string) => string) {
  const app = new Hono();

  const answer = async (path: string, localeParam: string, formatParam: string, find: (locale: Locale) => Promise<CitableWork | undefined>) => {
    const locale: Locale = isLocale(localeParam) ? localeParam : "en";
    const notFound = () => Response.json({ error: "not_found", message: format(messages[locale].api.notFound, { path }) }, { status: 404 });
    if (!isLocale(localeParam) || !isExport(formatParam)) return notFound();
    try {
      const work = await find(locale);
      return work ? citationDownload(work, formatParam) : notFound();
    } catch (error) {
      if (namesNothing(error)) return notFound();
      throw error;
    }
  };

  app.get("/cite/:locale/books/:slug/:format", (c) => {
    const { locale, slug, format: formatParam } = c.req.param();
    return answer(c.req.path, locale, formatParam, async (l) => {
      return bookToWork(await api.book(l, slug), origin(c.req.url) + href("book", { slug }, l), l);
    });
  });

  app.get("/cite/:locale/journals/:slug/:issueId/:articleId/:format", (c) => {
    const { locale, slug, issueId, articleId, format: formatParam } = c.req.param();
    return answer(c.req.path, locale, formatParam, async (l) => {
      const article = await api.article(l, slug, issueId, articleId);
      return articleToWork(article, article.issue, article.journal, origin(c.req.url) + articlePath(article.alternates[l], article, l));
    });
  });

  return app;
}
