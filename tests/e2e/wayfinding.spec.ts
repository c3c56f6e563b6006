/**
 * Finding one's way (docs/decisions/033-wayfinding.md) where it takes a browser: the Services and
 * Policies overviews from the desktop header, a breadcrumb that follows a client-side navigation, a
 * service page's quote request that arrives with the service chosen, the contact hub's forms in its
 * first screen, and a long policy's table of contents. What the rendered pages say (the footer's
 * links, About's link to the contact hub, the trail against its JSON-LD) is read in process:
 * tests/site/wayfinding.test.ts and tests/site/footer.test.ts.
 */
import { expect, test } from "@playwright/test";
import { gotoHydrated } from "./hydrated.ts";

test.describe("the overviews from a desktop page", () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test("the header's Services and Policies labels open their overviews with the mouse; the chevrons still open the panels", async ({ page }) => {
    await gotoHydrated(page, "/books");
    const nav = page.getByRole("navigation", { name: "Main navigation" });
    await nav.getByRole("link", { name: "Services", exact: true }).click();
    await expect(page).toHaveURL(/\/services$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Services");
    await expect(nav.getByRole("link", { name: "Services", exact: true })).toHaveAttribute("aria-current", "page");
    await nav.getByRole("link", { name: "Policies", exact: true }).click();
    await expect(page).toHaveURL(/\/policies$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Policies");
    // The chevron beside the label opens the panel, which carries no link to the overview (the specification's rule).
    const chevron = nav.getByRole("button", { name: "Policies", exact: true });
    await chevron.click();
    const panel = page.locator(`[id="${await chevron.getAttribute("aria-controls")}"]`);
    await expect(panel).toBeVisible();
    await expect(panel.locator('a[href="/policies"]')).toHaveCount(0);
    // The panel opens under the whole trigger: from its label's start, or further left where the viewport ends.
    const label = await nav.getByRole("link", { name: "Policies", exact: true }).boundingBox();
    const box = await panel.boundingBox();
    expect(box?.x).toBeLessThanOrEqual((label?.x ?? 0) + 1);
  });

  test("the keyboard reaches each overview, then its panel, in that order (tr)", async ({ page }) => {
    await gotoHydrated(page, "/tr/kitaplar");
    const nav = page.getByRole("navigation", { name: "Ana menü" });
    await nav.getByRole("link", { name: "Biz Kimiz", exact: true }).focus();
    await page.keyboard.press("Tab");
    await expect(nav.getByRole("link", { name: "Hizmetler", exact: true })).toBeFocused();
    await page.keyboard.press("Tab");
    const chevron = nav.getByRole("button", { name: "Hizmetler", exact: true });
    await expect(chevron).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(chevron).toHaveAttribute("aria-expanded", "true");
    await page.keyboard.press("Escape");
    await expect(chevron).toHaveAttribute("aria-expanded", "false");
    await page.keyboard.press("Shift+Tab");
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/tr\/hizmetler$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Hizmetler");
  });

  test("the Turkish name in the header takes one line", async ({ page }) => {
    await page.goto("/tr");
    const name = page.locator("header").getByText("Meridyen Akademik Yayıncılık", { exact: true });
    const box = await name.boundingBox();
    const lineHeight = await name.evaluate((el) => Number.parseFloat(getComputedStyle(el).lineHeight));
    expect(box?.height).toBeLessThan(lineHeight * 1.5);
  });
});

for (const javaScript of [true, false]) {
  test.describe(`a service's quote request, JavaScript ${javaScript ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled: javaScript });

    for (const [locale, path, action, service, form] of [
      ["en", "/services/conference-proceedings", "Request a quote", "Conference Proceedings Publishing", "/contact-us/quote-request-collaboration"],
      ["tr", "/tr/hizmetler/dil-duzenleme-ve-redaksiyon", "Teklif isteyin", "Dil Düzenleme ve Redaksiyon", "/tr/bize-ulasin/isbirligi-ortaklik"],
    ]) {
      test(`ends the service's page and opens the quote form with the service chosen (${locale})`, async ({ page }) => {
        await (javaScript ? gotoHydrated(page, path) : page.goto(path));
        const link = page.getByRole("main").getByRole("link", { name: action });
        // It comes after the text: the last link of the page's main part.
        await expect(page.getByRole("main").getByRole("link").last()).toHaveText(action);
        await link.click();
        await expect(page).toHaveURL(new RegExp(`${form}\\?service=`));
        const services = page.locator('input[name="services"]');
        await expect(page.getByRole("checkbox", { name: service })).toBeChecked();
        await expect(services.and(page.locator(":checked"))).toHaveCount(1);
      });
    }
  });
}

