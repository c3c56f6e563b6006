import { expect, test } from "@playwright/test";
import { axeViolations } from "./axe.ts";
import { gotoHydrated } from "./hydrated.ts";

const BOOK = { en: "/books/heritage-turkish-in-europe", tr: "/tr/books/avrupada-miras-dili-olarak-turkce" };
const STYLES = ["APA", "MLA", "Chicago", "Harvard", "IEEE", "Vancouver", "AMA", "SNAD"];

test.describe("How to cite on a book page", () => {
  test.use({ permissions: ["clipboard-read", "clipboard-write"] });

  test("Copy puts the shown reference on the clipboard and says so, visibly and to screen readers", async ({ page }) => {
    await gotoHydrated(page, BOOK.en);
    const section = page.getByRole("region", { name: "How to cite" });
    const apa = section.locator("details", { hasText: "APA" });
    await expect(apa).toHaveAttribute("open", "");
    const shown = ((await apa.locator("p").textContent()) ?? "").trim();
    expect(shown).toContain("Heritage Turkish in Europe: Acquisition, attrition and language policy");
    const copy = apa.getByRole("button", { name: "Copy the APA (7th edition) reference" });
    await copy.click();
    await expect(copy).toHaveText("Copied");
    await expect(section.getByRole("status")).toHaveText("The APA (7th edition) reference was copied.");
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(shown);
    await expect(copy).toHaveText("Copy", { timeout: 5000 });

    // Another style, opened with the keyboard.
    const isnad = section.locator("details", { hasText: "ISNAD" });
    await isnad.locator("summary").focus();
    await page.keyboard.press("Enter");
    await expect(isnad).toHaveAttribute("open", "");
    await isnad.getByRole("button").click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(/^Arslan, Seda - Vermeer, Jan Hendrik \(ed\.\)\. Heritage Turkish/);
  });

  for (const [locale, path] of Object.entries(BOOK)) {
    test(`the downloads have their file names and types (${locale})`, async ({ page }) => {
      await page.goto(path);
      const slug = path.split("/").at(-1);
      for (const [label, extension, type] of [
        ["RIS", "ris", "application/x-research-info-systems"],
        ["BibTeX", "bib", "application/x-bibtex"],
        ["EndNote", "enw", "application/x-endnote-refer"],
      ]) {
        const link = page.getByRole("link", { name: new RegExp(`^${label}`) });
        const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
        expect(download.suggestedFilename()).toBe(`book-${slug}.${extension}`);
        const response = await page.request.get((await link.getAttribute("href")) ?? "");
        expect(response.headers()["content-type"]).toBe(`${type}; charset=utf-8`);
        const text = await response.text();
        // The title and the publisher's name in the page's language.
        if (locale === "tr") expect(text).toContain("Türkçe");
        expect(text).toContain(locale === "tr" ? "Meridyen Akademik Yayıncılık" : "Meridian Academic Publishing");
      }
    });

    test(`axe finds no serious violation, every style open (${locale})`, async ({ page }) => {
      await gotoHydrated(page, path);
      await page.locator("#how-to-cite ~ div details").evaluateAll((all) => {
        for (const details of all) (details as HTMLDetailsElement).open = true;
      });
      expect(await axeViolations(page, { include: "section[aria-labelledby=how-to-cite]", seriousOnly: true })).toEqual([]);
    });
  }
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("every style's reference is on the page, selectable, with no Copy buttons", async ({ page }) => {
    await page.goto(BOOK.tr);
    const section = page.getByRole("region", { name: "Nasıl atıf yapılır" });
    const entries = section.locator("details");
    await expect(entries).toHaveCount(STYLES.length);
    for (const [i, style] of STYLES.entries()) {
      const entry = entries.nth(i);
      await expect(entry.locator("summary")).toContainText(style);
      await expect(entry.locator("p")).toContainText("2020");
    }
    // The first is open; the others open with a click, no script needed.
    await expect(entries.first().locator("p")).toBeVisible();
    await entries.last().locator("summary").click();
    await expect(entries.last().locator("p")).toHaveText(
      "Arslan, Seda - Vermeer, Jan Hendrik (ed.). Avrupa’da Miras Dili Olarak Türkçe: Edinim, Yitim ve Dil Politikası. Meridyen Akademik Yayıncılık, 2020. https://doi.org/10.5555/mp.book.2020.01",
    );
    await expect(section.getByRole("button")).toHaveCount(0);
    await expect(section.getByRole("link", { name: /^RIS/ })).toHaveAttribute("href", "/cite/tr/books/avrupada-miras-dili-olarak-turkce/ris");
  });
});
