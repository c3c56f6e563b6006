import { expect, test } from "@playwright/test";
import { DEGRADED_PORT } from "../../playwright.config.ts";

const base = `http://127.0.0.1:${DEGRADED_PORT}`;

test("with the content service unreachable, home still renders, with zeroed statistics and no services", async ({ page }) => {
  const response = await page.goto(`${base}/`);
  expect(response?.status()).toBe(200);
  await expect(page.locator('[data-stat="journalCount"]')).toHaveText("0");
  await expect(page.locator('[data-stat="articleViews"]')).toHaveText("0");
  await expect(page.locator("#home-services ~ ul li")).toHaveCount(0);
});

test("with the content service unreachable, a list page says so in the visitor's language", async ({ page }) => {
  expect((await page.goto(`${base}/journals`))?.status()).toBe(200);
  await expect(page.getByRole("status")).toHaveText("This list could not be loaded just now. Please try again in a moment.");
  await page.goto(`${base}/tr/kitaplar`);
  await expect(page.getByRole("status")).toHaveText("Bu liste şu anda yüklenemedi. Lütfen biraz sonra yeniden deneyin.");
});

test("with the content service unreachable, sitemaps and citation files ask to come back later (503, Retry-After), never a 500", async ({
  request,
}) => {
  for (const path of [
    "/sitemap.xml",
    "/sitemaps/journals/journal-of-social-inquiry/1.xml",
    "/cite/en/books/urban-transformation-and-the-neighbourhood/ris",
  ]) {
    const response = await request.get(`${base}${path}`);
    expect([path, response.status(), response.headers()["retry-after"]]).toEqual([path, 503, "5"]);
    expect(await response.text()).toContain("This page cannot be shown just now");
  }
});
