import { describe, expect, it } from "vitest";
import { changesDocument } from "./build-updates.ts";

const at = (path: string) => {
  const url = new URL(path, "https://site.example");
  return { pathname: url.pathname, search: url.search };
};

describe("which navigations load a whole document once the build is stale", () => {
  it("another page, or the same page with another query", () => {
    expect(changesDocument(at("/"), at("/who-we-are"))).toBe(true);
    expect(changesDocument(at("/journals/x/articles"), at("/journals/x/articles?page=2"))).toBe(true);
  });

  it("not a jump within the page", () => {
    expect(changesDocument(at("/who-we-are"), at("/who-we-are#team"))).toBe(false);
  });

  it("not a form posting to its own page, index route included, so its answer is shown", () => {
    expect(changesDocument(at("/contact-us/finance"), at("/contact-us/finance"))).toBe(false);
    expect(changesDocument(at("/contact-us"), at("/contact-us?index"))).toBe(false);
    expect(changesDocument(at("/journals?x=1"), at("/journals?x=1&index"))).toBe(false);
  });
});
