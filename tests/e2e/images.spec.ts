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
    // Every shift there was, once every image is decoded and two frames have been drawn after it.
    const shift = await page.evaluate(async () => {
      await Promise.all([...document.images].map((img) => img.decode().catch(() => undefined)));
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
      let total = 0;
      const add = (entries: PerformanceEntryList) => {
        for (const entry of entries as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
          if (!entry.hadRecentInput) total += entry.value;
        }
      };
      const observer = new PerformanceObserver((list) => add(list.getEntries()));
      observer.observe({ type: "layout-shift", buffered: true });
      // The buffered entries, taken now rather than when the observer's callback would run.
      add(observer.takeRecords());
      observer.disconnect();
      return total;
    });
    expect(shift).toBeLessThan(0.01);
  });
}

test("the optimizer refuses other hosts and unknown widths", async ({ request }) => {
  expect((await request.get("/images/640/https://evil.example/x.png")).status()).toBe(400);
  expect((await request.get("/images/333/covers/books/merchants-of-the-levant.svg")).status()).toBe(400);
  expect((await request.get("/images/320/covers/books/no-such-book.svg")).status()).toBe(404);
});
