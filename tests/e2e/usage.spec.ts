/**
 * Counted usage over real servers and databases (issue 20; docs/decisions/036-counted-usage.md and
 * 041-counting-resists-one-client.md): what a visitor's browser asks for is counted once, a double
 * click and a crawler not at all, a PDF as a request and a download; one client changing its user
 * agent no more than the cap per network; a beacon only with its page's token; the counts reach
 * the database when the process stops at the latest; two processes on one PostgreSQL add up exactly.
 */
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import type { ArticleDetail, ArticleSummary, Page } from "../../contract/api-types.ts";
import { readBeaconBody } from "../../contract/usage-beacon.ts";
import { startServer } from "../../scripts/server-process.ts";
import { openDatabase } from "../../service/db/database.ts";
import { NETWORK_DAY_CAP } from "../../service/usage/record.ts";
import { demoPostgresDatabase } from "../databases.ts";
import { copyDemoDatabase } from "../demo-snapshot.ts";

const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36";
const CRAWLER = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
/** A browser's agent that differs in its version: what a client inflating counts sends. */
const agent = (i: number) => BROWSER.replace("130.0.0.0", `130.0.${i}.0`);

/** A published article of the demo with a PDF of its own, and its page's path. */
async function articleWithPdf(base: string) {
  const list = (await (await fetch(`${base}/api/journals/en/journal-of-social-inquiry/articles?pageSize=50`)).json()) as Page<ArticleSummary>;
  const summary = list.Items.find((a) => a.galleys.some((g) => g.kind === "pdf" && g.url === null));
  if (!summary) throw new Error("no demo article with a PDF of its own");
  return { ...summary, page: `/journals/journal-of-social-inquiry/articles/${summary.issueId}/${summary.id}` };
}

/** An article's counts in the SQLite file or PostgreSQL database at `location`, by metric. */
async function countsOf(location: string, articleId: string) {
  const { db } = openDatabase(location);
  try {
    return await db
      .selectFrom("usageDay")
      .where("articleId", "=", articleId)
      .select((eb) => ["metric", eb.fn.sum<string>("totalCount").as("total"), eb.fn.sum<string>("uniqueCount").as("unique")])
      .groupBy("metric")
      .orderBy("metric")
      .execute()
      .then((rows) => rows.map((r) => ({ metric: r.metric, total: Number(r.total), unique: Number(r.unique) })));
  } finally {
    await db.destroy();
  }
}

const get = (base: string, path: string, { ip, agent = BROWSER }: { ip: string; agent?: string }) =>
  fetch(`${base}${path}`, { headers: { "User-Agent": agent, "X-Forwarded-For": ip, "Accept-Encoding": "gzip, deflate, br, zstd" } }).then(
    async (r) => ({
      status: r.status,
      headers: r.headers,
      text: await r.text(),
    }),
  );

test("a view counts once, a second within 30 s and a crawler's not at all, a PDF as a request; the article's page shows them", async () => {
  test.setTimeout(120_000);
  const dir = mkdtempSync(path.join(os.tmpdir(), "usage-"));
  const file = copyDemoDatabase(path.join(dir, "content.db"));
  const env = { SQLITE_FILE: file, DATABASE_URL: undefined, TRUST_PROXY: "1" };
  let server = await startServer(env);
  const article = await articleWithPdf(server.base);
  const first = await get(server.base, article.page, { ip: "203.0.113.1" });
  expect(first.status).toBe(200);
  // The same visitor again at once (a double click), then from the page cache by another visitor, then a crawler.
  expect((await get(server.base, article.page, { ip: "203.0.113.1" })).status).toBe(200);
  const kept = await get(server.base, article.page, { ip: "203.0.113.2" });
  expect(kept.headers.get("x-page-cache")).toBe("HIT");
  await get(server.base, article.page, { ip: "203.0.113.3", agent: CRAWLER });
  const pdf = await get(server.base, `${article.page}/${article.id}.pdf`, { ip: "203.0.113.1" });
  expect([pdf.status, pdf.headers.get("content-type")]).toEqual([200, "application/pdf"]);
  // Stopping sends what was counted.
  await server.stop();

  // Two page views and the PDF; the page shows the full text, so a view is a request too (COUNTER 5.1).
  expect(await countsOf(file, article.id)).toEqual([
    { metric: "download", total: 1, unique: 1 },
    { metric: "investigation", total: 3, unique: 2 },
    { metric: "request", total: 3, unique: 2 },
  ]);
  // Nothing of the visitors is stored but their sessions' digests.
  const { db } = openDatabase(file);
  try {
    const seen = JSON.stringify(await db.selectFrom("usageSeen").selectAll().execute());
    expect(seen).not.toContain("203.0.113");
  } finally {
    await db.destroy();
  }

  server = await startServer(env);
  try {
    const detail = (await (
      await fetch(`${server.base}/api/journals/en/journal-of-social-inquiry/issues/${article.issueId}/articles/${article.id}`)
    ).json()) as ArticleDetail;
    expect([detail.views, detail.downloads]).toEqual([3, 1]);
    const { text: html } = await get(server.base, `/tr/dergiler/sosyal-arastirmalar-dergisi/makaleler/${article.issueId}/${article.id}`, {
      ip: "203.0.113.4",
    });
    expect(html).toMatch(/Görüntülenme<\/dt>\s*<dd[^>]*>3</);
    expect(html).toMatch(/İndirme<\/dt>\s*<dd[^>]*>1</);
  } finally {
    await server.stop();
  }
});

