import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliCompressSync, gzipSync } from "node:zlib";
import { Hono } from "hono";
import { beforeAll, describe, expect, it } from "vitest";
import { buildFiles } from "./build-files.ts";

const script = Buffer.from(`export const x = "${"a".repeat(2000)}";`);
let app: Hono;

/** A build as scripts/compress-assets.ts leaves it: a hashed script with its two forms, a public file, an identity file, the manifest. */
beforeAll(() => {
  const dir = mkdtempSync(path.join(tmpdir(), "build-files-"));
  for (const sub of ["assets", "_app/builds", ".vite"]) mkdirSync(path.join(dir, sub), { recursive: true });
  writeFileSync(path.join(dir, "assets/entry-abc.js"), script);
  writeFileSync(path.join(dir, "assets/entry-abc.js.br"), brotliCompressSync(script));
  writeFileSync(path.join(dir, "assets/entry-abc.js.gz"), gzipSync(script));
  writeFileSync(path.join(dir, "favicon.svg"), "<svg/>");
  writeFileSync(path.join(dir, "_app/builds/latest.json"), '{"id":"1"}');
  writeFileSync(path.join(dir, ".vite/manifest.json"), "{}");
  app = new Hono();
  app.use(buildFiles(dir, (c) => c.req.header("host") === "elsewhere.example"));
  app.all("*", (c) => c.text("passed on", 404));
});

const get = (url: string, headers: Record<string, string> = {}, method = "GET") => app.request(url, { method, headers });

describe("the build's files, from memory", () => {
  it("sends the form the request takes, with Vary, the same bytes once decoded, immutable", async () => {
    for (const [accepted, encoding, bytes] of [
      ["gzip, deflate, br, zstd", "br", brotliCompressSync(script)],
      ["gzip, deflate", "gzip", gzipSync(script)],
      ["br;q=0, gzip", "gzip", gzipSync(script)],
      ["identity", null, script],
    ] as const) {
      const response = await get("/assets/entry-abc.js", { "Accept-Encoding": accepted });
      expect(response.status).toBe(200);
      expect(response.headers.get("content-encoding"), accepted).toBe(encoding);
      expect(response.headers.get("vary")).toBe("Accept-Encoding");
      expect(response.headers.get("content-type")).toMatch(/^text\/javascript/);
      expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      expect(response.headers.get("content-security-policy")).toContain("default-src 'none'");
      expect(Buffer.from(await response.arrayBuffer()).equals(Buffer.from(bytes))).toBe(true);
    }
  });

  it("answers 304 to one who has the form, each form its own ETag", async () => {
    const br = await get("/assets/entry-abc.js", { "Accept-Encoding": "br" });
    const plain = await get("/assets/entry-abc.js");
    const tag = br.headers.get("etag") ?? "";
    expect(tag).toMatch(/^"[\w-]+-br"$/);
    expect(plain.headers.get("etag")).not.toBe(tag);
    const again = await get("/assets/entry-abc.js", { "Accept-Encoding": "br", "If-None-Match": tag });
    expect([again.status, await again.text(), again.headers.get("content-type")]).toEqual([304, "", null]);
    // A gzip form is not the Brotli one: sent whole.
    expect((await get("/assets/entry-abc.js", { "Accept-Encoding": "gzip", "If-None-Match": tag })).status).toBe(200);
  });

  it("gives public files an hour, the build's identity files revalidation, and HEAD no body", async () => {
    const icon = await get("/favicon.svg", {}, "HEAD");
    expect([icon.status, icon.headers.get("cache-control"), icon.headers.get("content-length"), await icon.text()]).toEqual([
      200,
      "public, max-age=3600",
      "6",
      "",
    ]);
    expect(icon.headers.get("vary")).toBeNull();
    expect((await get("/_app/builds/latest.json")).headers.get("cache-control")).toBe("no-cache");
  });

  it("passes on what is no file of the build, another method, the manifest, and what it is told to skip", async () => {
    for (const response of [
      await get("/assets/missing.js"),
      await get("/favicon.svg", {}, "POST"),
      await get("/.vite/manifest.json"),
      await get("/assets/entry-abc.js.br"),
      await get("/favicon.svg", { host: "elsewhere.example" }),
    ]) {
      expect(await response.text()).toBe("passed on");
    }
  });
});
