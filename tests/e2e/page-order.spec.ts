/**
 * On a phone a page's actions and key facts come before its long text, in the DOM as on the screen
 * (issue 19, item 4); identifiers wrap between their parts only; the ORCID iD as a reader of each
 * language expects it (metrics and board titles are read from the rendered pages:
 * tests/site/languages.test.ts).
 */
import { expect, type Locator, type Page, test } from "@playwright/test";
import { href } from "../../contract/route-table.ts";
import { gotoHydrated } from "./hydrated.ts";

const phone = { width: 390, height: 844 };
const desktop = { width: 1440, height: 900 };
const journal = { en: "journal-of-social-inquiry", tr: "sosyal-arastirmalar-dergisi" };
const articleId = "climate-anxiety-and-pro-environmental-action-among-university-students";
const article = {
  en: `${href("journal-issue", { slug: journal.en, issueId: "v15-n1" })}/${articleId}`,
  tr: `${href("journal-issue", { slug: journal.tr, issueId: "v15-n1" }, "tr")}/${articleId}`,
};
const book = { en: href("book", { slug: "merchants-of-the-levant" }), tr: href("book", { slug: "levant-tuccarlari" }, "tr") };
const board = { en: href("journal-board", { slug: journal.en }), tr: href("journal-board", { slug: journal.tr }, "tr") };
const overview = { en: href("journal-overview", { slug: journal.en }), tr: href("journal-overview", { slug: journal.tr }, "tr") };

/** Whether `first` comes before `second` in the document (what a screen reader and the Tab key follow). */
const precedes = async (first: Locator, second: Locator) => {
  const handle = await second.elementHandle();
  return first.evaluate((a, b) => Boolean(b && a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING), handle);
};

/** Each of `before` is above `after` on the screen and before it in the document. */
async function expectBefore(before: Locator[], after: Locator) {
  const below = await after.boundingBox();
  for (const element of before) {
    await expect(element).toBeVisible();
    const box = await element.boundingBox();
    expect(box && below && box.y + box.height <= below.y, String(element)).toBe(true);
    expect(await precedes(element, after), String(element)).toBe(true);
  }
}

/** Nothing wider than the viewport: the page does not scroll sideways. */
const noSidewaysScroll = async (page: Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);

test.describe("on a phone the actions and key facts come first", () => {
  test.use({ viewport: phone });

  test("an article: download, DOI, dates and licence before the abstract and How to cite", async ({ page }) => {
    await gotoHydrated(page, article.en);
    const details = page.getByRole("complementary").filter({ has: page.getByRole("heading", { name: "Article details" }) });
    const facts = [
      page.getByRole("link", { name: /^Download PDF/ }),
      details.getByRole("link", { name: "https://doi.org/10.5555/jsi.2026.15.1.1" }),
      details.getByText("Published", { exact: true }),
      details.getByRole("link", { name: "CC BY 4.0" }),
    ];
    await expectBefore(facts, page.getByRole("heading", { name: "Abstract", level: 2 }));
    await expectBefore(facts, page.getByRole("heading", { name: "How to cite", level: 2 }));
  });

  test("a book: cover, Read online and ISBNs before its description, contents and citations", async ({ page }) => {
    await gotoHydrated(page, book.en);
    const card = page.getByRole("complementary");
    const first = [card.locator("img").first(), card.getByRole("link", { name: "Read online" }), card.getByText("978-625-7891-10-3")];
    await expectBefore(first, page.locator("main .rich-text").first());
    await expectBefore(first, page.getByRole("heading", { name: "Contents", level: 2 }));
    await expectBefore(first, page.getByRole("heading", { name: "How to cite", level: 2 }));
  });

  test("a journal: Submit a manuscript and its ISSNs before the aims and scope", async ({ page }) => {
    await gotoHydrated(page, overview.tr);
    const submit = page.getByRole("link", { name: "Makale gönderin" }).first();
    await expectBefore([submit, page.getByText("E-ISSN 2147-5849")], page.getByRole("heading", { name: "Amaç ve kapsam" }));
    // Every page of the journal area has it: the editorial board's too.
    await gotoHydrated(page, board.en);
    await expectBefore([page.getByRole("link", { name: "Submit a manuscript" })], page.getByRole("heading", { name: "Editorial board", level: 2 }));
  });
});

