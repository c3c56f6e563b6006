import { describe, expect, it } from "vitest";
import { format, plural } from "./format.ts";
import { messages } from "./messages/index.ts";

describe("format", () => {
  it("fills the placeholders it is given and leaves the others", () => {
    expect(format("Page {page} of {count}", { page: 2 })).toBe("Page 2 of {count}");
  });
});

describe("plural", () => {
  const members = { one: "{count} member", other: "{count} members" };

  it("picks the English form for the count: one for 1, other for 0 and many", () => {
    expect(plural("en", members, 1)).toBe("1 member");
    expect(plural("en", members, 0)).toBe("0 members");
    expect(plural("en", members, 2)).toBe("2 members");
  });

  it("writes the count in the locale's digits and fills the other placeholders", () => {
    expect(plural("en", messages.en.search.results, 12345, { query: "migration" })).toBe("12,345 results for “migration”");
    expect(plural("tr", messages.tr.search.results, 12345, { query: "göç" })).toBe("“göç” için 12.345 sonuç");
    expect(plural("en", messages.en.search.results, 1, { query: "migration" })).toBe("1 result for “migration”");
  });

  it("gives Turkish the same noun after every number", () => {
    expect([1, 3].map((n) => plural("tr", messages.tr.board.members, n))).toEqual(["1 üye", "3 üye"]);
    expect([1, 3].map((n) => plural("tr", messages.tr.issues.articleCount, n))).toEqual(["1 makale", "3 makale"]);
  });

  it("says a minute, not 1 minutes", () => {
    expect(plural("en", messages.en.forms.problems.rateLimited, 1)).toMatch(/try again in a minute\.$/);
    expect(plural("en", messages.en.forms.problems.rateLimited, 5)).toMatch(/try again in 5 minutes\.$/);
  });

  it("falls back to the other form when the message has none for the category", () => {
    expect(plural("en", { other: "{count} items" }, 1)).toBe("1 items");
  });
});
