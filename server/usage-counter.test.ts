import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import type { UsageBatch } from "../service/usage/record.ts";
import { articleUse, DOUBLE_CLICK_MS, usageCounter } from "./usage-counter.ts";

const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36";
const page = "/journals/journal-of-social-inquiry/articles/v15-n1/rent-gaps";

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

describe("the counter", () => {
  /** A site answering every path with `status`, counted, and what it sent. */
  function site(status = 200) {
    let clock = Date.parse("2026-11-26T10:00:00.000Z");
    const batches: UsageBatch[] = [];
    const counter = usageCounter({ send: async (batch) => batches.push(batch), intervalMs: 60_000, now: () => clock });
    const app = new Hono();
    app.use(counter.middleware((c) => c.req.header("x-test-ip")));
    app.all("*", (c) => (c.req.method === "HEAD" || status === 304 ? c.body(null, status as 304) : c.text("ok", status as 200)));
    const request = (path: string, { ip = "203.0.113.9", agent = BROWSER, method = "GET", headers = {} as Record<string, string> } = {}) =>
      app.request(path, { method, headers: { "user-agent": agent, "x-test-ip": ip, ...headers } });
    return {
      request,
      later: (ms: number) => {
        clock += ms;
      },
      sent: async () => {
        await counter.stop();
        return batches.flatMap((b) => b.uses);
      },
    };
  }

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
    // A visitor is a digest: neither address nor user agent is sent.
    expect(new Set(uses.map((u) => u.visitor)).size).toBe(2);
    expect(JSON.stringify(uses)).not.toMatch(/203\.0\.113\.9|Chrome/);
  });

  it("counts no robot, prefetch, HEAD request or error, and a 304 like a 200", async () => {
    const { request, sent } = site();
    await request(page, { agent: "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" });
    await request(page, { agent: "curl/8.5.0" });
    await request(page, { headers: { "sec-purpose": "prefetch" } });
    await request(page, { headers: { purpose: "prefetch" } });
    await request(page, { method: "HEAD" });
    expect(await sent()).toEqual([]);
    const missing = site(404);
    await missing.request(page);
    expect(await missing.sent()).toEqual([]);
    const unchanged = site(304);
    await unchanged.request(page);
    expect(await unchanged.sent()).toHaveLength(1);
  });

  it("keeps the uses the content service did not take for the next batch", async () => {
    const batches: UsageBatch[] = [];
    let refuse = true;
    const counter = usageCounter({
      send: async (batch) => {
        if (refuse) throw new Error("content service away");
        batches.push(batch);
      },
      intervalMs: 60_000,
    });
    const app = new Hono();
    app.use(counter.middleware(() => "203.0.113.9"));
    app.get("*", (c) => c.text("ok"));
    await app.request(page, { headers: { "user-agent": BROWSER } });
    await counter.flush();
    refuse = false;
    await counter.stop();
    expect(batches.flatMap((b) => b.uses)).toHaveLength(1);
  });
});
