/**
 * What the browser does beyond rendering: links prefetch on intent, and the first few visible ones
 * once the page is idle, one at a time, except on data saver or 2g, Google Analytics counts every navigation when configured (and nothing loads when
 * not), and rich text never carries a javascript:, data:, blob: or vbscript: link. Nothing here
 * reaches Google: its hosts are intercepted and a stand-in plays the tag.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, type Page, test } from "@playwright/test";
import { ANALYTICS_PORT, GA_MEASUREMENT_ID } from "../../playwright.config.ts";
import { startServer } from "../../scripts/server-process.ts";
import { copySmallCatalogue } from "../small-catalogue.ts";
import { gotoHydrated } from "./hydrated.ts";

const mainNavigation = (page: Page) => page.getByRole("navigation", { name: "Main navigation" });

test.describe("link prefetching", () => {
  /** The page data fetched while the test runs, each with when its request started and ended (ms). */
  function watchData(page: Page) {
    const requests: { path: string; start: number; end?: number }[] = [];
    page.on("request", (request) => {
      if (new URL(request.url()).pathname.endsWith(".data")) requests.push({ path: new URL(request.url()).pathname, start: Date.now() });
    });
    const ended = (request: import("@playwright/test").Request) => {
      const path = new URL(request.url()).pathname;
      const entry = requests.find((r) => r.path === path && r.end === undefined);
      if (entry) entry.end = Date.now();
    };
    page.on("requestfinished", ended);
    page.on("requestfailed", ended);
    return requests;
  }

  /**
   * Opens the home page and waits until its idle prefetching has run to its end: the web fonts wait
   * for it (decision 030) and say they have come in localStorage.
   */
  async function visitHomePage(page: Page) {
    await gotoHydrated(page, "/");
    await page.waitForFunction(() => localStorage.getItem("meridian:fonts") === "1");
  }

  /** A link whose page's data the idle prefetching never fetches: a footer's, below the fold. */
  const footerLink = (page: Page) => page.getByRole("contentinfo").getByRole("link", { name: "Departments" });

  test("once the page is idle, the first visible links prefetch one at a time, three at most", async ({ page }) => {
    let loaded = 0;
    page.on("load", () => {
      loaded = Date.now();
    });
    const requests = watchData(page);
    await visitHomePage(page);
    // The header's first links at the top (the Services label links its overview, decision 033); the
    // footer's, scrolled to, not: the page has had its three. A link the pointer then rests on
    // prefetches its page, after whatever the scrolling would have started.
    await page.mouse.wheel(0, 10_000);
    await footerLink(page).hover();
    await expect.poll(() => requests.length).toBe(4);
    expect(requests.map((r) => r.path)).toEqual(["/who-we-are.data", "/services.data", "/journals.data", "/who-we-are/departments.data"]);
    // None before the page had loaded, and each only once the one before had arrived.
    expect(requests[0].start).toBeGreaterThanOrEqual(loaded);
    for (const [i, request] of requests.entries()) {
      if (i > 0) expect(request.start).toBeGreaterThanOrEqual(requests[i - 1].end ?? Number.POSITIVE_INFINITY);
    }
  });

  test("a link prefetches its page's data when the pointer rests on it, or it gets focus", async ({ page }) => {
    const requests = watchData(page);
    await visitHomePage(page);
    await page.mouse.wheel(0, 10_000);
    await footerLink(page).hover();
    await expect.poll(() => requests.map((r) => r.path)).toContain("/who-we-are/departments.data");
    await page.getByRole("link", { name: "Our services" }).focus();
    await expect.poll(() => requests.map((r) => r.path)).toContain("/services.data");
  });

  for (const connection of [{ saveData: true, effectiveType: "4g" }, { saveData: false, effectiveType: "2g" }, { effectiveType: "slow-2g" }]) {
    test(`nothing is prefetched on ${JSON.stringify(connection)}, and the page hydrates cleanly`, async ({ page }) => {
      await page.addInitScript((emulated) => {
        Object.defineProperty(Navigator.prototype, "connection", { configurable: true, get: () => emulated });
      }, connection);
      const errors: string[] = [];
      page.on("console", (message) => {
        if (message.type() === "error") errors.push(message.text());
      });
      const requests = watchData(page);
      const fonts: string[] = [];
      page.on("request", (request) => {
        if (request.url().endsWith(".woff2")) fonts.push(request.url());
      });
      // The page's timers on a clock of the test's, moved past all they would prefetch on.
      await page.clock.install();
      await gotoHydrated(page, "/");
      await page.mouse.wheel(0, 10_000);
      await mainNavigation(page).getByRole("link", { name: "Journals" }).hover();
      // The idle callbacks (at most 5 s after they are asked for) and a resting pointer's 100 ms.
      await page.clock.runFor("00:06");
      expect(requests).toEqual([]);
      expect(errors).toEqual([]);
      // Links still navigate, fetching their data only then.
      await mainNavigation(page).getByRole("link", { name: "Who We Are" }).click();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Who We Are");
      expect(requests.map((r) => r.path)).toEqual(["/who-we-are.data"]);
      // Nor the web fonts, which wait for the idle prefetching (decision 030): the pages keep the fitted fallbacks.
      expect(fonts).toEqual([]);
    });
  }
});

