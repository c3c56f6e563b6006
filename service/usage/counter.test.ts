import { spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { type Context, Hono } from "hono";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { BEACON_PATH, beaconBody } from "../../contract/usage-beacon.ts";
import { testDatabases } from "../../tests/databases.ts";
import { demoBundle } from "../../tests/demo-snapshot.ts";
import { importContent } from "../content/import.ts";
import type { ContentBundle } from "../content/read-folder.ts";
import { type ContentDb, migrateToLatest, openDatabase } from "../db/database.ts";
import { today } from "../published.ts";
import { BEACON_TOKEN_LIFE_MS, beaconToken } from "./beacon-token.ts";
import { articleUse, BEACON_RATE, DOUBLE_CLICK_MS, SEND_WITHIN_MS, usageCounter } from "./counter.ts";
import { NETWORK_DAY_CAP, recordUsage, type UsageBatch } from "./record.ts";

const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36";
const page = "/journals/journal-of-social-inquiry/articles/v15-n1/rent-gaps";
const SECRET = "a secret of the forms, 32 characters at least";
/** A browser's agent that differs in its version: what a client inflating counts sends. */
const agent = (i: number) => BROWSER.replace("130.0.0.0", `130.0.${i}.0`);

describe("which article a path uses", () => {
  it("is its page in either locale, as a document or a navigation's data, or its PDF or EPUB", () => {
    const en = { locale: "en", journal: "journal-of-social-inquiry", articleId: "rent-gaps" };
    expect(articleUse(page)).toEqual({ kind: "page", ...en });
    expect(articleUse("/tr/dergiler/sosyal-arastirmalar-dergisi/makaleler/v15-n1/rent-gaps")).toEqual({
      kind: "page",
      locale: "tr",
      journal: "sosyal-arastirmalar-dergisi",
      articleId: "rent-gaps",
    });
    expect(articleUse(`${page}/rent-gaps.pdf`)).toEqual({ kind: "galley", ...en });
    expect(articleUse(`${page}/rent-gaps.epub`)).toEqual({ kind: "galley", ...en });
  });

  it("is none for a figure, another article's file name, a list or another page", () => {
    for (const path of [`${page}/figures/figure-1.svg`, `${page}/other.pdf`, "/journals/journal-of-social-inquiry/articles/v15-n1", "/books", "/"]) {
      expect(articleUse(path)).toBeUndefined();
    }
  });
});

/** A site answering every path with `status`, counted (pages from their beacon with `beacon`), and what it sent. */
function site({ status = 200, beacon = false } = {}) {
  let clock = Date.parse("2026-11-26T10:00:00.000Z");
  const batches: UsageBatch[] = [];
  const counter = usageCounter({ send: async (batch) => batches.push(batch), secret: SECRET, beacon, now: () => clock });
  const app = new Hono();
  const visitorIp = (c: Context) => c.req.header("x-test-ip");
  app.use(counter.middleware(visitorIp));
  // As server/site.ts answers the beacon.
  app.post(BEACON_PATH, async (c) => c.body(null, counter.viewed(c, await c.req.text(), visitorIp)));
  app.all("*", (c) => (c.req.method === "HEAD" || status === 304 ? c.body(null, status as 304) : c.text("ok", status as 200)));
  const request = (path: string, { ip = "203.0.113.9", agent = BROWSER, method = "GET", headers = {} as Record<string, string>, body = "" } = {}) =>
    app.request(path, { method, headers: { "user-agent": agent, "x-test-ip": ip, ...headers }, body: body || undefined });
  return {
    request,
    /** A beacon as the page sends it (from this site's page, with `token`). */
    beacon: async (body: string, options: { ip?: string; agent?: string; headers?: Record<string, string> } = {}) =>
      (await request(BEACON_PATH, { method: "POST", body, ...options, headers: { "sec-fetch-site": "same-origin", ...options.headers } })).status,
    now: () => clock,
    later: (ms: number) => {
      clock += ms;
    },
    sent: async () => {
      await counter.stop();
      return batches.flatMap((b) => b.uses);
    },
    counter,
    batches,
  };
}

describe("the counter", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("counts a page once within 30 seconds for one visitor, again after, and each visitor apart", async () => {
    const { request, later, sent } = site();
    await request(page);
    later(DOUBLE_CLICK_MS - 1);
    await request(`${page}.data`);
    later(DOUBLE_CLICK_MS);
    await request(page);
    await request(page, { ip: "198.51.100.7" });
    await request(`${page}/rent-gaps.pdf`);
    const uses = await sent();
    expect(uses.map((u) => [u.kind, u.at])).toEqual([
      ["page", "2026-11-26T10:00:00.000Z"],
      ["page", "2026-11-26T10:00:59.999Z"],
      ["page", "2026-11-26T10:00:59.999Z"],
      ["galley", "2026-11-26T10:00:59.999Z"],
    ]);
    // A visitor and its network are digests: neither address nor user agent is sent.
    expect(new Set(uses.map((u) => u.visitor)).size).toBe(2);
    expect(new Set(uses.map((u) => u.network)).size).toBe(2);
    expect(JSON.stringify(uses)).not.toMatch(/203\.0\.113|198\.51\.100|Chrome/);
  });

  it("counts no robot, prefetch, HEAD request or error, and a 304 like a 200", async () => {
    const { request, sent } = site();
    await request(page, { agent: "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" });
    await request(page, { agent: "curl/8.5.0" });
    await request(page, { headers: { "sec-purpose": "prefetch" } });
    await request(page, { headers: { purpose: "prefetch" } });
    await request(page, { method: "HEAD" });
    expect(await sent()).toEqual([]);
    const missing = site({ status: 404 });
    await missing.request(page);
    expect(await missing.sent()).toEqual([]);
    const unchanged = site({ status: 304 });
    await unchanged.request(page);
    expect(await unchanged.sent()).toHaveLength(1);
  });

  it("sends what it counted within a second of counting it, and nothing while nothing is counted", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    const { request, batches } = site();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(batches).toEqual([]);
    await request(page);
    await vi.advanceTimersByTimeAsync(SEND_WITHIN_MS / 2);
    await request(page, { ip: "198.51.100.7" });
    await vi.advanceTimersByTimeAsync(SEND_WITHIN_MS / 2 - 1);
    expect(batches).toEqual([]);
    // A second after the first use, both go in one batch.
    await vi.advanceTimersByTimeAsync(1);
    expect(batches.map((b) => b.uses.length)).toEqual([2]);
    await request(page, { ip: "192.0.2.1" });
    await vi.advanceTimersByTimeAsync(SEND_WITHIN_MS);
    expect(batches.map((b) => b.uses.length)).toEqual([2, 1]);
  });

  it("keeps the uses the content service did not take, and tries again later and later", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"] });
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const tries: number[] = [];
    const taken: UsageBatch[] = [];
    let refuse = true;
    const counter = usageCounter({
      send: async (batch) => {
        tries.push(Date.now());
        if (refuse) throw new Error("content service away");
        taken.push(batch);
      },
      secret: SECRET,
    });
    const app = new Hono();
    app.use(counter.middleware(() => "203.0.113.9"));
    app.get("*", (c) => c.text("ok"));
    await app.request(page, { headers: { "user-agent": BROWSER } });
    const start = Date.now();
    await vi.advanceTimersByTimeAsync(SEND_WITHIN_MS + 1000 + 2000 + 4000);
    // Sent within a second, then tried again after one, two, four seconds.
    expect(tries.map((t) => t - start)).toEqual([0, 1000, 3000, 7000].map((ms) => SEND_WITHIN_MS + ms));
    expect(warn).toHaveBeenCalledWith(expect.stringMatching(/^usage: 1 uses not sent yet: content service away/));
    refuse = false;
    await counter.stop();
    expect(taken.flatMap((b) => b.uses)).toHaveLength(1);
    warn.mockRestore();
  });
});