for (const width of [390, 1440]) {
  test(`the contact hub shows its forms in the first 900 px at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    for (const [path, heading, count] of [
      ["/contact-us", "Which form?", 5],
      ["/tr/bize-ulasin", "Hangi form?", 5],
    ] as const) {
      await page.goto(path);
      const choices = page.getByRole("region", { name: heading }).getByRole("link");
      await expect(choices).toHaveCount(count);
      for (const link of await choices.all()) {
        const box = await link.boundingBox();
        expect((box?.y ?? Infinity) + (box?.height ?? 0)).toBeLessThanOrEqual(900);
      }
      // The general enquiry's choice leads to this page's form; the others to their own pages.
      await expect(choices.first()).toHaveAttribute("href", "#form-heading");
      await expect(page.locator("#form-heading")).toHaveCount(1);
    }
  });
}

test("after a client-side navigation the trail is the new page's", async ({ page }) => {
  await gotoHydrated(page, "/services");
  await page
    .getByRole("main")
    .getByRole("link", { name: /Book Publishing/ })
    .click();
  await expect(page).toHaveURL(/\/services\/book-publishing$/);
  const nav = page.getByRole("navigation", { name: "Breadcrumb" });
  await expect(nav.getByRole("link")).toHaveText(["Home", "Services", "Book Publishing"]);
  await nav.getByRole("link", { name: "Services" }).click();
  await expect(page).toHaveURL(/\/services$/);
  await expect(nav.getByRole("link")).toHaveText(["Home", "Services"]);
});

test.describe("a long policy's table of contents", () => {
  test("beside the text on a desktop, each link landing on its heading", async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await gotoHydrated(page, "/policies/privacy-policy");
    const toc = page.getByRole("navigation", { name: "Contents" });
    const links = toc.getByRole("link");
    const headings = page.getByRole("main").locator(".rich-text h2");
    await expect(links).toHaveText(await headings.allTextContents());
    expect(await links.count()).toBeGreaterThanOrEqual(5);
    // Beside the text, and still in view once the page is scrolled.
    const text = await page.locator(".rich-text").boundingBox();
    expect((await toc.boundingBox())?.x).toBeGreaterThan((text?.x ?? 0) + (text?.width ?? 0));
    const last = links.last();
    await last.click();
    const target = page.locator(`[id="${((await last.getAttribute("href")) ?? "").slice(1)}"]`);
    await expect(target).toHaveText((await last.textContent()) ?? "");
    await expect(target).toBeInViewport();
    await expect(toc).toBeInViewport();
  });

  test("closed above the text on a phone, and its links land on their headings (tr)", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await gotoHydrated(page, "/tr/politikalar/gizlilik-politikasi");
    const toc = page.getByRole("navigation", { name: "İçindekiler" });
    const text = await page.locator(".rich-text").boundingBox();
    expect((await toc.boundingBox())?.y).toBeLessThan(text?.y ?? 0);
    const links = toc.getByRole("link");
    await expect(links.first()).toBeHidden();
    await toc.locator("summary").click();
    await links.nth(3).click();
    const target = page.locator(`[id="${((await links.nth(3).getAttribute("href")) ?? "").slice(1)}"]`);
    await expect(target).toBeInViewport();
    await expect(target).toHaveText((await links.nth(3).textContent()) ?? "");
  });
});
