/**
 * Each language as its reader expects it, in the pages the site renders (tests/site-harness.ts):
 * metrics and board titles in the page's language, a list of names joined as the language joins
 * lists, and text in the other language marked as such (lang="en" on a Turkish page), for screen
 * readers and hyphenation.
 */
import type { Element } from "domhandler";
import { nextElementSibling } from "domutils";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { ArticleDetail, ArticleSummary, BookDetail, BookSummary, JournalSummary, List, Page as ListPage } from "../../contract/api-types.ts";
import { href } from "../../contract/route-table.ts";
import { type SiteHarness, siteHarness } from "../site-harness.ts";
import { attr, elements, links, main, navigations, only, region, text, withText } from "./markup.ts";

let site: SiteHarness;
beforeAll(async () => {
  site = await siteHarness();
});
afterAll(() => site.close());

const page = async (path: string) => {
  const answer = await site.page(path);
  expect([path, answer.status]).toEqual([path, 200]);
  return answer.document;
};
const htmlLang = (document: Awaited<ReturnType<typeof page>>) =>
  attr(
    only(document, (e) => e.name === "html", "<html>"),
    "lang",
  );

const journal = { en: "journal-of-social-inquiry", tr: "sosyal-arastirmalar-dergisi" };

for (const [locale, label, value] of [
  ["en", "Acceptance rate", "17% (2025)"],
  ["tr", "Kabul oranı", "%17 (2025)"],
] as const) {
  it(`a journal's acceptance rate is a percentage as the language writes one (${locale})`, async () => {
    const shown = main(await page(href("journal-overview", { slug: journal[locale] }, locale)));
    const terms = elements(shown, (e) => e.name === "dt" && text(e).includes(label));
    expect(terms).toHaveLength(1);
    const definition = nextElementSibling(terms[0]);
    expect(definition?.name).toBe("dd");
    expect(text(definition as Element)).toBe(value);
    expect(text(shown)).not.toContain("(%)");
  });
}

it("the board's titles are the page's language's", async () => {
  const en = text(main(await page(href("journal-board", { slug: journal.en }))));
  for (const shown of ["Assoc. Prof. Dr. Serkan Tunçel", "Asst. Prof. Dr. Kerem Bayraktar", "Prof. Dr. Elif Aksoy Karaca", "12 members"]) {
    expect(en).toContain(shown);
  }
  expect(en).not.toContain("Doç.");
  expect(en).not.toContain("Öğr. Üyesi");
  const tr = text(main(await page(href("journal-board", { slug: journal.tr }, "tr"))));
  for (const shown of ["Doç. Dr. Serkan Tunçel", "Dr. Öğr. Üyesi Kerem Bayraktar", "12 üye"]) expect(tr).toContain(shown);
});

it("a book's contents name each chapter's authors, joined as the page's language joins a list", async () => {
  type Chapter = { title: string; authors: { name: string }[] };
  for (const locale of ["en", "tr"] as const) {
    const books = await site.json<{ Items: { slug: string }[] }>(`/api/books/${locale}`);
    let found: { slug: string; chapter: Chapter } | undefined;
    for (const { slug } of books.Items) {
      const chapter = (await site.json<{ chapters: Chapter[] }>(`/api/books/${locale}/${slug}`)).chapters.find((c) => c.authors.length > 1);
      found = chapter && { slug, chapter };
      if (found) break;
    }
    if (!found) throw new Error(`no ${locale} book with a chapter of several authors in the demo`);
    const { slug, chapter } = found;
    const document = await page(href("book", { slug }, locale));
    const contents = nextElementSibling(only(document, (e) => attr(e, "id") === "chapters", "#chapters"));
    expect(contents?.name).toBe("ol");
    const items = (contents as Element).children.filter((child): child is Element => child.type === "tag" && child.name === "li");
    const item = items.find((li) => text(li).includes(chapter.title));
    const line = elements(item ?? [], (e) => e.name === "p")[1];
    const names = new Intl.ListFormat(locale, { type: "conjunction" }).format(chapter.authors.map((a) => a.name));
    expect(text(line)).toContain(names);
    expect(text(line)).not.toContain("[object Object]");
  }
});

it("a Turkish book page marks the English chapter titles as English", async () => {
  const books = await site.json<List<BookSummary>>("/api/books/tr");
  const english = books.Items.find((book) => book.language === "en");
  if (!english) throw new Error("no English book in the demo");
  const book = await site.json<BookDetail>(`/api/books/tr/${english.slug}`);
  expect(book.chapters.length).toBeGreaterThan(0);
  const document = await page(`/tr/books/${book.slug}`);
  expect(htmlLang(document)).toBe("tr");
  const chapters = region(document, "İçindekiler");
  for (const chapter of book.chapters) {
    expect(
      withText(chapters, chapter.title).map((title) => attr(title, "lang")),
      chapter.title,
    ).toEqual(["en"]);
  }
  // Each chapter's authors by name.
  expect(text(chapters)).toContain(book.chapters[0].authors[0].name);
  expect(text(chapters)).not.toContain("[object Object]");
});

it("a Turkish article page marks an English article's title, abstract, sections and references as English", async () => {
  const journals = await site.json<List<JournalSummary>>("/api/journals/tr");
  let article: ArticleDetail | undefined;
  for (const journal of journals.Items) {
    const list = await site.json<ListPage<ArticleSummary>>(`/api/journals/tr/${journal.slug}/articles?pageSize=100`);
    for (const summary of list.Items.filter((a) => a.language === "en")) {
      const detail = await site.json<ArticleDetail>(`/api/journals/tr/${journal.slug}/issues/${summary.issueId}/articles/${summary.id}`);
      if (detail.fullText && detail.fullText.outline.length > 0 && detail.references.length > 0) article = detail;
      if (article) break;
    }
    if (article) break;
  }
  if (!article) throw new Error("no English article with a full text and references in the demo");
  const document = await page(`/tr/dergiler/${article.journal.slug}/makaleler/${article.issueId}/${article.id}`);
  expect(htmlLang(document)).toBe("tr");
  // The English title, shown under the Turkish one.
  if (article.text.en.title !== article.text.tr.title) {
    expect(attr(withText(document, article.text.en.title)[0], "lang")).toBe("en");
  }
  const outlines = navigations(document, "Bu sayfada");
  expect(outlines).toHaveLength(1);
  const [outline] = outlines;
  for (const section of article.fullText?.outline ?? []) {
    expect(
      links(outline, section.title, document).map((link) => attr(link, "lang")),
      section.title,
    ).toEqual(["en"]);
  }
  const list = nextElementSibling(only(document, (e) => attr(e, "id") === "references", "#references"));
  const references = (list?.name === "ol" ? list.children : []).filter((child): child is Element => child.type === "tag" && child.name === "li");
  expect(references).toHaveLength(article.references.length);
  for (const reference of references) {
    // The entry as printed is English; the links back to the text are the page's, in Turkish.
    expect(elements(reference.children, (e) => attr(e, "lang") === "en")).toHaveLength(1);
  }
  const fullText = only(document, (e) => (attr(e, "class") ?? "").split(" ").includes("full-text"), ".full-text");
  expect(attr(fullText, "lang")).toBe("en");
});
