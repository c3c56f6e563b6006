/**
 * The specification's `/api/{type}/{locale}` and `/api/{type}/{locale}/{slug}`: a list of each
 * content type (the journals' with their filters and facet counts), and one item by its slug.
 * A type there is not is a 404 that names the types.
 */
import { Hono } from "hono";
import { journalFacets } from "../../../contract/api-types.ts";
import type { ContentService } from "../content-service.ts";
import { fail } from "../failure.ts";
import { localeParam, singleValues } from "./params.ts";

const unknownType = (type: string): never => fail("en", 404, "not_found", "unknownType", { type: type.slice(0, 40) });

export const catalogueRoutes = (service: ContentService) =>
  new Hono()
    .get("/journals/:locale", singleValues(journalFacets), async (c) =>
      c.json(await service.journals(localeParam(c.req.param("locale")), c.req.valid("query"))),
    )
    .get("/journals/:locale/:slug", async (c) => c.json(await service.journal(localeParam(c.req.param("locale")), c.req.param("slug"))))
    .get("/services/:locale", async (c) => c.json(await service.services(localeParam(c.req.param("locale")))))
    .get("/services/:locale/:slug", async (c) =>
      c.json(await service.contentItem("services", localeParam(c.req.param("locale")), c.req.param("slug"))),
    )
    .get("/policies/:locale", async (c) => c.json(await service.policies(localeParam(c.req.param("locale")))))
    .get("/policies/:locale/:slug", async (c) =>
      c.json(await service.contentItem("policies", localeParam(c.req.param("locale")), c.req.param("slug"))),
    )
    .get("/books/:locale", async (c) => c.json(await service.books(localeParam(c.req.param("locale")))))
    .get("/books/:locale/:slug", async (c) => c.json(await service.book(localeParam(c.req.param("locale")), c.req.param("slug"))))
    .get("/calls/:locale", singleValues(["journal", "include"]), async (c) =>
      c.json(await service.calls(localeParam(c.req.param("locale")), c.req.valid("query"))),
    )
    .get("/calls/:locale/:slug", async (c) => c.json(await service.call(localeParam(c.req.param("locale")), c.req.param("slug"))))
    .get("/departments/:locale", async (c) => c.json(await service.departments(localeParam(c.req.param("locale")))))
    .get("/departments/:locale/:slug", async (c) => c.json(await service.department(localeParam(c.req.param("locale")), c.req.param("slug"))))
    .get("/pages/:locale", async (c) => c.json(await service.pages(localeParam(c.req.param("locale")))))
    .get("/pages/:locale/:slug", async (c) => c.json(await service.page(localeParam(c.req.param("locale")), c.req.param("slug"))))
    .get("/:type/:locale", (c) => unknownType(c.req.param("type")))
    .get("/:type/:locale/:slug", (c) => unknownType(c.req.param("type")));
