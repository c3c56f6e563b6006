import { expect, test } from "@playwright/test";
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
