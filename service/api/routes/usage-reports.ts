/**
 * A journal's COUNTER 5.1 reports as JSON, for an authorised client (a librarian's harvester, the
 * publisher's own tools): `GET /api/usage/reports/{tr_j3|ir_a1}?journal=SLUG&begin_date=YYYY-MM&end_date=YYYY-MM`
 * (dates as COUNTER_SUSHI takes them, `YYYY-MM` or `YYYY-MM-DD`, the month counting), with the
 * content API's token as `Authorization: Bearer …`. The same JSON as `npm run usage -- report`
 * writes (usage/report.ts). Without the token, or where none is configured: 401.
 */
import { type Context, Hono } from "hono";
import type { ContentDb } from "../../db/database.ts";
import { REPORT_IDS, readJournalUsage, reportJson, reportOptions } from "../../usage/report.ts";
import { hasBearer } from "../bearer.ts";
import { SLUG } from "../content-service.ts";
import { errorLocale, fail } from "../failure.ts";
import { singleValues } from "./params.ts";

export interface UsageReportsOptions {
  db: ContentDb;
  /** API_TOKEN: without it, no client is authorised. */
  token: string | undefined;
  /** PUBLIC_URL, for the reports' addresses; the request's origin without it. */
  publicUrl: string | undefined;
}

const MONTH = /^(\d{4}-(?:0[1-9]|1[0-2]))(?:-\d{2})?$/;

export function usageReportRoutes({ db, token, publicUrl }: UsageReportsOptions) {
  const localeOf = (c: Context) => errorLocale(c.req.path, c.req.header("accept-language"));
  return new Hono().get("/usage/reports/:report", singleValues(["journal", "begin_date", "end_date"]), async (c) => {
    const locale = localeOf(c);
    if (!token || !hasBearer(c.req.header("authorization"), token)) fail(locale, 401, "unauthorized", "unauthorized");
    const report = REPORT_IDS.find((id) => id.toLowerCase() === c.req.param("report"));
    if (!report) fail(locale, 404, "not_found", "notFound", { path: c.req.path.slice(0, 200) });
    const query = c.req.valid("query");
    const journal = query.journal ?? "";
    if (journal.length > 200 || !SLUG.test(journal)) fail(locale, 400, "bad_request", "badParameter", { name: "journal" });
    const [from, to] = (["begin_date", "end_date"] as const).map((name) => {
      const month = MONTH.exec(query[name] ?? "")?.[1];
      return month ?? fail(locale, 400, "bad_request", "badParameter", { name });
    });
    if (from > to) fail(locale, 400, "bad_request", "badParameter", { name: "end_date" });
    const usage = await readJournalUsage(db, journal, from, to);
    if (!usage) fail(locale, 404, "not_found", "notFound", { path: `/journals/${journal}` });
    return c.json(reportJson(report, usage, from, to, reportOptions(publicUrl ?? new URL(c.req.url).origin)), 200, { "Cache-Control": "no-store" });
  });
}
