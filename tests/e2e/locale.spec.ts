import { expect, test } from "@playwright/test";
import { REDIRECT_PORT } from "../../playwright.config.ts";
import { gotoHydrated } from "./hydrated.ts";

const root = (request: import("@playwright/test").APIRequestContext, headers: Record<string, string>) =>
  request.get("/", { headers, maxRedirects: 0 });

test("the root detects the locale: cookie first, then the browser's languages, then English", async ({ request }) => {
  expect((await root(request, { cookie: "i18n_redirected=tr" })).headers().location).toBe("/tr");
  expect((await root(request, { "accept-language": "tr-TR,tr;q=0.9" })).headers().location).toBe("/tr");
  const withQuery = await request.get("/?utm_source=newsletter", { headers: { cookie: "i18n_redirected=tr" }, maxRedirects: 0 });
  expect(withQuery.headers().location).toBe("/tr?utm_source=newsletter");
  expect((await root(request, { cookie: "i18n_redirected=en", "accept-language": "tr" })).status()).toBe(200);
  expect((await root(request, { "accept-language": "de-DE,fr;q=0.8" })).status()).toBe(200);
  expect((await root(request, {})).status()).toBe(200);
  // Kept or not, the English home page at the root and the redirects say what they depend on, for a CDN.
  for (const headers of [{}, {}, { "accept-language": "tr" }] as Record<string, string>[])
    expect((await root(request, headers)).headers().vary).toMatch(/Cookie, Accept-Language/);
  expect((await root(request, { "accept-language": "tr" })).headers().location).toBe("/tr");
});

test("every other path is in the locale its prefix names", async ({ request }) => {
  const page = await request.get("/journals", { headers: { cookie: "i18n_redirected=tr", "accept-language": "tr" }, maxRedirects: 0 });
  expect(page.status()).toBe(200);
  expect(await page.text()).toContain('<html lang="en"');
});

test("a configured root redirect sends / elsewhere with its status", async ({ request }) => {
  const response = await request.get(`http://127.0.0.1:${REDIRECT_PORT}/`, { maxRedirects: 0 });
  expect(response.status()).toBe(301);
  expect(response.headers().location).toBe("/journals");
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
