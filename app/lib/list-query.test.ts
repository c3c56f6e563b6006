import { describe, expect, it } from "vitest";
import { journalFacets } from "../../contract/api-types.ts";
import { filtersOf, withFilter, withoutFilters, withPage } from "./list-query.ts";

const query = (url: string) => new URL(url).searchParams;

describe("a list's state in its URL", () => {
  it("reads the filters, one value per facet; other parameters are not filters", () => {
    expect(filtersOf(query("https://x.example/journals"), journalFacets)).toEqual({});
    expect(filtersOf(query("https://x.example/tr/dergiler?category=history&access=open&page=2"), journalFacets)).toEqual({
      category: "history",
      access: "open",
    });
    expect(filtersOf(query("https://x.example/journals?index=doaj&index=scopus"), journalFacets)).toBeUndefined();
  });

  it("adds, changes and removes a filter, back on the first page", () => {
    expect(withFilter("", "category", "history")).toBe("?category=history");
    expect(withFilter("?category=history&page=3", "access", "open")).toBe("?category=history&access=open");
    expect(withFilter("?category=history&access=open", "category", "education")).toBe("?category=education&access=open");
    expect(withFilter("?category=history&access=open", "category", null)).toBe("?access=open");
    expect(withFilter("?access=open&page=2", "access", null)).toBe("");
  });

  it("clears the filters and keeps the rest, back on the first page", () => {
    expect(withoutFilters("?q=g%C3%B6%C3%A7&type=article&year=2024&page=2", ["type", "journal", "year"])).toBe("?q=g%C3%B6%C3%A7");
    expect(withoutFilters("?category=history&page=2", ["category", "access"])).toBe("");
  });

  it("pages through the list keeping its other parameters; the first page has no page parameter", () => {
    expect(withPage("", 2)).toBe("?page=2");
    expect(withPage("?category=history&page=2", 3)).toBe("?category=history&page=3");
    expect(withPage("?category=history&page=2", 1)).toBe("?category=history");
    expect(withPage("?page=2", 1)).toBe("");
  });
});
