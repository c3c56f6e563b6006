import { readFileSync } from "node:fs";
import { join } from "node:path";
import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync, gzipSync } from "node:zlib";
import { Hono } from "hono";
import { describe, expect, it, vi } from "vitest";
import { DEGRADED_HEADER, pageCache } from "./page-cache.ts";

/** A page long enough for Brotli's qualities to differ, rendered the same every time: the project's README. */
const samePage = readFileSync(join(import.meta.dirname, "../README.md"));

/**
 * A site behind the page cache. `held`: every render waits for it, so that requests the test sends
 * together meet while one renders (the test resolves it, not a number of milliseconds).
 */
function site(options: { maxEntries?: number; maxBytes?: number; held?: Promise<void>; keyOf?: (url: string) => string } = {}) {
  // lru-cache reads a time of 0 as none: the clock starts well above it.
  let clock = 1_000_000;
  let renders = 0;
  /** What a render gives while the content cannot be read: a degraded page, or a 503. */
  let outage: "degraded" | "503" | undefined;
  /** Paths whose work was withdrawn: a 404 now. */
  const withdrawn = new Set<string>();
  const render = async (request: Request) => {
    renders++;
    await options.held;
    const path = new URL(request.url).pathname;
    if (outage === "degraded") return new Response(`${path} degraded`, { headers: { "cache-control": "no-store", [DEGRADED_HEADER]: "1" } });
    if (outage === "503") return new Response("unavailable", { status: 503 });
    if (path === "/missing" || withdrawn.has(path)) return new Response("no", { status: 404 });
    if (path === "/cookie") return new Response("c", { headers: { "set-cookie": "a=b" } });
    if (path === "/same") return new Response(samePage, { headers: { "content-type": "text/html" } });
    // A page of some 100 kB that names the host it was asked for, as one without PUBLIC_URL does in its links.
    if (path === "/named") {
      const host = new URL(request.url).host;
      const body = Array.from({ length: 4000 }, (_, i) => `<p>${host} ${(i * 7919) % 10007}</p>`).join("");
      return new Response(body, { headers: { "content-type": "text/html" } });
    }
    if (path === "/feed.atom") return new Response("f", { headers: { "cache-control": "public, max-age=600" } });
    return new Response(`${path} #${renders}`, { headers: { "content-type": "text/html" } });
  };
  const app = new Hono();
  const cache = pageCache({
    freshMs: 1000,
    staleMs: 5000,
    staleIfErrorMs: 60_000,
    maxEntries: options.maxEntries ?? 10,
    maxBytes: options.maxBytes ?? 1_000_000,
    render,
    keyOf: options.keyOf,
    headers: { "X-Frame-Options": "DENY" },
    now: () => clock,
  });
  app.use("*", cache.middleware);
  app.all("*", (c) => render(c.req.raw));
  const get = async (path: string, method = "GET") => {
    const response = await app.request(path, { method });
    return { text: await response.text(), state: response.headers.get("x-page-cache") };
  };
  const setOutage = (value: typeof outage) => {
    outage = value;
  };
  const withdraw = (path: string) => withdrawn.add(path);
  return { app, cache, get, tick: (ms: number) => (clock += ms), renders: () => renders, setOutage, withdraw };
}