describe("the beacon (USAGE_BEACON)", () => {
  const article = { locale: "en" as const, journal: "journal-of-social-inquiry", articleId: "rent-gaps" };

  it("counts a page from its own page's beacon, carrying its token, under the same rules; the page's request is not counted", async () => {
    const { request, beacon, now, sent } = site({ beacon: true });
    await request(page);
    expect(await beacon(beaconBody(page, beaconToken(SECRET, article, now())))).toBe(204);
    // The same visitor again at once: a double click.
    expect(await beacon(beaconBody(page, beaconToken(SECRET, article, now())))).toBe(204);
    await request(`${page}/rent-gaps.pdf`);
    expect((await sent()).map((u) => u.kind)).toEqual(["page", "galley"]);
  });

  it("counts nothing without the page's token, for another article's, an old one or one made with another secret, or not from the site's own page", async () => {
    const { beacon, now, later, sent } = site({ beacon: true });
    const made = now();
    // The beacon of the release before: the path alone.
    expect(await beacon(page)).toBe(403);
    expect(await beacon(beaconBody(page, ""))).toBe(403);
    expect(await beacon(beaconBody(page, `${Math.floor(made / 60_000)}.${"A".repeat(22)}`))).toBe(403);
    expect(await beacon(beaconBody(page, beaconToken(SECRET, { ...article, articleId: "another" }, made)))).toBe(403);
    expect(await beacon(beaconBody(page, beaconToken("another secret of 32 characters or more", article, made)))).toBe(403);
    // A galley is counted by its request, never by a beacon.
    expect(await beacon(beaconBody(`${page}/rent-gaps.pdf`, beaconToken(SECRET, article, made)))).toBe(403);
    // From another site, or from a client that says nothing of where it comes from.
    const token = beaconToken(SECRET, article, made);
    expect(await beacon(beaconBody(page, token), { headers: { "sec-fetch-site": "cross-site" } })).toBe(403);
    expect(await beacon(beaconBody(page, token), { headers: { "sec-fetch-site": "same-site" } })).toBe(403);
    expect(await beacon(beaconBody(page, token), { headers: { "sec-fetch-site": "" } })).toBe(403);
    // A token lives as long as a page can be kept and opened, no longer.
    later(BEACON_TOKEN_LIFE_MS);
    expect(await beacon(beaconBody(page, token), { ip: "198.51.100.1" })).toBe(204);
    later(60_000);
    expect(await beacon(beaconBody(page, token), { ip: "198.51.100.2" })).toBe(403);
    expect((await sent()).length).toBe(1);
  });

  it(`takes ${BEACON_RATE.perMinute} beacons a minute from one network, then answers 429 until the next minute; other networks are not held`, async () => {
    const { beacon, now, later, sent } = site({ beacon: true });
    const body = () => beaconBody(page, beaconToken(SECRET, article, now()));
    const answers = [];
    for (let i = 0; i < BEACON_RATE.perMinute + 1; i++) answers.push(await beacon(body(), { ip: `203.0.113.${i % 200}`, agent: agent(i) }));
    expect(answers.slice(0, -1).every((status) => status === 204)).toBe(true);
    expect(answers.at(-1)).toBe(429);
    expect(await beacon(body(), { ip: "198.51.100.1" })).toBe(204);
    later(60_000);
    expect(await beacon(body(), { ip: "203.0.113.250" })).toBe(204);
    // The counter keeps them all; the content service caps what one network adds (below).
    expect(await sent()).toHaveLength(BEACON_RATE.perMinute + 2);
  });
});

