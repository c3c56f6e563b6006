import { describe, expect, it } from "vitest";
import { fullPath } from "./full-path.ts";
import { pagePath } from "./page-path.ts";

describe("the page a request is for", () => {
  it("is the path itself for a document request", () => {
    expect(pagePath("https://x.example/tr/bize-ulasin/finans")).toBe("/tr/bize-ulasin/finans");
  });

  it("stays on this site when the request's path starts with several slashes", () => {
    expect(pagePath("https://x.example//evil.example/contact-us")).toBe("/evil.example/contact-us");
  });

  it("drops the .data of a client navigation's data request, the root's included", () => {
    expect(pagePath("https://x.example/tr.data")).toBe("/tr");
    expect(pagePath("https://x.example/tr/bize-ulasin/dergi-operasyonlari.data?index")).toBe("/tr/bize-ulasin/dergi-operasyonlari");
    expect(pagePath("https://x.example/_.data")).toBe("/");
  });

  it("is shown to the visitor without React Router's own query parameters", () => {
    expect(fullPath("https://x.example/journals/nope.data?_routes=root,journal&page=2")).toBe("/journals/nope?page=2");
    expect(fullPath("https://x.example/dergiler/%C3%A7ay")).toBe("/dergiler/çay");
    expect(fullPath("https://x.example/contact-us.data?index&_routes=root&x")).toBe("/contact-us?x");
    expect(fullPath("https://x.example/books?foo&bar=a+b")).toBe("/books?foo&bar=a+b");
    expect(fullPath("https://x.example/books?_routes=root")).toBe("/books");
  });
});
