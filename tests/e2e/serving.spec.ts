/**
 * How the server answers under load (issue 18, docs/decisions/006-page-cache.md): a kept page is
 * sent from bytes compressed once, in the encoding the request takes, whatever else its URL
 * carries; renders are bounded, so a burst of them neither holds a kept page back nor gets
 * anything but whole pages or a localized 503 with Retry-After.
 */
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { startServer } from "../../scripts/server-process.ts";

test("a kept page is one page whatever parameters its URL adds, sent in the encoding each request takes", async ({ request }) => {
  const tracked = `/tr/dergiler?utm_source=e2e-${test.info().workerIndex}&fbclid=${Date.now()}`;
  const first = await request.get(tracked, { headers: { "Accept-Encoding": "gzip, deflate, br, zstd" } });
  expect(first.status()).toBe(200);
  const html = await first.text();
  // Nothing of the tracking parameters reaches the page.
  expect(html).not.toContain("utm_source");
  expect(html).not.toContain("fbclid");
  expect(first.headers()["content-encoding"]).toBe("br");
  expect(first.headers().vary).toMatch(/Accept-Encoding/);

  const again = await request.get(`/tr/dergiler?gclid=${Date.now()}`, { headers: { "Accept-Encoding": "gzip" } });
  // The same kept page (fresh, or stale once after another test's import), in gzip this time.
  expect(["HIT", "STALE"]).toContain(again.headers()["x-page-cache"]);
  expect([again.headers()["content-encoding"], again.headers().etag]).toEqual(["gzip", first.headers().etag]);
  expect(await again.text()).toBe(html);
  const plain = await request.get("/tr/dergiler", { headers: { "Accept-Encoding": "identity" } });
  expect([plain.headers()["content-encoding"], await plain.text()]).toEqual([undefined, html]);
  // A parameter the page reads is another page.
  const filtered = await request.get("/tr/dergiler?access=open&utm_medium=x");
  expect(await filtered.text()).not.toBe(html);
});

test("a burst of renders is bounded: a kept page is answered in its midst, and what cannot wait gets a 503 in its language", async () => {
  test.setTimeout(120_000);
  const dir = mkdtempSync(path.join(os.tmpdir(), "serving-"));
  const server = await startServer({ SQLITE_FILE: path.join(dir, "content.db"), DATABASE_URL: undefined, RENDER_CONCURRENCY: "1" });
  try {
    const kept = `${server.base}/journals`;
    expect((await fetch(kept)).status).toBe(200);
    // Searches for words of their own: every one is a render.
    const began = Date.now();
    const searches = Array.from({ length: 200 }, (_, i) =>
      fetch(`${server.base}/tr/arama?q=${encodeURIComponent(`yük${i}x${began}`)}`).then(async (response) => ({
        status: response.status,
        retryAfter: response.headers.get("retry-after"),
        cacheControl: response.headers.get("cache-control"),
        text: await response.text(),
        at: Date.now() - began,
      })),
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
    const keptAnswer = await fetch(kept);
    const keptAt = Date.now() - began;
    const answers = await Promise.all(searches);

    expect([keptAnswer.status, keptAnswer.headers.get("x-page-cache")]).toEqual([200, "HIT"]);
    // Not behind the renders: answered before most of them were.
    const times = answers.map((a) => a.at).sort((a, b) => a - b);
    console.log(`kept page answered at ${keptAt} ms; searches answered from ${times[0]} to ${times.at(-1)} ms`);
    expect(keptAt).toBeLessThan(times[Math.floor(times.length / 2)]);

    const shed = answers.filter((a) => a.status === 503);
    expect(answers.every((a) => a.status === 200 || a.status === 503)).toBe(true);
    expect(answers.filter((a) => a.status === 200).length).toBeGreaterThan(0);
    expect(shed.length).toBeGreaterThan(0);
    for (const answer of shed) {
      expect([answer.retryAfter, answer.cacheControl]).toEqual(["5", "no-store"]);
      expect(answer.text).toContain("Şu anda yanıt verebileceğimizden fazla ziyaretçi var.");
    }
    // The process is still itself.
    expect((await fetch(`${server.base}/healthz`)).status).toBe(200);
  } finally {
    await server.stop();
  }
});