test.describe("on a desktop the details stay in the sidebar", () => {
  test.use({ viewport: desktop });

  for (const [name, path, main, sidebar] of [
    ["an article", article.en, "#abstract-heading", "Article details"],
    ["a book", book.en, "main .rich-text", "Book details"],
  ] as const) {
    test(`${name}: the details beside the text, level with its top`, async ({ page }) => {
      await gotoHydrated(page, path);
      const text = await page.locator(main).first().boundingBox();
      const aside = await page
        .getByRole("complementary")
        .filter({ has: page.getByRole("heading", { name: sidebar }) })
        .boundingBox();
      expect(text && aside && aside.x > text.x + text.width).toBe(true);
      expect(text && aside && Math.abs(aside.y - text.y) < 40).toBe(true);
    });
  }

  test("a journal's overview has one Submit a manuscript action, in its sidebar", async ({ page }) => {
    await gotoHydrated(page, overview.en);
    // Exactly so: each open call ends with "Submit a manuscript for this call".
    await expect(page.getByRole("link", { name: "Submit a manuscript", exact: true })).toHaveCount(1);
    await expect(page.getByRole("complementary").getByRole("link", { name: "Submit a manuscript", exact: true })).toBeVisible();
  });
});

test.describe("identifiers wrap between their parts", () => {
  test.use({ viewport: phone });

  /** The lines (client rects) `text` takes inside the first element of `locator` that holds it. */
  const linesOf = (locator: Locator, text: string) =>
    locator.evaluate((element, wanted) => {
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      const whole = (element.textContent ?? "").indexOf(wanted);
      if (whole < 0) return -1;
      // The text may lie across the part spans: a range from its first character to its last.
      const range = document.createRange();
      let offset = 0;
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const length = node.textContent?.length ?? 0;
        if (whole >= offset && whole < offset + length) range.setStart(node, whole - offset);
        if (whole + wanted.length > offset && whole + wanted.length <= offset + length) range.setEnd(node, whole + wanted.length - offset);
        offset += length;
      }
      return new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top))).size;
    }, text);

  test("an article's DOI keeps 10.5555 whole in the sidebar, and nothing overflows", async ({ page }) => {
    await gotoHydrated(page, article.en);
    const doi = page.getByRole("complementary").getByRole("link", { name: /doi\.org/ });
    expect(await linesOf(doi, "10.5555")).toBe(1);
    expect(await linesOf(doi, "jsi.")).toBe(1);
    await noSidewaysScroll(page);
  });

  test("a journal's e-mail, a book's DOI and the board's ORCID iDs do not break inside a part", async ({ page }) => {
    await gotoHydrated(page, overview.en);
    // The sidebar's contact (a call for papers may name the address in its text too).
    expect(await linesOf(page.getByRole("complementary").getByRole("link", { name: "jsi@meridianpress.example" }), "meridianpress.")).toBe(1);
    await noSidewaysScroll(page);
    await gotoHydrated(page, book.en);
    expect(await linesOf(page.getByRole("complementary").getByRole("link", { name: /^10\.5555/ }), "10.5555/")).toBe(1);
    await noSidewaysScroll(page);
    await gotoHydrated(page, board.en);
    expect(await linesOf(page.getByRole("link", { name: /0000-0003-0501-202X/ }), "0000-0003-0501-202X")).toBe(1);
    await noSidewaysScroll(page);
  });
});

test.describe("in each language", () => {
  test.use({ viewport: desktop });

  test("an ORCID iD is ORCID's green iD icon, its link named for the person", async ({ page }) => {
    const isOfficialIcon = (link: Locator) =>
      link.locator("svg").evaluate((svg) => ({
        hidden: svg.getAttribute("aria-hidden"),
        fills: [...svg.querySelectorAll("path")].map((p) => getComputedStyle(p).fill),
      }));
    const official = { hidden: "true", fills: ["rgb(166, 206, 57)", "rgb(255, 255, 255)", "rgb(255, 255, 255)", "rgb(255, 255, 255)"] };
    await page.goto(article.en);
    const author = page.getByRole("link", { name: "ORCID iD of Elvan Toprak", exact: true });
    await expect(author).toHaveAttribute("href", /^https:\/\/orcid\.org\/\d{4}-/);
    expect(await isOfficialIcon(author)).toEqual(official);
    await page.goto(article.tr);
    await expect(page.getByRole("link", { name: "Elvan Toprak için ORCID kimliği", exact: true })).toBeVisible();
    await page.goto(board.en);
    const member = page.getByRole("link", { name: "ORCID iD of Elif Aksoy Karaca 0000-0003-0501-202X", exact: true });
    await expect(member).toHaveText("0000-0003-0501-202X");
    expect(await isOfficialIcon(member)).toEqual(official);
  });
});
