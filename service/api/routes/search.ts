/** The site search. */
import { Hono } from "hono";
import { searchFacets } from "../../../contract/search-types.ts";
import type { ContentService } from "../content-service.ts";
import { localeParam, numberParam, PAGING, singleValues } from "./params.ts";

export const searchRoutes = (service: ContentService) =>
  /** `q` (none or blank finds nothing), one value per facet, the page. */
  new Hono().get("/search/:locale", singleValues(["q", ...searchFacets, ...PAGING]), async (c) => {
    const { q, page, pageSize, ...filters } = c.req.valid("query");
    return c.json(await service.search(localeParam(c.req.param("locale")), q ?? "", filters, numberParam(page), numberParam(pageSize)));
  });
