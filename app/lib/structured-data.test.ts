import { describe, expect, it } from "vitest";
import type { BookDetail } from "../../contract/api-types.ts";
import { book, jsonLdText, publisher } from "./structured-data.ts";

const bare: BookDetail = {
  id: "b",
  slug: "b",
  title: "A </script><script>alert(1)</script> title",
  subtitle: null,
  contributors: [{ name: "Ayşe Yılmaz", given: "Ayşe", family: "Yılmaz", orcid: null, affiliations: [], role: "author" }],
  year: 2025,
  language: "tr",
  cover: null,
  categories: [],
  order: null,
  descriptionHtml: "",
  printIsbn: null,
  eIsbn: null,
  doi: null,
  pages: 120,
  publicationFormat: { id: "print", title: "Print" },
  licence: null,
  url: null,
  chapters: [],
  alternates: { en: "b", tr: "b" },
};

describe("JSON-LD", () => {
  it("writes no property a book does not have", () => {
    const data = book(bare, "https://x.example/books/b", publisher("Meridian", "https://x.example"));
    expect(Object.keys(data).sort()).toEqual(
      ["@context", "@type", "@id", "name", "author", "datePublished", "inLanguage", "numberOfPages", "url", "publisher"].sort(),
    );
  });

  it("cannot end its script element, whatever the content says", () => {
    const text = jsonLdText({ name: bare.title });
    expect(text).not.toContain("<");
    expect(JSON.parse(text)).toEqual({ name: bare.title });
  });
});
