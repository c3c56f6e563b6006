/**
 * What a keyboard or screen-reader user meets in the shell and the lists: the open mobile menu
 * holds the keyboard, header panels close when focus leaves them, a client-side navigation puts
 * focus on the new page's heading and says its title (a list's filters and pages keep focus and
 * scroll), and nothing moves under prefers-reduced-motion. That text in the other language says so
 * is read from the rendered pages (tests/site/languages.test.ts).
 */
import { type APIRequestContext, expect, type Locator, type Page, test } from "@playwright/test";
import type { ArticleSummary, JournalSummary, List, Page as ListPage } from "../../contract/api-types.ts";
import { gotoHydrated } from "./hydrated.ts";

const api = async <T>(request: APIRequestContext, path: string) => {
  const response = await request.get(path);
  expect(response.status(), path).toBe(200);
  return (await response.json()) as T;
};
/** The page's announcements (the live region after the page's content). */
const announcer = (page: Page) => page.locator("body > [aria-live=polite]");
const heading = (page: Page) => page.getByRole("heading", { level: 1 });
const hasFocus = (locator: Locator) => locator.evaluate((element) => element.contains(document.activeElement));

test.describe("the mobile menu", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("holds the keyboard while open: Tab and Shift+Tab go round it, the page behind is inert, Escape gives focus back", async ({ page }) => {
    await gotoHydrated(page, "/tr");
    const button = page.getByRole("button", { name: "Menü" });
    await button.focus();
    await page.keyboard.press("Enter");
    const menu = page.locator(`[id="${await button.getAttribute("aria-controls")}"]`);
    await expect(menu).toBeVisible();
    const links = menu.getByRole("link");
    const count = await links.count();
    expect(count).toBe(9);

    // Forward from the button through every link and back to the button, twice over.
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < count; i++) {
        await page.keyboard.press("Tab");
        await expect(links.nth(i)).toBeFocused();
      }
      await page.keyboard.press("Tab");
      await expect(button).toBeFocused();
    }
    await page.keyboard.press("Shift+Tab");
    await expect(links.last()).toBeFocused();
    await page.keyboard.press("Shift+Tab");
    await expect(links.nth(count - 2)).toBeFocused();

    // The page behind takes neither focus nor clicks, and is out of the accessibility tree.
    for (const part of ["main", "footer", "header a[aria-label]"]) {
      expect(
        await page
          .locator(part)
          .first()
          .evaluate((element) => element.closest("[inert]") !== null),
        part,
      ).toBe(true);
    }

    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
    await expect(button).toBeFocused();
    expect(await page.locator("[inert]").count()).toBe(0);
    // Tab leads on into the page again.
    await page.keyboard.press("Tab");
    expect(await hasFocus(page.getByRole("main"))).toBe(true);
  });

  test("a link in the menu leads to the new page, focus on its heading, the page no longer inert", async ({ page }) => {
    await gotoHydrated(page, "/tr");
    const button = page.getByRole("button", { name: "Menü" });
    await button.click();
    const menu = page.locator(`[id="${await button.getAttribute("aria-controls")}"]`);
    await menu.getByRole("link", { name: "Kitaplar", exact: true }).focus();
    await page.keyboard.press("Enter");
    await expect(heading(page)).toHaveText("Kitaplar");
    await expect(heading(page)).toBeFocused();
    await expect(menu).toBeHidden();
    expect(await page.locator("[inert]").count()).toBe(0);
    await expect(announcer(page)).toHaveText("Sayfa yüklendi: Kitaplar | Meridyen Akademik Yayıncılık");
  });

  test("widened past the breakpoint, where its button is gone, the menu closes and frees the page", async ({ page }) => {
    await gotoHydrated(page, "/");
    await page.getByRole("button", { name: "Menu" }).click();
    expect(await page.locator("[inert]").count()).toBeGreaterThan(0);
    await page.setViewportSize({ width: 1280, height: 800 });
    await expect.poll(() => page.locator("[inert]").count()).toBe(0);
    expect(await page.evaluate(() => document.body.style.overflow)).toBe("");
    await page.getByRole("navigation", { name: "Main navigation" }).getByRole("link", { name: "Journals", exact: true }).click();
    await expect(heading(page)).toHaveText("Journals");
  });
});

