import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Hono } from "hono";
import { afterAll, describe, expect, it } from "vitest";
import { MANIFEST, prerenderedPages } from "./prerendered.ts";

describe("prerendered pages", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "prerendered-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  writeFileSync(path.join(dir, "0.html"), "<title>About</title>");
  writeFileSync(path.join(dir, "0.data"), "[about-data]");
  writeFileSync(path.join(dir, "1.html"), "<title>Home</title>");
  writeFileSync(path.join(dir, "1.data"), "[home-data]");
  writeFileSync(
    path.join(dir, MANIFEST),
    JSON.stringify([
      { path: "/tr/biz-kimiz", html: "0.html", data: "0.data", dataType: "text/x-script" },
      { path: "/", html: "1.html", data: "1.data", dataType: "text/x-script" },
    ]),
  );
  const app = new Hono();
  const middleware = prerenderedPages(dir, (html) => `policy of ${html.length} characters`);
  if (middleware) app.use("*", middleware);
  app.all("*", (c) => c.text("rendered"));

  it("answers the prerendered paths and their data files, and nothing else", async () => {
    const page = await app.request("/tr/biz-kimiz");
    expect(page.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(await page.text()).toBe("<title>About</title>");
    // The page's policy, computed from its HTML when the files were read.
    expect(page.headers.get("content-security-policy")).toBe("policy of 20 characters");
    expect(await (await app.request("/tr/biz-kimiz.data")).text()).toBe("[about-data]");
    expect(await (await app.request("/_.data")).text()).toBe("[home-data]");
    expect(await (await app.request("/tr/biz-kimiz/departmanlar/x")).text()).toBe("rendered");
    expect(await (await app.request("/tr/biz-kimiz", { method: "POST" })).text()).toBe("rendered");
  });

  it("is absent when the build prerendered nothing", () => {
    expect(prerenderedPages(path.join(dir, "none"), () => "")).toBeUndefined();
  });
});