/**
 * Plays Google's tag: reads the gtag() queue as the real one does (arguments objects, then every
 * later push) and sends each page view as a GA4 collect request, which the tests intercept.
 */
const STAND_IN_TAG = `(() => {
  let measurementId;
  const read = (command) => {
    const [kind, name, params] = Array.from(command);
    if (kind === "config") measurementId = name;
    if (kind !== "event" || name !== "page_view") return;
    const query = new URLSearchParams({ v: "2", tid: measurementId, en: "page_view", dl: params.page_location, dp: params.page_path, dt: params.page_title, ul: params.language });
    fetch("https://region1.google-analytics.com/g/collect?" + query, { method: "POST", mode: "no-cors", keepalive: true });
  };
  const queue = (window.dataLayer = window.dataLayer || []);
  queue.forEach(read);
  queue.push = (...commands) => {
    commands.forEach(read);
    return Array.prototype.push.apply(queue, commands);
  };
})();`;

/** Intercepts every request that would leave the machine; Google's tag is answered by the stand-in. */
async function interceptOutside(page: Page) {
  const tagLoads: string[] = [];
  const pageViews: Record<string, string>[] = [];
  const otherRequests: string[] = [];
  await page.route(
    (url) => !["127.0.0.1", "localhost"].includes(url.hostname),
    (route) => {
      const url = new URL(route.request().url());
      if (url.hostname === "www.googletagmanager.com" && url.pathname === "/gtag/js") {
        tagLoads.push(url.search);
        return route.fulfill({ contentType: "text/javascript", body: STAND_IN_TAG });
      }
      if (/(^|\.)google-analytics\.com$/.test(url.hostname) && url.pathname === "/g/collect") {
        pageViews.push(Object.fromEntries(url.searchParams));
        return route.fulfill({ status: 204 });
      }
      otherRequests.push(url.href);
      return route.abort();
    },
  );
  return { tagLoads, pageViews, otherRequests };
}

