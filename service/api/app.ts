/**
 * The content API over HTTP: the content service's functions (content-service.ts) behind routes,
 * one sub-app per feature (routes/). It answers the site's own process at /api (GET only), and
 * other web processes over API_URL. Every answer is JSON but the Crossref and DOAJ exports (XML
 * files); every bad input is a 4xx `{error, message}` in the request's locale. `ContentApiApp` is
 * its type, from which the HTTP client (client.ts) derives every call: a path renamed here and not
 * there fails the typecheck.
 */
import { Hono } from "hono";
import { HTTPException } from "hono/http-exception";
import type { ApiError } from "../../contract/api-types.ts";
import { format } from "../../i18n/format.ts";
import { messages } from "../../i18n/messages/index.ts";
import { isDatabaseUnavailable, RETRY_AFTER_SECONDS } from "../db/unavailable.ts";
import type { ContentService } from "./content-service.ts";
import { ApiFailure, errorLocale } from "./failure.ts";
import { catalogueRoutes } from "./routes/catalogue.ts";
import { exportRoutes } from "./routes/exports.ts";
import { type HarvestStatusAnswer, harvestRoutes } from "./routes/harvest.ts";
import { journalRoutes } from "./routes/journals.ts";
import { searchRoutes } from "./routes/search.ts";
import { siteRoutes } from "./routes/site.ts";
import { submissionRoutes } from "./routes/submissions.ts";
import { type UsageReportsOptions, usageReportRoutes } from "./routes/usage-reports.ts";

/** `publicUrl`: the site's public origin (PUBLIC_URL), on which the exports' landing pages are; without it, the request's. */
export interface ApiAppOptions {
  /** The site's public origin (PUBLIC_URL), for the exports' landing pages. */
  publicUrl?: string;
  /** How the pulls from the journals' sources stand (/api/harvest); without it, no such path. */
  harvestStatus?: () => Promise<HarvestStatusAnswer>;
  /** The journals' COUNTER reports for token holders (/api/usage/reports); without it, no such path. */
  usageReports?: Omit<UsageReportsOptions, "publicUrl">;
}

export function createApiApp(service: ContentService, { publicUrl, harvestStatus, usageReports }: ApiAppOptions = {}) {
  // The order matters where two patterns match one path: `/en/initial` is the initial payload, not a content type.
  const app = new Hono()
    .basePath("/api")
    .route("/", siteRoutes(service))
    .route("/", journalRoutes(service))
    .route("/", searchRoutes(service))
    .route("/", submissionRoutes(service))
    .route("/", exportRoutes(service, { publicUrl }))
    .route("/", harvestRoutes(harvestStatus))
    .route("/", usageReports ? usageReportRoutes({ ...usageReports, publicUrl }) : new Hono())
    .route("/", catalogueRoutes(service));

  app.notFound((c) => {
    const locale = errorLocale(c.req.path, c.req.header("accept-language"));
    return c.json<ApiError>({ error: "not_found", message: format(messages[locale].api.notFound, { path: c.req.path.slice(0, 200) }) }, 404);
  });

  app.onError((error, c) => {
    if (error instanceof ApiFailure) return c.json<ApiError>(error.answer, error.status);
    const locale = errorLocale(c.req.path, c.req.header("accept-language"));
    // Hono's own refusals here are of a body that is not JSON (routes/submissions.ts).
    if (error instanceof HTTPException && error.status < 500) {
      return c.json<ApiError>({ error: "bad_request", message: messages[locale].api.badBody }, error.status);
    }
    // The database is away for a moment: the caller retries (the API client does) or asks again later.
    if (isDatabaseUnavailable(error)) {
      console.warn(`content API: ${c.req.method} ${c.req.path}: ${error.message}`);
      return c.json<ApiError>({ error: "unavailable", message: messages[locale].api.unavailable }, 503, {
        "Retry-After": String(RETRY_AFTER_SECONDS),
      });
    }
    console.error(`content API: ${c.req.method} ${c.req.path} failed:`, error);
    return c.json<ApiError>({ error: "internal", message: messages[locale].api.internal }, 500);
  });

  return app;
}

export type ContentApiApp = ReturnType<typeof createApiApp>;