test.describe("desktop header panels", () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test("a panel closes when Tab leaves its last item, or Shift+Tab leaves its button; Escape and clicks still work", async ({ page }) => {
    await gotoHydrated(page, "/");
    const nav = page.getByRole("navigation", { name: "Main navigation" });
    const services = nav.getByRole("button", { name: "Services", exact: true });
    const panel = page.locator(`[id="${await services.getAttribute("aria-controls")}"]`);
    await services.focus();
    await page.keyboard.press("Enter");
    await expect(panel).toBeVisible();
    const items = await panel.getByRole("link").count();
    expect(items).toBeGreaterThan(1);
    for (let i = 0; i < items; i++) {
      await page.keyboard.press("Tab");
      expect(await hasFocus(panel)).toBe(true);
      await expect(services).toHaveAttribute("aria-expanded", "true");
    }
    await page.keyboard.press("Tab");
    await expect(nav.getByRole("link", { name: "Journals", exact: true })).toBeFocused();
    await expect(panel).toBeHidden();
    await expect(services).toHaveAttribute("aria-expanded", "false");

    const policies = nav.getByRole("button", { name: "Policies", exact: true });
    await policies.focus();
    await page.keyboard.press("Enter");
    await expect(policies).toHaveAttribute("aria-expanded", "true");
    await page.keyboard.press("Shift+Tab");
    // Before the chevron comes its label, the link to the overview (decision 033).
    await expect(nav.getByRole("link", { name: "Policies", exact: true })).toBeFocused();
    await expect(policies).toHaveAttribute("aria-expanded", "false");

    // Going into the panel and back to its button keeps it open; Escape closes it, focus on the button.
    await policies.click();
    // Open before the Tab (under load a key pressed sooner went past the panel not yet shown).
    const policiesPanel = page.locator(`[id="${await policies.getAttribute("aria-controls")}"]`);
    await expect(policiesPanel).toBeVisible();
    await page.keyboard.press("Tab");
    expect(await hasFocus(policiesPanel)).toBe(true);
    await page.keyboard.press("Shift+Tab");
    await expect(policies).toBeFocused();
    await expect(policies).toHaveAttribute("aria-expanded", "true");
    await page.keyboard.press("Escape");
    await expect(policies).toHaveAttribute("aria-expanded", "false");
    await expect(policies).toBeFocused();
  });

  test("the language list closes when Tab leaves it", async ({ page }) => {
    await gotoHydrated(page, "/tr/kitaplar");
    const button = page.getByRole("button", { name: "Dil: Türkçe" });
    await button.focus();
    await page.keyboard.press("Enter");
    const english = page.getByRole("link", { name: "English", exact: true });
    await expect(english).toBeVisible();
    await page.keyboard.press("Tab");
    await expect(english).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(page.getByRole("link", { name: "Türkçe", exact: true })).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(english).toBeHidden();
    await expect(button).toHaveAttribute("aria-expanded", "false");
    // On past the header: the page's trail, the first link after it (decision 033).
    expect(await hasFocus(page.getByRole("navigation", { name: "Sayfa yolu" }))).toBe(true);
  });
});

