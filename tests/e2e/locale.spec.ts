import { expect, test } from "@playwright/test";
import { gotoHydrated } from "./hydrated.ts";

// The root's locale detection and ROOT_REDIRECT are checked in process (server/site.test.ts).

test("every other path is in the locale its prefix names", async ({ request }) => {
  const page = await request.get("/journals", { headers: { cookie: "i18n_redirected=tr", "accept-language": "tr" }, maxRedirects: 0 });
  expect(page.status()).toBe(200);
  expect(await page.text()).toContain('<html lang="en"');
});

test("switching language goes to the same page in the other language and remembers the choice", async ({ page, context }) => {
  await gotoHydrated(page, "/journals");
  await page.getByRole("link", { name: "Journal of Social Inquiry" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Journal of Social Inquiry");
  await page.getByRole("button", { name: "Language: English" }).click();
  await page.getByRole("link", { name: "Türkçe" }).click();
  await expect(page).toHaveURL(/\/tr\/dergiler\/sosyal-arastirmalar-dergisi$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "tr");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sosyal Araştırmalar Dergisi");
  const cookie = (await context.cookies()).find((c) => c.name === "i18n_redirected");
  expect(cookie?.value).toBe("tr");
  expect(cookie?.sameSite).toBe("Lax");
  expect(cookie?.path).toBe("/");
  expect(cookie && cookie.expires - Date.now() / 1000).toBeGreaterThan(364 * 24 * 3600);
});
