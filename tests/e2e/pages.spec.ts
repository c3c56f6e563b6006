import { expect, test } from "@playwright/test";
import { href } from "../../contract/route-table.ts";
import { gotoHydrated } from "./hydrated.ts";

test("client-side navigation reaches a journal's issue and its editorial board", async ({ page }) => {
  await gotoHydrated(page, "/tr/dergiler");
  await page.getByRole("link", { name: /Sosyal Araştırmalar Dergisi/ }).click();
  await page.getByRole("link", { name: "Makaleler" }).click();
  await expect(page.getByRole("heading", { name: /^Cilt \d+, Sayı \d+ \(\d{4}\)/ }).first()).toBeVisible();
  await page.getByRole("navigation", { name: "Tüm sayılar" }).getByRole("link").first().click();
  await expect(page).toHaveURL(/\/tr\/dergiler\/sosyal-arastirmalar-dergisi\/makaleler\/v\d+-n\d+$/);
  await page.getByRole("link", { name: "Editör kadrosu" }).click();
  await expect(page.getByRole("heading", { name: "Baş Editör" })).toBeVisible();
  expect(decodeURI(new URL(page.url()).pathname)).toBe("/tr/dergiler/sosyal-arastirmalar-dergisi/editör-kadrosu");
});

test("home shows the five statistics computed from the catalogue", async ({ page, request }) => {
  await page.goto("/");
  const shownViews = Number((await page.locator('[data-stat="articleViews"]').textContent())?.replace(/,/g, ""));
  const initial = await (await request.get("/api/en/initial")).json();
  for (const key of ["journalCount", "articleCount", "globalIndexingDatabases"]) {
    await expect(page.locator(`[data-stat="${key}"]`)).toHaveText(new Intl.NumberFormat("en").format(initial[key]));
  }
  // Views are counted as the other tests read articles, and the page may be a kept copy: a count no
  // higher than the service's since (counted views only grow).
  expect(Number.isInteger(shownViews) && shownViews >= 0 && shownViews <= initial.articleViews).toBe(true);
  await expect(page.locator('[data-stat="doubleBlindRate"]')).toHaveText(`${initial.doubleBlindRate}%`);
  await page.goto("/tr");
  await expect(page.locator('[data-stat="doubleBlindRate"]')).toHaveText(`%${initial.doubleBlindRate}`);
});

test("a book's contents name each chapter's authors, joined as the page's language joins a list", async ({ page, request }) => {
  type Chapter = { title: string; authors: { name: string }[] };
  for (const locale of ["en", "tr"] as const) {
    const books = (await (await request.get(`/api/books/${locale}`)).json()) as { Items: { slug: string }[] };
    for (const { slug } of books.Items) {
      const book = (await (await request.get(`/api/books/${locale}/${slug}`)).json()) as { chapters: Chapter[] };
      const chapter = book.chapters.find((c) => c.authors.length > 1);
      if (!chapter) continue;
      await page.goto(href("book", { slug }, locale));
      const line = page.locator("#chapters + ol > li", { hasText: chapter.title }).locator("p").nth(1);
      const names = new Intl.ListFormat(locale, { type: "conjunction" }).format(chapter.authors.map((a) => a.name));
      await expect(line).toContainText(names);
      await expect(line).not.toContainText("[object Object]");
      break;
    }
  }
});
