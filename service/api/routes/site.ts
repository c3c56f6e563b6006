/** The content's revision, the reference entities, a page's initial payload and the home page's content. */
import { Hono } from "hono";
import { isLocale } from "../../../i18n/locales.ts";
import type { ContentService } from "../content-service.ts";
import { fail } from "../failure.ts";
import { localeParam, singleValues } from "./params.ts";

export const siteRoutes = (service: ContentService) =>
  new Hono()
    .get("/revision", async (c) => c.json(await service.revision(), 200, { "Cache-Control": "no-store" }))
    .get("/entities", singleValues(["locale"]), async (c) => {
      const requested = c.req.valid("query").locale ?? "en";
      const locale = isLocale(requested) ? requested : fail("en", 400, "bad_request", "badParameter", { name: "locale" });
      return c.json(await service.entities(locale));
    })
    .get("/:locale/initial", async (c) => c.json(await service.initial(localeParam(c.req.param("locale")))))
    .get("/:locale/home", async (c) => c.json(await service.home(localeParam(c.req.param("locale")))));
