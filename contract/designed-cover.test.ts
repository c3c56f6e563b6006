import { describe, expect, it } from "vitest";
import { messages } from "../i18n/messages/index.ts";
import { type Covered, coverFace, coverSource, designedCoverOf } from "./designed-cover.ts";

const journal = {
  id: "journal-of-social-inquiry",
  slug: "journal-of-social-inquiry",
  order: 1,
  title: "Journal of Social Inquiry",
  categories: [{ id: "social-sciences", title: "Social Sciences" }],
  printIssn: "2147-5830",
  eIssn: "2147-5849",
  cover: null,
};
const book = {
  id: "merchants-of-the-levant",
  slug: "merchants-of-the-levant",
  order: 10,
  title: "Merchants of the Levant",
  categories: [],
  printIsbn: null,
  eIsbn: "978-625-7891-11-0",
  cover: null,
};
const source = (covered: Covered, locale: "en" | "tr" = "en") => coverSource(covered, messages[locale], locale);

describe("a designed cover", () => {
  it("shows the title, the first subject, the labelled identifiers (print first) and the publisher, in the locale", () => {
    expect(coverFace({ journal }, messages.en, "en")).toEqual({
      locale: "en",
      id: journal.id,
      order: 1,
      title: "Journal of Social Inquiry",
      subject: "Social Sciences",
      identifiers: ["Print ISSN 2147-5830", "E-ISSN 2147-5849"],
      publisher: "Meridian Academic Publishing",
    });
    expect(coverFace({ book }, messages.tr, "tr")).toMatchObject({
      subject: null,
      identifiers: ["ISBN (e-kitap) 978-625-7891-11-0"],
      publisher: "Meridyen Akademik Yayıncılık",
    });
  });

  it("is at a path naming the record, which changes when what the cover shows changes, and only then", () => {
    const path = source({ journal });
    expect(designedCoverOf(path)).toEqual({ kind: "journals", locale: "en", slug: journal.slug });
    expect(source({ journal: { ...journal } })).toBe(path);
    for (const changed of [
      { ...journal, title: "Journal of Social Research" },
      { ...journal, eIssn: "2147-5857" },
      { ...journal, categories: [{ id: "urban-studies", title: "Urban Studies" }] },
      { ...journal, order: 2 },
    ])
      expect(source({ journal: changed })).not.toBe(path);
    expect(source({ journal }, "tr")).toMatch(/^designed-covers\/journals\/tr\/journal-of-social-inquiry\/[a-z0-9]+\.svg$/);
    expect(source({ book })).toMatch(/^designed-covers\/books\/en\/merchants-of-the-levant\/[a-z0-9]+\.svg$/);
  });

  it("stands in only for a record without a cover image", () => {
    expect(source({ book: { ...book, cover: "covers/books/merchants-of-the-levant.jpg" } })).toBe("covers/books/merchants-of-the-levant.jpg");
  });

  it("is told apart from other image paths", () => {
    for (const path of [
      "covers/books/x.svg",
      "designed-covers/journals/de/x/1.svg",
      "designed-covers/issues/en/x/1.svg",
      "designed-covers/books/en/x.svg",
    ])
      expect(designedCoverOf(path)).toBeUndefined();
  });
});
