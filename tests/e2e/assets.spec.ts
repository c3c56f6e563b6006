/**
 * The build's files are compressed once, at build time (scripts/compress-assets.ts): a request
 * gets the Brotli or gzip form its Accept-Encoding names, with Vary and the immutable lifetime,
 * and the same bytes as the file once decoded; one that accepts neither gets the file itself.
 */
import { readFileSync, statSync } from "node:fs";
import { expect, test } from "@playwright/test";

test("a script of the build is sent as Brotli or gzip, made at build time, or as it is", async ({ request }) => {
  const home = await (await request.get("/")).text();
  // The home page's largest script (those under 1 kB are sent as they are).
  const script = [...new Set(home.match(/\/assets\/[\w-]+\.js/g))].sort(
    (a, b) => statSync(`build/client${b}`).size - statSync(`build/client${a}`).size,
  )[0];
  expect(statSync(`build/client${script}`).size).toBeGreaterThan(1024);
  const file = readFileSync(`build/client${script}`);
  for (const [accepted, encoding] of [
    ["gzip, deflate, br, zstd", "br"],
    ["gzip, deflate", "gzip"],
    ["identity", undefined],
  ] as const) {
    const response = await request.get(script as string, { headers: { "Accept-Encoding": accepted } });
    const headers = response.headers();
    expect(headers["content-encoding"], accepted).toBe(encoding);
    if (encoding) {
      expect(headers.vary).toMatch(/Accept-Encoding/i);
      // The stored form's bytes (not compressed anew for this request).
      expect(Number(headers["content-length"])).toBe(readFileSync(`build/client${script}.${encoding === "br" ? "br" : "gz"}`).length);
    }
    expect(headers["cache-control"]).toContain("immutable");
    expect(Buffer.from(await response.body()).equals(file)).toBe(true);
  }
});

test("a file that is not hashed carries an ETag, and one who has it gets a 304", async ({ request }) => {
  const icon = await request.get("/favicon.svg");
  const etag = icon.headers().etag;
  expect([icon.status(), icon.headers()["cache-control"], etag]).toEqual([200, "public, max-age=3600", expect.stringMatching(/^"[\w+/=-]+"$/)]);
  const again = await request.get("/favicon.svg", { headers: { "If-None-Match": etag } });
  expect([again.status(), await again.text()]).toEqual([304, ""]);
});