test.describe("analytics", () => {
  const base = `http://127.0.0.1:${ANALYTICS_PORT}`;

  test("with GA_MEASUREMENT_ID, the tag loads and every navigation, client-side too, sends one page view", async ({ page }) => {
    const { tagLoads, pageViews, otherRequests } = await interceptOutside(page);
    const viewed = () => pageViews.map((view) => `${view.dp} ${view.ul}`);

    await gotoHydrated(page, `${base}/`);
    await expect.poll(viewed).toEqual(["/ en"]);
    expect(tagLoads).toEqual([`?id=${GA_MEASUREMENT_ID}`]);
    expect(pageViews[0]).toMatchObject({ tid: GA_MEASUREMENT_ID, dl: `${base}/`, dt: await page.title() });
    // The tag's own page view is off: this page view is the site's, sent once.
    const commands = await page.evaluate(() => (window.dataLayer ?? []).map((command) => Array.from(command as ArrayLike<unknown>)));
    expect(commands).toContainEqual(["config", GA_MEASUREMENT_ID, { send_page_view: false }]);

    // Client-side navigations, forwards and back: same document, one page view each.
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));
    await mainNavigation(page).getByRole("link", { name: "Who We Are" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Who We Are");
    await expect.poll(viewed).toEqual(["/ en", "/who-we-are en"]);
    expect(pageViews[1]).toMatchObject({ dl: `${base}/who-we-are`, dt: await page.title() });
    await mainNavigation(page).getByRole("link", { name: "Journals" }).click();
    await expect(page).toHaveURL(/\/journals$/);
    await expect.poll(viewed).toEqual(["/ en", "/who-we-are en", "/journals en"]);
    await page.goBack();
    await expect(page).toHaveURL(/\/who-we-are$/);
    await expect.poll(viewed).toEqual(["/ en", "/who-we-are en", "/journals en", "/who-we-are en"]);
    expect(await page.evaluate(() => "sameDocument" in window)).toBe(true);
    expect(tagLoads).toHaveLength(1);

    // A document load (the language switcher's links are plain links) counts too, in its language.
    await page.getByRole("button", { name: /^Language/ }).click();
    await page.getByRole("link", { name: "Türkçe" }).click();
    await expect(page).toHaveURL(/\/tr\/biz-kimiz$/);
    await expect.poll(viewed).toEqual(["/ en", "/who-we-are en", "/journals en", "/who-we-are en", "/tr/biz-kimiz tr"]);
    await page.waitForLoadState("networkidle");
    expect(pageViews).toHaveLength(5);
    expect(otherRequests).toEqual([]);
  });

  test("without GA_MEASUREMENT_ID nothing loads and nothing is sent", async ({ page }) => {
    const { tagLoads, pageViews, otherRequests } = await interceptOutside(page);
    await gotoHydrated(page, "/");
    await mainNavigation(page).getByRole("link", { name: "Who We Are" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Who We Are");
    await page.waitForLoadState("networkidle");
    expect(await page.locator('script[src*="googletagmanager"]').count()).toBe(0);
    expect(await page.evaluate(() => window.dataLayer)).toBeUndefined();
    expect([...tagLoads, ...pageViews.map(String), ...otherRequests]).toEqual([]);
  });
});

test("client navigations within a locale do not fetch the initial content and the reference entities again", async ({ page }) => {
  const loads: { path: string; routes: string | null }[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.pathname.endsWith(".data") && request.resourceType() === "fetch")
      loads.push({ path: url.pathname, routes: url.searchParams.get("_routes") });
  });
  // Prefetching would fetch pages before they are opened; this test is about the navigations.
  await page.addInitScript(() => {
    Object.defineProperty(Navigator.prototype, "connection", { configurable: true, get: () => ({ saveData: true }) });
  });
  await gotoHydrated(page, "/");
  await mainNavigation(page).getByRole("link", { name: "Journals" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Journals");
  await mainNavigation(page).getByRole("link", { name: "Who We Are" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Who We Are");
  expect(loads.map((load) => load.path)).toEqual(["/journals.data", "/who-we-are.data"]);
  // React Router names the routes whose loaders run; the root (services, policies, entities) is not one.
  for (const { routes } of loads) {
    expect(routes).toBeTruthy();
    expect(routes?.split(",")).not.toContain("root");
  }
  // Still there from the first load: the services menu, in English.
  await page.getByRole("button", { name: "Services" }).click();
  await expect(page.getByRole("link", { name: "DOI Registration and Indexing Support" })).toBeVisible();
});

test.describe("links in rich text", () => {
  const service = "/services/doi-registration-and-indexing-support";

  test("a link to a page of the site opens in the app, without loading a document", async ({ page }) => {
    await gotoHydrated(page, service);
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));
    await page.getByRole("link", { name: "quote request form" }).click();
    await expect(page).toHaveURL(/\/contact-us\/quote-request-collaboration$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Contact Us");
    await expect(page.getByRole("heading", { name: "Quotes and collaboration" })).toBeVisible();
    expect(await page.evaluate(() => "sameDocument" in window)).toBe(true);
  });

  test("a javascript:, data:, blob: or vbscript: link that got into the markup is refused with an error", async ({ page }) => {
    await gotoHydrated(page, service);
    const errors: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") errors.push(message.text());
    });
    const hrefs = [
      "javascript:window.followed=1",
      " JavaScript:window.followed=1",
      "data:text/html,followed",
      "blob:http://127.0.0.1/1",
      "vbscript:followed",
    ];
    // Rich text as a script on the page (an extension, a compromised content source) could alter it.
    await page
      .locator(".rich-text")
      .first()
      .evaluate((element, list) => {
        for (const [i, href] of list.entries()) {
          const anchor = document.createElement("a");
          anchor.setAttribute("href", href);
          anchor.textContent = `planted ${i}`;
          element.append(anchor);
        }
      }, hrefs);
    for (const [i, href] of hrefs.entries()) {
      await page.getByRole("link", { name: `planted ${i}` }).click();
      const protocol = href.trim().split(":")[0].toLowerCase();
      await expect.poll(() => errors.at(-1)).toContain(`NavigationRefused: ${protocol}: URLs are never navigated to`);
    }
    expect(errors).toHaveLength(hrefs.length);
    expect(page.url()).toMatch(new RegExp(`${service}$`));
    expect(await page.evaluate(() => "followed" in window)).toBe(false);
  });

  test("sanitizing keeps web links and drops javascript:, data:, blob: and vbscript: ones", async ({ page }) => {
    test.setTimeout(120_000);
    // The small catalogue (the demo with one journal) with one service's text carrying such links, imported by a server of its own.
    const dir = mkdtempSync(path.join(tmpdir(), "meridian-rich-text-"));
    const content = await copySmallCatalogue(path.join(dir, "content"));
    const serviceFile = path.join(content, "services", "doi-and-indexing.yaml");
    const links =
      'Links: [the Crossref site](https://www.crossref.org/), [one](javascript:alert(1)), <a href=" JavaScript:alert(1)">two</a>, ' +
      '<a href="data:text/html,x">three</a>, <a href="blob:https://x.example/1">four</a>, <a href="VBScript:msgbox(1)">five</a>.';
    const yaml = readFileSync(serviceFile, "utf8").replace("    ## Requesting a quote\n", `    ${links}\n\n    ## Requesting a quote\n`);
    writeFileSync(serviceFile, yaml);
    const server = await startServer({
      CONTENT_DIR: content,
      SQLITE_FILE: path.join(dir, "content.db"),
      DATABASE_URL: undefined,
      API_URL: undefined,
    });
    try {
      await gotoHydrated(page, `${server.base}/services/doi-registration-and-indexing-support`);
      const paragraph = page.locator("p", { hasText: "Links: the Crossref site" });
      await expect(paragraph).toHaveText("Links: the Crossref site, one, two, three, four, five.");
      expect(await paragraph.locator("a[href]").evaluateAll((anchors) => anchors.map((a) => a.getAttribute("href")))).toEqual([
        "https://www.crossref.org/",
      ]);
    } finally {
      await server.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
