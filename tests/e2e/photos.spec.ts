/**
 * The demo's photographs: the about page and each department show theirs through the image
 * optimizer as WebP, described in the page's language, with the credit their licence asks for;
 * the departments list shows them as decoration of each department's card (every-screen.spec
 * runs axe over these pages).
 */
import { expect, type Locator, type Page, test } from "@playwright/test";
import { href } from "../../contract/route-table.ts";
import { gotoHydrated } from "./hydrated.ts";

const LGPL = "https://www.gnu.org/licenses/lgpl-3.0.html";
const pages = {
  en: {
    about: {
      path: href("about"),
      alt: "Wooden rowing boats drawn up on a pebble shore at sunset, with a lake and hills beyond",
      credit: "Photo: Ian Hex, LGPL-3.0",
    },
    department: {
      path: href("department", { slug: "journal-operations" }),
      alt: "A narrow path leading through a tall spruce forest",
      credit: "Photo: Risto Saukonpää, LGPL-3.0",
    },
    list: { path: href("departments"), credit: "Photo: Martin Klapetek, LGPL-3.0" },
  },
  tr: {
    about: {
      path: href("about", {}, "tr"),
      alt: "Gün batımında çakıllı bir kıyıya çekilmiş ahşap kayıklar; arkada bir göl ve tepeler",
      credit: "Fotoğraf: Ian Hex, LGPL-3.0",
    },
    department: {
      path: href("department", { slug: "dergi-operasyonlari" }, "tr"),
      alt: "Uzun ladinlerle kaplı bir ormanın içinden geçen dar bir patika",
      credit: "Fotoğraf: Risto Saukonpää, LGPL-3.0",
    },
    list: { path: href("departments", {}, "tr"), credit: "Fotoğraf: Martin Klapetek, LGPL-3.0" },
  },
};

/** The image is loaded, from the optimizer, as WebP, with widths to choose from and a reserved box. */
async function expectOptimized(page: Page, image: Locator) {
  await image.scrollIntoViewIfNeeded();
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  const source = await image.evaluate((img: HTMLImageElement) => img.currentSrc);
  expect(new URL(source).pathname).toMatch(/^\/images\/\d+\/photos\/[a-z-]+\.jpg$/);
  const response = await page.request.get(source);
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toBe("image/webp");
  expect(await image.getAttribute("srcset")).toMatch(/ 320w, .* 640w, .* 1024w/);
  // Its width and height reserve the box it is shown in (cropped to their ratio), so nothing shifts as it loads.
  const [width, height] = [Number(await image.getAttribute("width")), Number(await image.getAttribute("height"))];
  const box = await image.evaluate((img) => img.getBoundingClientRect());
  expect(box.width / box.height).toBeCloseTo(width / height, 1);
}

// Each locale at one width, English on a desktop and Turkish on a phone: the sizes chosen differ by
// width, the texts by locale.
for (const [locale, width] of [
  ["en", 1440],
  ["tr", 390],
] as const) {
  test.describe(`${locale}, ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });
    for (const kind of ["about", "department"] as const) {
      test(`the ${kind} page shows its photograph, described in ${locale}, with its credit`, async ({ page }) => {
        const { path, alt, credit } = pages[locale][kind];
        await gotoHydrated(page, path);
        const figure = page.getByRole("main").locator("figure");
        const image = figure.getByRole("img", { name: alt, exact: true });
        await expect(image).toBeVisible();
        // Above the fold: it is not left to lazy loading.
        await expect(image).toHaveAttribute("loading", "eager");
        await expectOptimized(page, image);
        await expect(figure.locator("figcaption")).toHaveText(credit);
        await expect(figure.getByRole("link", { name: "LGPL-3.0" })).toHaveAttribute("href", LGPL);
      });
    }

    test("the departments list shows each department's photograph as decoration, with its credit", async ({ page }) => {
      const { path, credit } = pages[locale].list;
      await gotoHydrated(page, path);
      const cards = page.getByRole("main").getByRole("listitem");
      await expect(cards).toHaveCount(5);
      const first = cards.first();
      // The card's link is named by the department alone: its photograph only decorates it.
      const image = first.locator("img");
      await expect(image).toHaveAttribute("alt", "");
      await expectOptimized(page, image);
      await expect(first.getByText(credit)).toBeVisible();
      for (const card of await cards.all()) await expect(card.locator("img")).toHaveCount(1);
    });
  });
}
