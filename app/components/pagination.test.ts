import { describe, expect, it } from "vitest";
import { pageSearch } from "./pagination.tsx";

describe("pagination links", () => {
  it("keep the list's other parameters, and the first page has no page parameter", () => {
    expect(pageSearch("", 2)).toBe("?page=2");
    expect(pageSearch("?category=history&page=2", 3)).toBe("?category=history&page=3");
    expect(pageSearch("?category=history&page=2", 1)).toBe("?category=history");
    expect(pageSearch("?page=2", 1)).toBe("");
  });
});