/** A published demo article and its page's path. */
let article: { journalId: string; slug: string; id: string; page: string };
let bundle: ContentBundle;
beforeAll(async () => {
  bundle = demoBundle();
  const journal = bundle.journals[0];
  const issue = journal.issues.find((i) => i.articles.some((a) => a.publishedOn <= today()));
  const first = issue?.articles.find((a) => a.publishedOn <= today());
  if (!issue || !first) throw new Error("no published article in the demo");
  article = {
    journalId: journal.journal.id,
    slug: journal.journal.en.slug,
    id: first.id,
    page: `/journals/${journal.journal.en.slug}/articles/${issue.id}/${first.id}`,
  };
});

/** The article's views (COUNTER's investigations) in the database, all days together. */
const viewsIn = async (db: ContentDb) =>
  Number(
    (
      await db
        .selectFrom("usageDay")
        .where("articleId", "=", article.id)
        .where("metric", "=", "investigation")
        .select((eb) => eb.fn.sum<number | string>("totalCount").as("views"))
        .executeTakeFirst()
    )?.views ?? 0,
  );

// The counts are written by record.ts, whose tests run on both databases.
for (const database of testDatabases({ postgres: false })) {
  describe(`one client changing its user agent, counted into ${database.dialect}`, () => {
    it(`counts 20 requests with 20 user agents from one address as ${NETWORK_DAY_CAP} views; its /24 or /48 adds no more, another network does`, async () => {
      const { db } = await database.open();
      try {
        await importContent(db, bundle);
        const counter = usageCounter({ send: (batch) => recordUsage(db, batch.uses), secret: SECRET });
        const app = new Hono();
        app.use(counter.middleware((c) => c.req.header("x-test-ip")));
        app.get("*", (c) => c.text("ok"));
        const get = (path: string, ip: string, userAgent: string) => app.request(path, { headers: { "user-agent": userAgent, "x-test-ip": ip } });
        for (let i = 0; i < 20; i++) expect((await get(article.page, "203.0.113.9", agent(i))).status).toBe(200);
        await counter.flush();
        expect(await viewsIn(db)).toBe(NETWORK_DAY_CAP);
        // Its neighbours in the /24, and its PDF: nothing more. IPv6 addresses of one /48 alike.
        await get(article.page, "203.0.113.10", BROWSER);
        await get(`${article.page}/${article.id}.pdf`, "203.0.113.9", agent(99));
        for (let i = 0; i < NETWORK_DAY_CAP + 2; i++) await get(article.page, `2001:db8:7:${i}::1`, agent(i));
        await counter.flush();
        expect(await viewsIn(db)).toBe(2 * NETWORK_DAY_CAP);
        // A visitor of another network counts.
        await get(article.page, "198.51.100.7", BROWSER);
        await counter.stop();
        expect(await viewsIn(db)).toBe(2 * NETWORK_DAY_CAP + 1);
      } finally {
        await db.destroy();
      }
    });
  });
}

