import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import type { ArticleSummary } from "../../contract/api-types.ts";
import { ArticleItem } from "./article-item.tsx";

const article: ArticleSummary = {
  id: "a1",
  issueId: "v1-n1",
  title: "On counting",
  titleLanguage: "en",
  authors: [{ name: "A. Author", given: "A.", family: "Author", affiliations: [], orcid: null, corresponding: false, email: null, roles: [] }],
  type: "research",
  language: "en",
  doi: null,
  firstPage: null,
  lastPage: null,
  publishedOn: "2026-01-01",
  views: 1,
  status: "published",
  galleys: [],
};

/** The article's line of facts as a visitor reads it, on a page at `path`. */
function facts(path: string, views: number): string {
  const html = renderToString(
    createElement(MemoryRouter, { initialEntries: [path] }, createElement(ArticleItem, { article: { ...article, views }, to: "/x" })),
  );
  return html.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");
}

describe("an article in a list", () => {
  it("marks its title with the language it is in, an English one on a Turkish page too", () => {
    const title = (path: string, titleLanguage: "en" | "tr") =>
      renderToString(
        createElement(MemoryRouter, { initialEntries: [path] }, createElement(ArticleItem, { article: { ...article, titleLanguage }, to: "/x" })),
      ).match(/<h3[^>]*>/)?.[0];
    expect(title("/tr/dergiler", "en")).toContain('lang="en"');
    expect(title("/tr/dergiler", "tr")).toContain('lang="tr"');
  });

  it("counts its views in the page's language, singular for one in English", () => {
    expect(facts("/journals", 1)).toContain("1 view ");
    expect(facts("/journals", 1234)).toContain("1,234 views");
    expect(facts("/tr/dergiler", 1)).toContain("1 görüntülenme");
    expect(facts("/tr/dergiler", 1234)).toContain("1.234 görüntülenme");
  });
});
