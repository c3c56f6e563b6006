/**
 * The site search: the header's box works without JavaScript, Turkish casing and letters fold,
 * the facets combine as links in the URL, and the pages are accessible in both languages.
 */
import { expect, type Page, test } from "@playwright/test";
import type { SearchAnswer } from "../../contract/search-types.ts";
import { axeViolations, fullSweep } from "./axe.ts";
import { gotoHydrated } from "./hydrated.ts";

const titles = (page: Page) => page.locator("main ol > li h2").allTextContents();
const status = (page: Page) => page.getByRole("status");
const facet = (page: Page, name: string) => page.locator("details.filters-panel").getByRole("region", { name });

/** What the content API answers for a search: what the page must show. */
async function expected(page: Page, locale: string, query: string): Promise<SearchAnswer> {
  const response = await page.request.get(`/api/search/${locale}${query}`);
  expect(response.status()).toBe(200);
  return (await response.json()) as SearchAnswer;
}

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false, viewport: { width: 1440, height: 900 } });

  test("the header's search box submits to the results page", async ({ page }) => {
    await page.goto("/journals");
    const box = page.getByRole("banner").getByRole("searchbox", { name: "Search the site" });
    await box.fill("ISTANBUL");
    await box.press("Enter");
    await expect(page).toHaveURL(/\/search\?q=ISTANBUL$/);
    const answer = await expected(page, "en", "?q=istanbul");
    expect(answer.Count).toBeGreaterThan(1);
    await expect(status(page)).toHaveText(`${answer.Count} results for “ISTANBUL”`);
    expect(await titles(page)).toEqual(answer.Items.map((r) => r.title));
    await expect(page.getByRole("main").getByRole("searchbox")).toHaveValue("ISTANBUL");
    // The same search in Turkish is one link away.
    await expect(page.locator(`header a[hreflang="tr"]`).first()).toHaveAttribute("href", "/tr/arama?q=ISTANBUL");
  });

  test("Turkish casing and letters do not matter, and results are in the page's language", async ({ page }) => {
    await page.goto("/tr/arama");
    const box = page.getByRole("main").getByRole("searchbox", { name: "Sitede ara" });
    await box.fill("İSTANBUL");
    await page.getByRole("main").getByRole("button", { name: "Ara" }).click();
    await expect(page).toHaveURL(/\/tr\/arama\?q=%C4%B0STANBUL$/);
    const lower = await expected(page, "tr", "?q=istanbul");
    expect(await titles(page)).toEqual(lower.Items.map((r) => r.title));
    await expect(status(page)).toHaveText(`“İSTANBUL” için ${lower.Count} sonuç`);

    await page.goto("/tr/arama?q=kadikoy");
    const kadikoy = await titles(page);
    expect(kadikoy.length).toBeGreaterThan(0);
    // The same article found in English is shown under its Turkish title, which the Turkish API gives.
    expect(kadikoy).toEqual((await expected(page, "tr", "?q=Kad%C4%B1k%C3%B6y")).Items.map((r) => r.title));
    await expect(page.locator("main ol > li").first()).toContainText("Kadıköy");
  });

  test("the facets combine, show their counts, and come off", async ({ page }) => {
    await page.goto("/search?q=the");
    await facet(page, "Type")
      .getByRole("link", { name: /^Article/ })
      .click();
    await expect(page).toHaveURL(/\/search\?q=the&type=article$/);
    const articles = await expected(page, "en", "?q=the&type=article");
    await expect(status(page)).toHaveText(`${articles.Count} results for “the”`);

    const year = articles.facets.year[0];
    const yearLink = facet(page, "Year").getByRole("link", { name: new RegExp(`^${year.value}`) });
    await expect(yearLink).toHaveText(`${year.value}${year.count}`);
    await yearLink.click();
    await expect(page).toHaveURL(new RegExp(`/search\\?q=the&type=article&year=${year.value}$`));
    const combined = await expected(page, "en", `?q=the&type=article&year=${year.value}`);
    expect(combined.Count).toBe(year.count);
    await expect(status(page)).toHaveText(`${combined.Count} results for “the”`);
    expect(await titles(page)).toEqual(combined.Items.map((r) => r.title));
    await expect(facet(page, "Type").getByRole("link", { name: /^Article/ })).toHaveAttribute("aria-current", "true");
    for (const tag of await page.locator("main ol > li .tag").allTextContents()) expect(tag).toBe("Article");

    // The picked year's link takes it off; "clear" takes every filter off but keeps the query.
    await facet(page, "Year")
      .getByRole("link", { name: new RegExp(`^${year.value}`) })
      .click();
    await expect(page).toHaveURL(/\/search\?q=the&type=article$/);
    await page.getByRole("link", { name: "Clear all filters" }).click();
    await expect(page).toHaveURL(/\/search\?q=the$/);
  });

  test("pages through many results, keeping the query and the filters", async ({ page }) => {
    await page.goto("/search?q=the&type=article");
    const second = await expected(page, "en", "?q=the&type=article&page=2");
    expect(second.pageCount).toBeGreaterThan(1);
    await page.getByRole("navigation", { name: "Pages" }).getByRole("link", { name: "Next" }).click();
    await expect(page).toHaveURL(/\/search\?q=the&type=article&page=2$/);
    expect(await titles(page)).toEqual(second.Items.map((r) => r.title));
  });

  test("on a phone, the header's search link opens the search page, whose box finds results", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/tr");
    await searchOnAPhone(page);
  });

  test("an empty query explains how to search; a malformed one is a page not found", async ({ page }) => {
    const empty = await page.goto("/search?q=%20");
    expect(empty?.status()).toBe(200);
    await expect(page.getByRole("heading", { name: "What are you looking for?" })).toBeVisible();
    const none = await page.goto("/tr/arama?q=zzqqxx");
    expect(none?.status()).toBe(200);
    await expect(page.getByText("“zzqqxx” ile eşleşen sonuç yok.")).toBeVisible();
    for (const query of ["?q=a&type=thesis", "?q=a&year=20x4", "?q=a&q=b", `?q=${"a".repeat(201)}`, "?q=the&page=999"]) {
      const response = await page.goto(`/search${query}`);
      expect(response?.status(), query).toBe(404);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page Not Found");
    }
  });
});

