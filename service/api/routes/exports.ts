/**
 * The exports for indexers, as files to download (application/xml, an attachment):
 * - `/api/exports/crossref/issue/{journal}/{issue}`: the Crossref deposit of an issue,
 * - `/api/exports/crossref/book/{book}`: of a book and its chapters,
 * - `/api/exports/crossref/articles?from=YYYY-MM-DD[&until=YYYY-MM-DD]`: of the articles published
 *   in those days (until today when `until` is not given),
 * - `/api/exports/doaj/{journal}`: a journal's DOAJ article file.
 * Journals and books are named by their English slugs. What names nothing (or a file that would
 * hold no record: deposits.server.ts) is the API's 404, a bad date its 400, in the request's
 * language (Accept-Language: these paths carry no locale). The landing pages are on the site's
 * public origin when given (PUBLIC_URL), else on the request's.
 */
import { type Context, Hono } from "hono";
import { isDay } from "../../calendar-day.ts";
import {
  crossrefArticlesExport,
  crossrefBookExport,
  crossrefIssueExport,
  DEMO_EXPORT_CONFIG,
  doajJournalExport,
  type ExportConfig,
  type ExportFile,
} from "../../exports/deposits.server.ts";
import { today } from "../../published.ts";
import { type ContentService, SLUG } from "../content-service.ts";
import { ApiFailure, errorLocale, fail } from "../failure.ts";
import { singleValues } from "./params.ts";

export interface ExportRoutesOptions extends Partial<Omit<ExportConfig, "origin">> {
  /** The site's public origin (PUBLIC_URL); the request's without it. */
  publicUrl?: string;
}

export function exportRoutes(service: ContentService, { publicUrl, ...given }: ExportRoutesOptions = {}) {
  const localeOf = (c: Context) => errorLocale(c.req.path, c.req.header("accept-language"));
  const configOf = (c: Context): ExportConfig => ({ ...DEMO_EXPORT_CONFIG, ...given, origin: publicUrl ?? new URL(c.req.url).origin });
  const slug = (c: Context, value: string, name: string) => {
    if (value.length > 200 || !SLUG.test(value)) fail(localeOf(c), 400, "bad_request", "badParameter", { name });
    return value;
  };
  /** The file, or the 404 of what it names (the service's, said again in the request's language and with its path). */
  const answer = async (c: Context, make: (config: ExportConfig) => Promise<ExportFile>) => {
    let made: ExportFile;
    try {
      made = await make(configOf(c));
    } catch (error) {
      if (error instanceof ApiFailure && error.status === 404) fail(localeOf(c), 404, "not_found", "notFound", { path: c.req.path.slice(0, 200) });
      throw error;
    }
    return c.body(made.xml, 200, {
      "Content-Type": "application/xml; charset=utf-8",
      "Content-Disposition": `attachment; filename="${made.filename}"`,
    });
  };

  return new Hono()
    .get("/exports/crossref/issue/:journal/:issue", (c) =>
      answer(c, (config) => crossrefIssueExport(service, config, slug(c, c.req.param("journal"), "journal"), slug(c, c.req.param("issue"), "issue"))),
    )
    .get("/exports/crossref/book/:book", (c) => answer(c, (config) => crossrefBookExport(service, config, slug(c, c.req.param("book"), "book"))))
    .get("/exports/crossref/articles", singleValues(["from", "until"]), (c) => {
      const { from, until = today() } = c.req.valid("query");
      if (from === undefined || !isDay(from)) return fail(localeOf(c), 400, "bad_request", "badParameter", { name: "from" });
      if (!isDay(until) || until < from) return fail(localeOf(c), 400, "bad_request", "badParameter", { name: "until" });
      return answer(c, (config) => crossrefArticlesExport(service, config, from, until));
    })
    .get("/exports/doaj/:journal", (c) => answer(c, (config) => doajJournalExport(service, config, slug(c, c.req.param("journal"), "journal"))));
}