test.describe("after a client-side navigation", () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  for (const [locale, home, journals, books, said] of [
    ["en", "/", "Journals", "Books", "Page loaded: {title} | Meridian Academic Publishing"],
    ["tr", "/tr", "Dergiler", "Kitaplar", "Sayfa yüklendi: {title} | Meridyen Akademik Yayıncılık"],
  ] as const) {
    test(`focus is on the new page's heading and its title is announced, not on the first load (${locale})`, async ({ page }) => {
      await gotoHydrated(page, home);
      await expect(announcer(page)).toHaveText("");
      await expect(heading(page)).not.toBeFocused();
      const nav = page.getByRole("navigation", { name: locale === "en" ? "Main navigation" : "Ana menü" });

      // From the keyboard: the heading shows the focus ring.
      await nav.getByRole("link", { name: journals, exact: true }).focus();
      await page.keyboard.press("Enter");
      // The new page may take a while on a busy machine (a clean-clone run once took over 5 s on its
      // first Turkish journals page); what is tested is where focus lands, not how soon.
      await expect(heading(page)).toHaveText(journals, { timeout: 20_000 });
      await expect(heading(page)).toBeFocused();
      expect(await heading(page).evaluate((h1) => h1.matches(":focus-visible"))).toBe(true);
      await expect(announcer(page)).toHaveText(said.replace("{title}", journals));

      // With the mouse: focus moves all the same, with no ring where nobody used the keyboard.
      await nav.getByRole("link", { name: books, exact: true }).click();
      await expect(heading(page)).toHaveText(books, { timeout: 20_000 });
      await expect(heading(page)).toBeFocused();
      expect(await heading(page).evaluate((h1) => [h1.matches(":focus-visible"), getComputedStyle(h1).outlineStyle])).toEqual([false, "none"]);
      await expect(announcer(page)).toHaveText(said.replace("{title}", books));
      // Tab goes on from the heading, into the page, not back to the header.
      await page.keyboard.press("Tab");
      expect(await hasFocus(page.getByRole("main"))).toBe(true);
    });
  }

  test("a journal filter keeps the page where it is and the focus on the filter picked", async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 600 });
    await gotoHydrated(page, "/journals");
    const filters = page.locator("details.filters-panel");
    const doubleBlind = filters.getByRole("region", { name: "Peer review" }).getByRole("link", { name: /^Double-blind peer review/ });
    await doubleBlind.scrollIntoViewIfNeeded();
    const scrolled = await page.evaluate(() => window.scrollY);
    expect(scrolled).toBeGreaterThan(0);

    await doubleBlind.focus();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/journals\?review=double-blind$/);
    await expect(doubleBlind).toHaveAttribute("aria-current", "true");
    await expect(doubleBlind).toBeFocused();
    await expect(doubleBlind).toBeInViewport();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await expect(announcer(page)).toHaveText("");

    // The same with the mouse, taking it off again.
    await doubleBlind.click();
    await expect(page).toHaveURL(/\/journals$/);
    await expect(doubleBlind).not.toHaveAttribute("aria-current", "true");
    await expect(doubleBlind).toBeInViewport();
    await expect(heading(page)).not.toBeFocused();

    // "Clear all filters" goes away with the filters: focus goes to the panel's title, not to nothing.
    await doubleBlind.click();
    await filters.getByRole("link", { name: "Clear all filters" }).focus();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/journals$/);
    await expect(filters.getByRole("heading", { level: 2 })).toBeFocused();
  });

  test("a search from the results page keeps focus in its box; the number of results is said", async ({ page }) => {
    await gotoHydrated(page, "/search?q=istanbul");
    const box = page.getByRole("main").getByRole("searchbox", { name: "Search the site" });
    await box.fill("migration");
    await box.press("Enter");
    await expect(page).toHaveURL(/\/search\?q=migration$/);
    await expect(page.getByRole("status")).toContainText("“migration”");
    await expect(box).toBeFocused();
    await expect(box).toHaveValue("migration");
    await expect(announcer(page)).toHaveText("");
    // Back: the box shows the query of the page shown.
    await page.goBack();
    await expect(box).toHaveValue("istanbul");
  });

  test("a list's pages keep the scroll and the focus, say the new page, and focus it on the last page", async ({ page, request }) => {
    const journals = await api<List<JournalSummary>>(request, "/api/journals/en");
    let found: { slug: string; pageCount: number } | undefined;
    for (const journal of journals.Items) {
      const { pageCount } = await api<ListPage<ArticleSummary>>(request, `/api/journals/en/${journal.slug}/articles`);
      if (pageCount > 1) found = { slug: journal.slug, pageCount };
      if (found) break;
    }
    if (!found) throw new Error("no demo journal has more than one page of articles");
    const before = found.pageCount - 1;
    await gotoHydrated(page, `/journals/${found.slug}/articles${before > 1 ? `?page=${before}` : ""}`);
    const pages = page.getByRole("navigation", { name: "Pages" });
    const next = pages.getByRole("link", { name: "Next" });
    await next.scrollIntoViewIfNeeded();
    await next.focus();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(new RegExp(`\\?page=${found.pageCount}$`));
    const status = pages.getByText(`Page ${found.pageCount} of ${found.pageCount}`);
    await expect(status).toHaveAttribute("aria-live", "polite");
    // The last page has no "Next": focus is on the page number, in view.
    await expect(next).toHaveCount(0);
    await expect(status).toBeFocused();
    await expect(status).toBeInViewport();
    await expect(announcer(page)).toHaveText("");

    // Back a page: focus stays on "Previous", unless that was the first page, which has none.
    const previous = pages.getByRole("link", { name: "Previous" });
    await previous.focus();
    await page.keyboard.press("Enter");
    const shown = pages.getByText(`Page ${before} of ${found.pageCount}`);
    await expect(shown).toBeVisible();
    await expect(before > 1 ? previous : shown).toBeFocused();
    await expect(before > 1 ? previous : shown).toBeInViewport();
  });
});

test.describe("reduced motion", () => {
  /**
   * How many animations and transitions run in the page, sampled on five frames while a slow
   * navigation's bar shows: the next page's data is held until then.
   */
  async function runningDuringSlowNavigation(page: Page) {
    await gotoHydrated(page, "/");
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route("**/*.data*", async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole("navigation", { name: "Main navigation" }).getByRole("link", { name: "Books", exact: true }).click();
    await expect(page.locator("[data-loading-bar]")).toHaveAttribute("data-loading-bar", "visible");
    const samples = await page.evaluate(async () => {
      const counts: number[] = [];
      for (let i = 0; i < 5; i++) {
        counts.push(document.getAnimations().length);
        await new Promise((resolve) => requestAnimationFrame(resolve));
      }
      return counts;
    });
    release();
    // The page is rendered on a loaded machine (CI's two workers): the test is about motion, so it
    // waits for the page as long as a test may.
    await expect(heading(page)).toHaveText("Books", { timeout: 20_000 });
    return Math.max(...samples);
  }

  test("with motion allowed the loading bar creeps along", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "no-preference" });
    expect(await runningDuringSlowNavigation(page)).toBeGreaterThan(0);
  });

  test("under prefers-reduced-motion the loading bar stands still and nothing else moves", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    expect(await runningDuringSlowNavigation(page)).toBe(0);
    // Hovering a card or opening a panel starts no transition either.
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.locator(".card-link").first().hover();
    await page.getByRole("button", { name: "Services", exact: true }).click();
    expect(await page.evaluate(() => document.getAnimations().length)).toBe(0);
  });
});
