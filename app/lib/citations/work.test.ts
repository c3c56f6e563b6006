import { describe, expect, it } from "vitest";
import { type CitableWork, fullTitle, splitName } from "./work.ts";

describe("splitName", () => {
  it("takes the last word as the surname, keeping given names, particles and hyphenated surnames whole", () => {
    expect(splitName("Hüsnü Karabulut")).toEqual({ given: "Hüsnü", family: "Karabulut" });
    expect(splitName("Halil İbrahim Sezer")).toEqual({ given: "Halil İbrahim", family: "Sezer" });
    expect(splitName("Aylin Şahin-Krüger")).toEqual({ given: "Aylin", family: "Şahin-Krüger" });
    expect(splitName("Pieter de Vries")).toEqual({ given: "Pieter", family: "de Vries" });
    expect(splitName("Jan van der Berg")).toEqual({ given: "Jan", family: "van der Berg" });
    expect(splitName("  Öztürk ")).toEqual({ given: "", family: "Öztürk" });
  });
});

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
