import { expect, test } from "@playwright/test";
import { gotoHydrated } from "./hydrated.ts";

for (const width of [390, 1440]) {
  test(`covers come through the image optimizer with a srcset and a reserved box, and nothing shifts (${width} px)`, async ({ page, request }) => {
    await page.setViewportSize({ width, height: 900 });
    await gotoHydrated(page, "/tr/dergiler");
    const cover = page.locator('img[src^="/images/"]').first();
    // The demo's journals have no cover image: theirs are designed, in the page's language (decision 029).
    await expect(cover).toHaveAttribute("src", /^\/images\/80\/designed-covers\/journals\/tr\/[a-z0-9-]+\/[a-z0-9]+\.svg$/);
    await expect(cover).toHaveAttribute("width", "80");
    await expect(cover).toHaveAttribute("height", "120");
    const srcset = (await cover.getAttribute("srcset")) ?? "";
    for (const w of [80, 112, 160]) expect(srcset).toContain(` ${w}w`);
    await expect.poll(() => cover.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    const image = await request.get((await cover.getAttribute("src")) ?? "");
    expect(image.status()).toBe(200);
    expect(image.headers()["content-type"]).toBe("image/webp");
    const shift = await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          let total = 0;
          new PerformanceObserver((list) => {
            for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
              if (!entry.hadRecentInput) total += entry.value;
            }
          }).observe({ type: "layout-shift", buffered: true });
          setTimeout(() => resolve(total), 500);
        }),
    );
    expect(shift).toBeLessThan(0.01);
  });
}

test("the optimizer refuses other hosts and unknown widths", async ({ request }) => {
  expect((await request.get("/images/640/https://evil.example/x.png")).status()).toBe(400);
  expect((await request.get("/images/333/covers/books/merchants-of-the-levant.svg")).status()).toBe(400);
  expect((await request.get("/images/320/covers/books/no-such-book.svg")).status()).toBe(404);
});