/** From a phone's header to the results: the search link, then the search page's box. */
async function searchOnAPhone(page: Page) {
  await page.getByRole("banner").getByRole("link", { name: "Sitede ara" }).click();
  await expect(page).toHaveURL(/\/tr\/arama$/);
  const box = page.getByRole("main").getByRole("searchbox", { name: "Sitede ara" });
  await box.fill("ılık");
  await box.press("Enter");
  await expect(page).toHaveURL(/\/tr\/arama\?q=%C4%B1l%C4%B1k$/);
  await expect(status(page)).toContainText("“ılık” için");
}

test.describe("with JavaScript", () => {
  test("on a phone, the header's search link opens the search page, whose box finds results", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await gotoHydrated(page, "/tr");
    await searchOnAPhone(page);
  });

  // A search with results is every-screen.spec's; here one with a facet picked (en) and one with no query (tr):
  // in CI each at one width (a phone's, a desktop's), in the full sweep (AXE_SWEEP=full) at both.
  for (const [path, ciWidth] of [
    ["/search?q=istanbul&type=article", 390],
    ["/tr/arama", 1440],
  ] as const) {
    for (const width of fullSweep ? [390, 1440] : [ciWidth]) {
      test(`${path} at ${width} px has no serious accessibility violation`, async ({ page }) => {
        await page.setViewportSize({ width, height: 900 });
        await gotoHydrated(page, path);
        expect(await axeViolations(page, { seriousOnly: true })).toEqual([]);
      });
    }
  }
});

test("an article in the results opens its own page", async ({ page }) => {
  const answer = await expected(page, "tr", "?q=yeldegirmeni&type=article");
  const [first] = answer.Items;
  expect(first.type).toBe("article");
  await gotoHydrated(page, "/tr/arama?q=yeldegirmeni&type=article");
  await page.getByRole("link", { name: first.title }).first().click();
  await expect(page).toHaveURL(new RegExp(`/tr/dergiler/${first.slug}/makaleler/${first.issueId}/${first.id}$`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(first.title);
});
