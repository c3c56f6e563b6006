/**
 * Every screen of the route table, with real demo paths (the sitemaps list every screen but the
 * search, which gets a query). In one locale and width: axe finds no violation of any impact, and
 * the page has one `h1`, focusable from script (tabIndex -1), where focus goes after a client-side
 * navigation. In both locales: the page is whole (200, one `<title>` as served ending with the
 * publisher's name, the `lang` of its locale, a visible `h1`, no error in the console) and nothing
 * scrolls sideways from the narrowest phone the specification names (320 px) to a desktop.
 */
import { type APIRequestContext, expect, type Page, type Response, test } from "@playwright/test";
import { matchPath } from "react-router";
import { href, type RouteEntry, screens } from "../../contract/route-table.ts";
import type { Locale } from "../../i18n/locales.ts";
import { axeViolations, fullSweep } from "./axe.ts";
import { gotoHydrated } from "./hydrated.ts";

/** Screens the sitemaps leave out, with a path that shows them with content. */
const unlisted: Record<string, Record<Locale, string>> = {
  search: { en: `${href("search")}?q=istanbul`, tr: `${href("search", {}, "tr")}?q=%C4%B0stanbul` },
};

let sitemapPaths: Promise<string[]> | undefined;
/** Every page path the sitemaps list (read once per worker). */
function listedPaths(request: APIRequestContext): Promise<string[]> {
  const locs = async (path: string) =>
    [...(await (await request.get(path)).text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname);
  sitemapPaths ??= locs("/sitemap.xml").then(async (sitemaps) => (await Promise.all(sitemaps.map(locs))).flat());
  return sitemapPaths;
}

/** The first listed path of a screen in a locale (a layout's is its index child's). */
async function pathOf(request: APIRequestContext, route: RouteEntry, locale: Locale): Promise<string> {
  if (unlisted[route.id]) return unlisted[route.id][locale];
  const path = (await listedPaths(request)).find((p) => matchPath({ path: route[locale], end: true }, decodeURI(p)));
  if (!path) throw new Error(`no listed path for ${route.id} (${locale})`);
  return path;
}

/** The table's screens, less the layouts whose page is their index child's (the same path, the same page). */
const pages = screens.filter((route) => !screens.some((child) => child.parent === route.id && child.index));

/** Errors the page writes to its console or throws, from now on. */
function pageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  return errors;
}

/** The checks of a whole page, in its locale, on the response that brought it. */
async function expectWholePage(page: Page, path: string, locale: Locale, response: Response | null) {
  expect(response?.status(), path).toBe(200);
  // One <title> as served, the page's own: crawlers and the browser tab read the first.
  expect(((await response?.text()) ?? "").match(/<title>/g)?.length, path).toBe(1);
  await expect(page.locator("html"), path).toHaveAttribute("lang", locale);
  await expect(page, path).toHaveTitle(locale === "tr" ? /Meridyen Akademik Yayıncılık$/ : /Meridian Academic Publishing$/);
  await expect(page.getByRole("heading", { level: 1 }).first(), path).toBeVisible();
  for (const width of [320, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `${path} at ${width} px scrolls sideways`).toBe(0);
  }
}

/** Every pairing of a locale and a width. */
const PAIRS = [
  ["en", 390],
  ["tr", 1440],
  ["tr", 390],
  ["en", 1440],
] as const;

/**
 * In CI each screen once, the locale and the width turning from screen to screen through the four
 * pairs, so that the sweep stays within CI's time (the layouts differ by width, the texts by
 * locale); `npm run test:axe` (AXE_SWEEP=full) takes every screen in all four.
 */
for (const [index, route] of pages.entries()) {
  for (const [locale, width] of fullSweep ? PAIRS : [PAIRS[index % PAIRS.length]]) {
    test(`${route.id} (${locale}, ${width} px) has no accessibility violation, and is whole in both locales`, async ({ page, request }) => {
      // A long page's analysis (a journal's 20 articles) took over a minute on a loaded 2-core machine.
      test.setTimeout(180_000);
      const errors = pageErrors(page);
      await page.setViewportSize({ width, height: 900 });
      const path = await pathOf(request, route, locale);
      const response = await gotoHydrated(page, path);
      expect(response?.status(), path).toBe(200);
      await expect(page.locator("main h1"), path).toHaveAttribute("tabindex", "-1");
      expect(await axeViolations(page), path).toEqual([]);
      await expectWholePage(page, path, locale, response);
      const other = locale === "en" ? "tr" : "en";
      const otherPath = await pathOf(request, route, other);
      await expectWholePage(page, otherPath, other, await page.goto(otherPath));
      expect(errors).toEqual([]);
    });
  }
}

/** The header's panels: in CI the desktop's in English and the phone's menu in Turkish, in the full sweep each in both. */
const panelLocales = (first: Locale): readonly Locale[] => (fullSweep ? ["en", "tr"] : [first]);

test.describe("with the header's panels open", () => {
  for (const locale of panelLocales("en")) {
    test(`the Services panel and the language list on a desktop (${locale})`, async ({ page }) => {
      test.setTimeout(60_000);
      await page.setViewportSize({ width: 1440, height: 900 });
      await gotoHydrated(page, href("home", {}, locale));
      await page.getByRole("button", { name: locale === "en" ? "Services" : "Hizmetler", exact: true }).click();
      expect(await axeViolations(page)).toEqual([]);
      await page.getByRole("button", { name: locale === "en" ? "Language: English" : "Dil: Türkçe" }).click();
      expect(await axeViolations(page)).toEqual([]);
    });
  }

  for (const locale of panelLocales("tr")) {
    test(`the mobile menu on a phone (${locale})`, async ({ page }) => {
      test.setTimeout(60_000);
      await page.setViewportSize({ width: 390, height: 844 });
      await gotoHydrated(page, href("journals", {}, locale));
      await page.getByRole("button", { name: locale === "en" ? "Menu" : "Menü" }).click();
      expect(await axeViolations(page)).toEqual([]);
    });
  }
});