describe("the page cache", () => {
  it("renders a page once while it is fresh", async () => {
    const s = site();
    expect(await s.get("/journals")).toEqual({ text: "/journals #1", state: "MISS" });
    s.tick(999);
    expect(await s.get("/journals")).toEqual({ text: "/journals #1", state: "HIT" });
    expect(s.renders()).toBe(1);
  });

  it("serves a stale page while rendering it again once, then the new one", async () => {
    const s = site();
    await s.get("/books");
    s.tick(1500);
    expect(await s.get("/books")).toEqual({ text: "/books #1", state: "STALE" });
    expect(await s.get("/books")).toEqual({ text: "/books #1", state: "STALE" });
    // Asked for until the new page is kept: no other render meanwhile.
    await vi.waitFor(async () => expect(await s.get("/books")).toEqual({ text: "/books #2", state: "HIT" }));
    expect(s.renders()).toBe(2);
  });

  it("renders again when the page is older than fresh plus stale", async () => {
    const s = site();
    await s.get("/books");
    s.tick(6001);
    expect(await s.get("/books")).toEqual({ text: "/books #2", state: "MISS" });
  });

  it("keeps no error, no answer that sets a cookie or its own Cache-Control, and nothing but GET", async () => {
    const s = site();
    await s.get("/missing");
    await s.get("/cookie");
    await s.get("/feed.atom");
    await s.get("/form", "POST");
    expect(await s.get("/missing")).toEqual({ text: "no", state: null });
    expect((await s.get("/cookie")).state).toBeNull();
    const feed = await s.app.request("/feed.atom");
    expect([feed.headers.get("x-page-cache"), feed.headers.get("cache-control"), feed.headers.get("etag")]).toEqual([
      null,
      "public, max-age=600",
      null,
    ]);
    expect((await s.get("/form", "POST")).state).toBeNull();
    expect(s.renders()).toBe(8);
  });

  it("forgets the least recently used page beyond its size", async () => {
    const s = site({ maxEntries: 2 });
    await s.get("/a");
    await s.get("/b");
    await s.get("/a");
    await s.get("/c");
    expect((await s.get("/a")).state).toBe("HIT");
    expect((await s.get("/b")).state).toBe("MISS");
  });

  it("answers a request that has the page's bytes with a 304, and tells a CDN how long to keep it", async () => {
    const s = site();
    const first = await s.app.request("/journals");
    const etag = first.headers.get("etag") as string;
    expect(etag).toMatch(/^W\/"[\w-]+"$/);
    expect(first.headers.get("cache-control")).toBe("public, max-age=0, s-maxage=1, stale-while-revalidate=5, stale-if-error=60");
    const again = await s.app.request("/journals", { headers: { "If-None-Match": etag } });
    expect([again.status, await again.text(), again.headers.get("etag")]).toEqual([304, "", etag]);
    // Another page's tag, or none, gets the page itself.
    expect((await s.app.request("/journals", { headers: { "If-None-Match": 'W/"other"' } })).status).toBe(200);
    // New bytes, a new tag: the old one no longer matches.
    s.tick(7000);
    const rendered = await s.app.request("/journals", { headers: { "If-None-Match": etag } });
    expect([rendered.status, await rendered.text()]).toEqual([200, "/journals #2"]);
    expect(rendered.headers.get("etag")).not.toBe(etag);
  });

  it("never keeps a degraded page: the good copy stays, and stands in while the outage lasts", async () => {
    const s = site();
    await s.get("/books");
    s.setOutage("degraded");
    // Stale: rendered again in the background, degraded, so not kept.
    s.tick(1500);
    expect(await s.get("/books")).toEqual({ text: "/books #1", state: "STALE" });
    await vi.waitFor(() => expect(s.renders()).toBe(2));
    // Past fresh plus stale: the render is degraded, the good copy answers instead.
    s.tick(10_000);
    expect(await s.get("/books")).toEqual({ text: "/books #1", state: "STALE" });
    s.setOutage("503");
    expect(await s.get("/books")).toEqual({ text: "/books #1", state: "STALE" });
    // A page never rendered whole is sent as it is, and kept by nobody.
    s.setOutage("degraded");
    const degraded = await s.app.request("/journals");
    expect([await degraded.text(), degraded.headers.get("cache-control"), degraded.headers.get("x-page-cache")]).toEqual([
      "/journals degraded",
      "no-store",
      null,
    ]);
    // Back: the next render is whole and kept.
    s.setOutage(undefined);
    expect(await s.get("/books")).toEqual({ text: `/books #${s.renders()}`, state: "MISS" });
    expect((await s.get("/books")).state).toBe("HIT");
    // Too old to stand in: the outage's answer is sent.
    s.setOutage("503");
    s.tick(61_000);
    expect(await s.get("/books")).toEqual({ text: "unavailable", state: null });
  });

  it("serves a page once more, stale, while rendering it again, when the content moved on", async () => {
    const s = site();
    await s.get("/journals");
    expect((await s.get("/journals")).state).toBe("HIT");
    s.cache.markStale();
    expect(await s.get("/journals")).toEqual({ text: "/journals #1", state: "STALE" });
    await vi.waitFor(async () => expect(await s.get("/journals")).toEqual({ text: "/journals #2", state: "HIT" }));
    expect(s.renders()).toBe(2);
  });

  it("drops a page now answered with a 404, so that no later outage brings it back", async () => {
    const s = site();
    await s.get("/books");
    s.withdraw("/books");
    s.tick(6001);
    expect(await s.get("/books")).toEqual({ text: "no", state: null });
    s.setOutage("503");
    expect(await s.get("/books")).toEqual({ text: "unavailable", state: null });
  });

  it("renders a page again when the content moved on while it rendered", async () => {
    const s = site();
    await s.get("/journals");
    s.tick(1500);
    expect(await s.get("/journals")).toEqual({ text: "/journals #1", state: "STALE" });
    // An import lands while #2 renders, which may have read the content before it.
    s.cache.markStale();
    await vi.waitFor(async () => expect(await s.get("/journals")).toEqual({ text: "/journals #3", state: "HIT" }));
    expect(s.renders()).toBe(3);
  });

  it("renders a page once for many simultaneous misses, and answers them all with it", async () => {
    const render = Promise.withResolvers<void>();
    const s = site({ held: render.promise });
    const asking = Promise.all(Array.from({ length: 32 }, () => s.get("/journals")));
    // Once the event loop turns, every request has reached the cache (its look-ups take no I/O).
    await new Promise((resolve) => setImmediate(resolve));
    expect(s.renders()).toBe(1);
    render.resolve();
    const answers = await asking;
    expect(s.renders()).toBe(1);
    expect(new Set(answers.map((a) => a.text))).toEqual(new Set(["/journals #1"]));
    expect(answers.filter((a) => a.state === "MISS")).toHaveLength(1);
  });

  it("does not share a page it may not keep: each simultaneous request renders its own", async () => {
    const render = Promise.withResolvers<void>();
    const s = site({ held: render.promise });
    const asking = Promise.all(Array.from({ length: 3 }, () => s.get("/cookie")));
    await new Promise((resolve) => setImmediate(resolve));
    render.resolve();
    await asking;
    expect(s.renders()).toBe(3);
  });

  it("lets the oldest pages go past its byte limit, every encoding counted", async () => {
    // Each page is 6 bytes ("/pN #R") as rendered, plus its Brotli and gzip copies: room for two.
    const page = Buffer.from("/p1 #1");
    const bytes = page.length + gzipSync(page).length + brotliCompressSync(page, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }).length;
    const s = site({ maxBytes: 2 * bytes + 1 });
    for (const path of ["/p1", "/p2", "/p3"]) await s.get(path);
    expect((await s.get("/p3")).state).toBe("HIT");
    expect((await s.get("/p2")).state).toBe("HIT");
    expect((await s.get("/p1")).state).toBe("MISS");
  });

  it("holds no more than its limits in memory, however many hosts and URLs ask for pages", async () => {
    // Each page 100 kB as rendered, 5 and 11 kB compressed: room for eight in 1 MB, counted as held.
    const s = site({ maxBytes: 1_000_000, maxEntries: 40 });
    for (let i = 0; i < 60; i++) await s.app.request(`http://h${i}.localhost/named`);
    expect(s.cache.held().entries).toBe(8);
    expect(s.cache.held().bytes).toBeLessThanOrEqual(1_000_000);
    // Small pages: the number of pages is the bound.
    for (let i = 0; i < 60; i++) await s.app.request(`http://localhost/journals?n=${i}`);
    expect(s.cache.held().entries).toBe(40);
  });

  it("compresses a page once when it keeps it, and sends each request the encoding it takes", async () => {
    const s = site();
    const ask = (acceptEncoding?: string) => s.app.request("/journals", { headers: acceptEncoding ? { "Accept-Encoding": acceptEncoding } : {} });
    const browser = await ask("gzip, deflate, br, zstd");
    expect([browser.headers.get("content-encoding"), browser.headers.get("vary"), browser.headers.get("x-frame-options")]).toEqual([
      "br",
      "Accept-Encoding",
      "DENY",
    ]);
    expect(brotliDecompressSync(Buffer.from(await browser.arrayBuffer())).toString()).toBe("/journals #1");
    const gzipOnly = await ask("gzip;q=1, br;q=0");
    expect(gzipOnly.headers.get("content-encoding")).toBe("gzip");
    expect(gunzipSync(Buffer.from(await gzipOnly.arrayBuffer())).toString()).toBe("/journals #1");
    const none = await ask();
    expect([none.headers.get("content-encoding"), await none.text()]).toEqual([null, "/journals #1"]);
    expect((await ask("identity")).headers.get("content-encoding")).toBeNull();
    expect(s.renders()).toBe(1);
  });

  it("sends a page asked for again in Brotli's best form, and keeps that form while the page renders the same", async () => {
    const s = site();
    const quick = brotliCompressSync(samePage, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }).length;
    const best = brotliCompressSync(samePage, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
    expect(best).toBeLessThan(quick * 0.95);
    const ask = async () => {
      const response = await s.app.request("/same", { headers: { "Accept-Encoding": "gzip, deflate, br, zstd" } });
      const body = Buffer.from(await response.arrayBuffer());
      expect(brotliDecompressSync(body).equals(samePage)).toBe(true);
      return { state: response.headers.get("x-page-cache"), etag: response.headers.get("etag"), length: body.length };
    };
    const first = await ask();
    expect(first).toMatchObject({ state: "MISS", length: quick });
    // Asked for again: still the quick form, while the best is made in the background.
    expect(await ask()).toEqual({ ...first, state: "HIT" });
    await vi.waitFor(async () => expect((await ask()).length).toBe(best));
    expect((await ask()).etag).toBe(first.etag);
    // Stale, rendered again with the same bytes: the best form is kept, not made anew.
    s.tick(1500);
    expect((await ask()).state).toBe("STALE");
    await vi.waitFor(async () => expect(await ask()).toEqual({ state: "HIT", etag: first.etag, length: best }));
    expect(s.renders()).toBe(2);
  });

  it("keeps one page for the URLs its key makes one, and answers kept pages alone ahead of other work", async () => {
    const s = site({ keyOf: (url) => url.replace(/\?.*/, "") });
    expect(await s.get("/journals?utm_source=news")).toEqual({ text: "/journals #1", state: "MISS" });
    expect(await s.get("/journals?fbclid=1")).toEqual({ text: "/journals #1", state: "HIT" });
    const early = new Hono();
    early.use("*", s.cache.answerKept);
    early.all("*", (c) => c.text("not kept", 404));
    expect(await (await early.request("/journals?x")).text()).toBe("/journals #1");
    expect(await (await early.request("/books")).text()).toBe("not kept");
    expect(await (await early.request("/journals", { method: "POST" })).text()).toBe("not kept");
  });
});
