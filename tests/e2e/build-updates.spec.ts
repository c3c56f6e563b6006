/**
 * A tab left open across a deploy: a changed build id makes the next navigation a full page load,
 * a route module that no longer loads reloads the page once (not in a loop), and the build's meta
 * file is fetched and describes what the server does. Deploys are simulated with page.route; the
 * build's files are never changed.
 */
import { expect, type Page, test } from "@playwright/test";
import { gotoHydrated } from "./hydrated.ts";

const LATEST = "/_app/builds/latest.json";
const META = /\/_app\/builds\/meta\/[\w-]+\.json$/;

/** A mark on the document: it survives client navigations, not a document load. */
const markDocument = (page: Page) => page.evaluate(() => Object.assign(window, { sameDocument: true }));
const isSameDocument = (page: Page) => page.evaluate(() => "sameDocument" in window);
const aboutLink = (page: Page) => page.locator('a[href="/who-we-are"]:visible').first();

test.describe("a changed build id", () => {
  for (const deployed of [true, false]) {
    test(deployed ? "makes the next link click a full page load" : "absent, a link click stays a client navigation", async ({ page }) => {
      await page.clock.install();
      await gotoHydrated(page, "/");
      if (deployed) await page.route(`**${LATEST}`, (route) => route.fulfill({ json: { id: "a-later-build", timestamp: Date.now() } }));
      const noticed = deployed ? page.waitForEvent("console", (message) => message.text().includes("newer version")) : undefined;
      const checked = page.waitForResponse(`**${LATEST}`);
      // The hourly check, without waiting an hour.
      await page.clock.fastForward("01:00:00");
      await checked;
      await noticed;
      await markDocument(page);
      await aboutLink(page).click();
      await page.waitForURL("**/who-we-are");
      await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
      expect(await isSameDocument(page)).toBe(!deployed);
    });
  }

  test("makes going back a full page load that keeps the history", async ({ page }) => {
    await page.clock.install();
    await gotoHydrated(page, "/");
    await aboutLink(page).click();
    await page.waitForURL("**/who-we-are");
    await page.route(`**${LATEST}`, (route) => route.fulfill({ json: { id: "a-later-build", timestamp: Date.now() } }));
    const noticed = page.waitForEvent("console", (message) => message.text().includes("newer version"));
    await page.clock.fastForward("01:00:00");
    await noticed;
    await markDocument(page);
    await page.goBack();
    await page.waitForURL((url) => url.pathname === "/");
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    expect(await isSameDocument(page)).toBe(false);
    await page.goForward();
    await page.waitForURL("**/who-we-are");
  });

  test("latest.json is served no-cache, hashed assets immutable", async ({ page, request }) => {
    const latest = await request.get(LATEST);
    expect(latest.headers()["cache-control"]).toBe("no-cache");
    expect(await latest.json()).toEqual({ id: expect.any(String), timestamp: expect.any(Number) });
    await page.goto("/");
    const script = page.locator('script[type="module"][src^="/assets/"], link[rel="modulepreload"][href^="/assets/"]').first();
    const asset = (await script.getAttribute("src")) ?? (await script.getAttribute("href"));
    expect((await request.get(asset as string)).headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
  });
});

test("a route module that fails to load reloads the page once, then shows the error page", async ({ page }) => {
  // The page's clock stands still (its timers run): the second failure below falls within the reload
  // guard's 10 s (app/lib/chunk-reload.ts) however long a loaded machine takes to reload the page.
  await page.clock.setFixedTime(Date.now());
  // The page's chunk is gone, as after a deploy, from the start.
  await page.route(/\/assets\/about-[\w-]+\.js$/, (route) => route.abort());
  let loads = 0;
  page.on("load", () => loads++);
  const prefetchFailed = page.waitForEvent("requestfailed", (request) => /\/assets\/about-[\w-]+\.js$/.test(request.url()));
  await gotoHydrated(page, "/");
  // The header's link prefetches the module once the page is idle: that failure alone reloads nothing.
  // The idle prefetching goes on to the next links and, at its end, lets the web fonts in (decision 030).
  await prefetchFailed;
  await page.waitForFunction(() => localStorage.getItem("meridian:fonts") === "1");
  expect(loads).toBe(1);

  await markDocument(page);
  const reloaded = page.waitForEvent("load");
  await aboutLink(page).click();
  await reloaded;
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  expect(new URL(page.url()).pathname).toBe("/");
  expect(await isSameDocument(page)).toBe(false);

  // Failing again within 10 s: no second reload, the error page instead.
  await markDocument(page);
  await aboutLink(page).click();
  await expect(page.getByRole("heading", { level: 1, name: "Internal Server Error" })).toBeVisible();
  expect(await isSameDocument(page)).toBe(true);
});

test("the build's meta file is fetched after load and lists the route rules the server follows", async ({ page, request }) => {
  const metaResponse = page.waitForResponse(META);
  await page.goto("/");
  const response = await metaResponse;
  expect(response.headers()["cache-control"]).toBe("no-cache");
  const meta = await response.json();
  expect(meta.id).toBe((await (await request.get(LATEST)).json()).id);
  expect(meta).toMatchObject({ prerendered: expect.any(Array), redirects: [] });
  expect(meta.routeRules["/assets/**"]).toEqual({ headers: { "cache-control": "public, max-age=31536000, immutable" } });
  expect(meta.routeRules["/**"]).toEqual({ cache: { swr: true, maxAge: 10, staleMaxAge: 60 } });
  // The form pages' rule is what those pages answer, and other pages are not no-store.
  for (const pattern of ["/contact-us/**", "/tr/bize-ulasin/**", "/form-permission", "/tr/form-permission"]) {
    expect(meta.routeRules[pattern]).toEqual({ cache: false, headers: { "cache-control": "no-store" } });
  }
  for (const [path, noStore] of [
    ["/contact-us/finance", true],
    ["/tr/bize-ulasin", true],
    ["/form-permission", true],
    ["/who-we-are", false],
  ] as const) {
    const cacheControl = (await request.get(path)).headers()["cache-control"] ?? "";
    expect(cacheControl.includes("no-store"), path).toBe(noStore);
  }
});
