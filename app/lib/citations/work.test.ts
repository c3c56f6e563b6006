import { describe, expect, it } from "vitest";
import { type CitableWork, fullTitle } from "./work.ts";

describe("fullTitle", () => {
  const book: CitableWork = {
    type: "book",
    id: "book-b",
    title: "Türkçe",
    authors: [],
    editors: [],
    year: 2026,
    publisher: "Meridian Academic Publishing",
    language: "tr",
  };
  it("follows a book's title with its subtitle after a colon, and gives any other title as it is", () => {
    expect(fullTitle({ ...book, subtitle: "Edinim ve Yitim" })).toBe("Türkçe: Edinim ve Yitim");
    expect(fullTitle(book)).toBe("Türkçe");
    expect(fullTitle({ ...book, subtitle: "" })).toBe("Türkçe");
    expect(fullTitle({ type: "article", id: "article-a", title: "A Title", authors: [], year: 2026, language: "en", journal: { title: "J" } })).toBe(
      "A Title",
    );
  });
});
