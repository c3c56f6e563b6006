/**
 * The journal directory's filters: links in the URL that combine, work without JavaScript, show
 * how many journals each would leave, and are named from the reference entities in each language.
 */
import { expect, type Page, test } from "@playwright/test";
import type { JournalDirectory } from "../../contract/api-types.ts";
import { axeViolations } from "./axe.ts";
import { gotoHydrated } from "./hydrated.ts";

const filters = (page: Page) => page.locator("details.filters-panel");
const option = (page: Page, facet: string, name: string | RegExp) => filters(page).getByRole("region", { name: facet }).getByRole("link", { name });
const status = (page: Page) => page.getByRole("status");
const journalTitles = (page: Page) => page.locator("main ul.grid > li .font-serif").allTextContents();

/** The journals the content API gives for a query: what the page must list. */
async function expected(page: Page, locale: string, query: string) {
  const response = await page.request.get(`/api/journals/${locale}${query}`);
  return ((await response.json()) as JournalDirectory).Items.map((journal) => journal.title);
}

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false, viewport: { width: 1440, height: 900 } });

  test("filters combine, are marked when picked, and come off one by one or all at once", async ({ page }) => {
    await page.goto("/journals");
    const all = await expected(page, "en", "");
    await expect(status(page)).toHaveText(`${all.length} journals`);

    await option(page, "Indexed in", /^Scopus/).click();
    await expect(page).toHaveURL(/\/journals\?index=scopus$/);
    const scopus = await expected(page, "en", "?index=scopus");
    expect(scopus.length).toBeGreaterThan(0);
    expect(scopus.length).toBeLessThan(all.length);
    await expect(status(page)).toHaveText(`${scopus.length} ${scopus.length === 1 ? "journal" : "journals"}`);
    expect(await journalTitles(page)).toEqual(scopus);
    await expect(option(page, "Indexed in", /^Scopus/)).toHaveAttribute("aria-current", "true");
    await expect(option(page, "Indexed in", /^Scopus/)).toHaveAccessibleName(/^Scopus ?, selected, choose to remove 2$/);

    // Every option offered leaves at least one journal, and says how many.
    const doubleBlind = option(page, "Peer review", /^Double-blind peer review/);
    const combined = await expected(page, "en", "?index=scopus&review=double-blind");
    await expect(doubleBlind).toHaveText(`Double-blind peer review${combined.length}`);
    await doubleBlind.click();
    await expect(page).toHaveURL(/\/journals\?index=scopus&review=double-blind$/);
    expect(await journalTitles(page)).toEqual(combined);
    await expect(page.getByRole("link", { name: "Clear all filters" })).toBeVisible();

    // The picked option's link takes it off, and only it.
    await option(page, "Indexed in", /^Scopus/).click();
    await expect(page).toHaveURL(/\/journals\?review=double-blind$/);
    expect(await journalTitles(page)).toEqual(await expected(page, "en", "?review=double-blind"));

    await page.getByRole("link", { name: "Clear all filters" }).click();
    await expect(page).toHaveURL(/\/journals$/);
    expect(await journalTitles(page)).toEqual(all);
    await expect(page.getByRole("link", { name: "Clear all filters" })).toHaveCount(0);
  });

  test("in Turkish, the options are named and sorted in Turkish", async ({ page }) => {
    await page.goto("/tr/dergiler");
    const subjects = await filters(page)
      .getByRole("region", { name: "Konu" })
      .getByRole("link")
      .evaluateAll((links) => links.map((link) => link.firstElementChild?.textContent ?? ""));
    expect(subjects.length).toBeGreaterThan(3);
    expect(subjects).toEqual([...subjects].sort(new Intl.Collator("tr").compare));
    expect(subjects).toContain("Şehircilik");
    await option(page, "Erişim", /^Açık erişim/).click();
    await expect(page).toHaveURL(/\/tr\/dergiler\?access=open$/);
    const open = await expected(page, "tr", "?access=open");
    await expect(status(page)).toHaveText(`${open.length} dergi`);
  });

  test("a filter naming nothing, or named twice, is a page not found", async ({ page }) => {
    for (const query of ["?category=astrology", "?access=closed", "?index=doaj&index=scopus", "?category=scopus"]) {
      const response = await page.goto(`/journals${query}`);
      expect(response?.status(), query).toBe(404);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page Not Found");
    }
  });
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the filters are a disclosure that the keyboard opens, and a pick keeps the page in the app", async ({ page }) => {
    await gotoHydrated(page, "/journals");
    const panel = page.locator("details.filters-panel");
    await expect(panel.getByRole("heading", { name: "Subject" })).toBeHidden();
    await panel.locator("summary").focus();
    await page.keyboard.press("Enter");
    await expect(panel.getByRole("heading", { name: "Subject" })).toBeVisible();
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));
    await option(page, "Indexed in", /^Scopus/).click();
    await expect(page).toHaveURL(/\?index=scopus$/);
    await expect(panel.locator("summary")).toHaveText("Filters1 active");
    expect(await page.evaluate(() => "sameDocument" in window)).toBe(true);
    expect(await journalTitles(page)).toEqual(await expected(page, "en", "?index=scopus"));
  });

  test("axe finds no serious or critical violation, closed or open, with a filter picked", async ({ page }) => {
    await gotoHydrated(page, "/tr/dergiler?index=scopus");
    const serious = () => axeViolations(page, { seriousOnly: true });
    expect(await serious()).toEqual([]);
    await page.locator("details.filters-panel summary").click();
    expect(await serious()).toEqual([]);
  });
});