describe("a crash", () => {
  it("loses at most the last second of what was counted: a counting process killed with SIGKILL under load", async () => {
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), "usage-crash-")), "content.db");
    const setup = openDatabase(file);
    await migrateToLatest(setup.db);
    await importContent(setup.db, bundle);
    await setup.db.destroy();

    const child = spawn(process.execPath, ["tests/usage-counting-process.ts", file], { stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    const exited = new Promise((resolve) => child.on("exit", resolve));
    const port = await new Promise<string>((resolve, reject) => {
      const look = (chunk: Buffer) => {
        output += chunk;
        const match = /listening (\d+)/.exec(output);
        if (match) resolve(match[1]);
      };
      child.stdout.on("data", look);
      child.stderr.on("data", look);
      child.on("exit", () => reject(new Error(`the counting process exited:\n${output}`)));
    });
    try {
      // Readers, each from a network of its own, one after another, for two and a half seconds; then the process is killed.
      const answered: number[] = [];
      for (let i = 0; answered.length === 0 || (answered.at(-1) as number) - answered[0] < 2500; i++) {
        const answer = await fetch(`http://127.0.0.1:${port}${article.page}`, {
          headers: { "user-agent": BROWSER, "x-test-ip": `10.${(i >> 8) & 255}.${i & 255}.1` },
        });
        expect(await answer.text()).toBe("ok");
        answered.push(performance.now());
      }
      const killedAt = performance.now();
      child.kill("SIGKILL");
      await exited;

      const { db } = openDatabase(file);
      const views = await viewsIn(db).finally(() => db.destroy());
      // Every view answered more than a second before the kill (and half a second for the machine) is in the database.
      const safe = answered.filter((at) => at < killedAt - SEND_WITHIN_MS - 500).length;
      expect(safe).toBeGreaterThan(0);
      expect(views).toBeGreaterThanOrEqual(safe);
      expect(views).toBeLessThanOrEqual(answered.length);
    } finally {
      child.kill("SIGKILL");
    }
  }, 60_000);
});
