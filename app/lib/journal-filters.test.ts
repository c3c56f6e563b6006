import { describe, expect, it } from "vitest";
import { filtersOf, withFilter } from "./journal-filters.ts";

describe("the journal directory's filters", () => {
  it("are read from the URL, one value per facet; other parameters are not filters", () => {
    expect(filtersOf("https://x.example/journals")).toEqual({});
    expect(filtersOf("https://x.example/tr/dergiler?category=history&access=open&page=2")).toEqual({ category: "history", access: "open" });
    expect(filtersOf("https://x.example/journals?index=doaj&index=scopus")).toBeUndefined();
  });

  it("are added, changed and removed in the URL, which goes back to the first page", () => {
    expect(withFilter("", "category", "history")).toBe("?category=history");
    expect(withFilter("?category=history&page=3", "access", "open")).toBe("?category=history&access=open");
    expect(withFilter("?category=history&access=open", "category", "education")).toBe("?category=education&access=open");
    expect(withFilter("?category=history&access=open", "category", null)).toBe("?access=open");
    expect(withFilter("?access=open&page=2", "access", null)).toBe("");
  });
});