test(`20 requests with 20 user agents from one address, for the page and the PDF, count ${NETWORK_DAY_CAP} views; another network its own`, async () => {
  test.setTimeout(120_000);
  const dir = mkdtempSync(path.join(os.tmpdir(), "usage-agents-"));
  const file = copyDemoDatabase(path.join(dir, "content.db"));
  const server = await startServer({ SQLITE_FILE: file, DATABASE_URL: undefined, TRUST_PROXY: "1" });
  const article = await articleWithPdf(server.base);
  for (let i = 0; i < 20; i++) {
    expect((await get(server.base, article.page, { ip: "203.0.113.50", agent: agent(i) })).status).toBe(200);
    expect((await get(server.base, `${article.page}/${article.id}.pdf`, { ip: "203.0.113.50", agent: agent(i) })).status).toBe(200);
  }
  // Its neighbour in the /24 adds nothing; a reader elsewhere counts.
  await get(server.base, article.page, { ip: "203.0.113.51" });
  await get(server.base, article.page, { ip: "198.51.100.9" });
  await server.stop();
  expect((await countsOf(file, article.id)).find((c) => c.metric === "investigation")?.total).toBe(NETWORK_DAY_CAP + 1);
});

test("behind a CDN (USAGE_BEACON) a page counts when the browser says it showed it, with its page's token; not when it is fetched, nor without the token", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const dir = mkdtempSync(path.join(os.tmpdir(), "usage-beacon-"));
  const file = copyDemoDatabase(path.join(dir, "content.db"));
  const server = await startServer({ SQLITE_FILE: file, DATABASE_URL: undefined, USAGE_BEACON: "true" });
  const article = await articleWithPdf(server.base);
  const views = async () => (await countsOf(file, article.id)).find((c) => c.metric === "investigation")?.total ?? 0;
  // Fetched without running it (a crawler that passes for a browser, or the CDN filling its cache): not counted.
  expect((await get(server.base, article.page, { ip: "203.0.113.1" })).status).toBe(200);
  const context = await browser.newContext({ userAgent: BROWSER });
  const page = await context.newPage();
  const beacon = page.waitForRequest((request) => request.url().endsWith("/_usage") && request.method() === "POST");
  await page.goto(`${server.base}${article.page}`);
  const sent = readBeaconBody((await beacon).postData() ?? "");
  expect(sent?.path).toBe(article.page);
  expect(sent?.token).toMatch(/^\d+\.[\w-]{22}$/);
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await context.close();
  const post = (body: string, headers: Record<string, string>) =>
    fetch(`${server.base}/_usage`, { method: "POST", body, headers: { "User-Agent": BROWSER, ...headers } }).then((r) => r.status);
  // The beacon of the release before (the path alone), one from another site, one that does not say where it comes from: refused.
  expect(await post(article.page, { "Sec-Fetch-Site": "same-origin", "User-Agent": agent(1) })).toBe(403);
  expect(await post(`${article.page}\n${sent?.token}`, { Origin: "https://elsewhere.example", "Sec-Fetch-Site": "cross-site" })).toBe(403);
  expect(await post(`${article.page}\n${sent?.token}`, { "User-Agent": agent(2) })).toBe(403);
  // A script that copies the page's token and says same-origin, changing its user agent: as much as the cap lets one network add.
  for (let i = 0; i < 20; i++) await post(`${article.page}\n${sent?.token}`, { "Sec-Fetch-Site": "same-origin", "User-Agent": agent(100 + i) });
  await server.stop();
  // The browser's view and the script's share the network (all from this machine): the cap.
  expect(await views()).toBe(NETWORK_DAY_CAP);
});

const adminUrl = process.env.TEST_DATABASE_URL;

test("two web processes on one PostgreSQL count into one table, adding up exactly", async () => {
  test.skip(!adminUrl, "needs PostgreSQL (TEST_DATABASE_URL, set by the test command)");
  test.setTimeout(180_000);
  // A clone of the demo's template: neither process imports.
  const url = await demoPostgresDatabase(adminUrl as string);
  const env = { DATABASE_URL: url, TRUST_PROXY: "1" };
  const first = await startServer(env);
  const second = await startServer(env);
  const article = await articleWithPdf(first.base);
  // 40 visitors on each process at once, each from a network of its own; every tenth comes to both (one session, counted in each total).
  const views = (base: string, offset: number) =>
    Promise.all(Array.from({ length: 40 }, (_, i) => get(base, article.page, { ip: `198.${i % 10 === 0 ? 51 : 51 + offset}.${i}.1` })));
  const answers = (await Promise.all([views(first.base, 0), views(second.base, 100)])).flat();
  expect(answers.every((a) => a.status === 200)).toBe(true);
  await Promise.all([first.stop(), second.stop()]);
  // 80 views; 80 visitors less the 4 who came to both.
  expect((await countsOf(url, article.id)).find((c) => c.metric === "investigation")).toEqual({
    metric: "investigation",
    total: 80,
    unique: 76,
  });
});
