import type { Page } from "@playwright/test";

/** Opens a page and waits until React has hydrated it, so clicks reach their handlers. */
export async function gotoHydrated(page: Page, path: string) {
  const response = await page.goto(path);
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  return response;
}
