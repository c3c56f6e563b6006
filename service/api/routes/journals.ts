/** A journal's pages' reads: its issues, an issue's articles, an article, the editorial board, the newest articles. */
import { Hono } from "hono";
import type { ContentService } from "../content-service.ts";
import { localeParam, numberParam, PAGING, singleValues } from "./params.ts";

export const journalRoutes = (service: ContentService) =>
  new Hono()
    /** The newest articles of the catalogue, or of the journal named by `journal` (its slug in the locale). */
    .get("/articles/:locale/latest", singleValues(["journal"]), async (c) =>
      c.json(await service.latestArticles(localeParam(c.req.param("locale")), c.req.valid("query").journal)),
    )
    .get("/journals/:locale/:slug/issues", async (c) => c.json(await service.issues(localeParam(c.req.param("locale")), c.req.param("slug"))))
    .get("/journals/:locale/:slug/issues/:issueId", singleValues(PAGING), async (c) => {
      const { page, pageSize } = c.req.valid("query");
      const { locale, slug, issueId } = c.req.param();
      return c.json(await service.issueArticles(localeParam(locale), slug, issueId, numberParam(page), numberParam(pageSize)));
    })
    .get("/journals/:locale/:slug/issues/:issueId/articles/:articleId", async (c) => {
      const { locale, slug, issueId, articleId } = c.req.param();
      return c.json(await service.article(localeParam(locale), slug, issueId, articleId));
    })
    .get("/journals/:locale/:slug/articles", singleValues(PAGING), async (c) => {
      const { page, pageSize } = c.req.valid("query");
      return c.json(await service.articles(localeParam(c.req.param("locale")), c.req.param("slug"), numberParam(page), numberParam(pageSize)));
    })
    .get("/journals/:locale/:slug/editorial-board", async (c) =>
      c.json(await service.editorialBoard(localeParam(c.req.param("locale")), c.req.param("slug"))),
    );
