import { mkdir, mkdtemp, rm, symlink, writeFile } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createImageApp } from "./images.ts";

let dir: string;
let outside: string;
let host: Server;
let hostUrl: string;
/** What the image host did with its endless answer: how much it wrote, and whether the reader hung up first. */
const endless = { written: 0, cut: false };
const ENDLESS_BYTES = 64 * 1024 * 1024;
const photo = () =>
  sharp({ create: { width: 1200, height: 800, channels: 3, background: "#c2410c" } })
    .png()
    .toBuffer();

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "images-"));
  await writeFile(path.join(dir, "photo.png"), await photo());
  await writeFile(
    path.join(dir, "cover.svg"),
    '<svg xmlns="http://www.w3.org/2000/svg" width="400" height="600"><rect width="400" height="600" fill="#1c1917"/></svg>',
  );
  await writeFile(path.join(dir, "notes.png"), "this is not an image");
  await writeFile(
    path.join(dir, "huge.svg"),
    '<svg xmlns="http://www.w3.org/2000/svg" width="3000" height="3000"><rect width="3000" height="3000"/></svg>',
  );
  // A photo outside the image folder, and links to it (and to its folder) committed inside.
  outside = await mkdtemp(path.join(tmpdir(), "images-outside-"));
  await writeFile(path.join(outside, "secret.png"), await photo());
  await symlink(path.join(outside, "secret.png"), path.join(dir, "linked.png"));
  await symlink(outside, path.join(dir, "linked-folder"));
  await mkdir(path.join(dir, "covers"));
  await symlink(path.join(outside, "secret.png"), path.join(dir, "covers", "linked.png"));
  const served = await photo();
  host = createServer((request, response) => {
    if (request.url === "/remote/photo.png") response.end(served);
    else if (request.url === "/remote/endless.png") {
      // No Content-Length: chunks as fast as they are taken, up to 64 MB, unless the reader hangs up.
      response.writeHead(200, { "Content-Type": "image/png" });
      response.on("close", () => {
        endless.cut = !response.writableFinished;
      });
      const more = () => {
        while (!response.destroyed && endless.written < ENDLESS_BYTES) {
          endless.written += 64 * 1024;
          if (!response.write(Buffer.alloc(64 * 1024, 1))) return response.once("drain", more);
        }
        if (!response.destroyed) response.end();
      };
      more();
    } else {
      response.statusCode = 404;
      response.end();
    }
  });
  await new Promise<void>((resolve) => host.listen(0, "127.0.0.1", resolve));
  hostUrl = `http://127.0.0.1:${(host.address() as AddressInfo).port}`;
});
afterAll(async () => {
  host.close();
  await rm(dir, { recursive: true, force: true });
  await rm(outside, { recursive: true, force: true });
});

const local = () => createImageApp({ localDir: dir, maxPixels: 4_000_000 });

describe("the image optimizer", () => {
  it("resizes to an allowed width as webp, never enlarging, and keeps the result", async () => {
    const app = local();
    const response = await app.request("/images/640/photo.png");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/webp");
    expect(response.headers.get("cache-control")).toMatch(/max-age=86400/);
    const first = Buffer.from(await response.arrayBuffer());
    expect(await sharp(first).metadata()).toMatchObject({ format: "webp", width: 640, height: 427 });
    const big = Buffer.from(await (await app.request("/images/2048/photo.png")).arrayBuffer());
    expect((await sharp(big).metadata()).width).toBe(1200);
    // The source changes; the kept result is served.
    await writeFile(
      path.join(dir, "photo.png"),
      await sharp({ create: { width: 100, height: 100, channels: 3, background: "#000" } })
        .png()
        .toBuffer(),
    );
    expect(Buffer.from(await (await app.request("/images/640/photo.png")).arrayBuffer())).toEqual(first);
    await writeFile(path.join(dir, "photo.png"), await photo());
  });

  it("rasterizes SVG covers", async () => {
    const response = await local().request("/images/160/cover.svg");
    expect(await sharp(Buffer.from(await response.arrayBuffer())).metadata()).toMatchObject({ format: "webp", width: 160, height: 240 });
  });

  it("refuses unknown widths, other hosts, parent folders, non-images and too many pixels with a 4xx", async () => {
    const app = local();
    const cases: [string, number][] = [
      ["/images/333/photo.png", 400],
      ["/images/640/https://evil.example/x.png", 400],
      ["/images/640/..%2F..%2Fetc%2Fpasswd.png", 400],
      ["/images/640/photo.txt", 400],
      ["/images/640/missing.png", 404],
      ["/images/640/notes.png", 415],
      ["/images/640/huge.svg", 413],
    ];
    for (const [url, status] of cases) {
      const response = await app.request(url);
      expect([url, response.status]).toEqual([url, status]);
      expect((await response.json()).message).toBeTruthy();
    }
    // URL parsing folds a literal ".." before routing: the request names no image at all.
    expect((await app.request("/images/640/../photo.png")).status).toBe(404);
  });

  it("reads from the image host when one is configured, and only from it", async () => {
    const app = createImageApp({ host: hostUrl, localDir: dir });
    const response = await app.request("/images/320/remote/photo.png");
    expect(response.status).toBe(200);
    expect((await sharp(Buffer.from(await response.arrayBuffer())).metadata()).width).toBe(320);
    expect((await app.request("/images/320/photo.png")).status).toBe(404);
  });

  it("follows no symbolic link in the image folder: a link to a file outside it is a 404, and none of its bytes are sent", async () => {
    const app = local();
    for (const url of ["/images/320/linked.png", "/images/320/linked-folder/secret.png", "/images/320/covers/linked.png"]) {
      const response = await app.request(url);
      expect([url, response.status, response.headers.get("content-type")]).toEqual([url, 404, "application/json"]);
      expect(await response.json()).toEqual({ error: "bad_image", message: "No such image." });
    }
  });

  it("reads an image host's answer without Content-Length only up to the limit, and hangs up there", async () => {
    const app = createImageApp({ host: hostUrl, localDir: dir, maxSourceBytes: 256 * 1024 });
    const response = await app.request("/images/320/remote/endless.png");
    expect(response.status).toBe(413);
    expect((await response.json()).message).toBe("The image is too large.");
    await vi.waitFor(() => expect(endless.cut).toBe(true));
    expect(endless.written).toBeLessThan(ENDLESS_BYTES);
  });

  it("serves every answer as a file that runs nothing and that no page may frame", async () => {
    for (const url of ["/images/160/cover.svg", "/images/640/missing.png", "/images/333/photo.png"]) {
      const policy = (await local().request(url)).headers.get("content-security-policy");
      expect([url, policy]).toEqual([url, expect.stringContaining("frame-ancestors 'none'")]);
      expect(policy).toContain("default-src 'none'");
    }
  });
});
