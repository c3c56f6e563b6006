import { describe, expect, it } from "vitest";
import { href, parseRouterId, routerId, routeTable, screens } from "./route-table.ts";

describe("the route table", () => {
  it("gives every screen an English path and a Turkish path under /tr with the same parameters", () => {
    const params = (p: string) => [...p.matchAll(/:(\w+)/g)].map((m) => m[1]);
    for (const route of routeTable) {
      expect(route.en.startsWith("/tr")).toBe(false);
      // A file may have one path for both locales (the locale in its parameters, or none).
      const sharedFile = "resource" in route && route.tr === route.en;
      expect(sharedFile || route.tr === "/tr" || route.tr.startsWith("/tr/")).toBe(true);
      expect(params(route.tr)).toEqual(params(route.en));
    }
  });

  it("tells the screens from the files", () => {
    expect(screens.map((route) => route.id)).toContain("journal-article");
    expect(screens.map((route) => route.id)).not.toContain("sitemap");
    expect(href("journal-feed", { slug: "tarih-dergisi" }, "tr")).toBe("/tr/dergiler/tarih-dergisi/feed.atom");
    expect(href("cite-book", { locale: "tr", slug: "kitap", format: "ris" })).toBe("/cite/tr/books/kitap/ris");
  });

  it("keeps the specification's irregular Turkish paths", () => {
    expect(href("book", { slug: "kitap" }, "tr")).toBe("/tr/books/kitap");
    expect(href("departments", {}, "tr")).toBe("/tr/who-we-are/departments");
    expect(href("department", { slug: "finans" }, "tr")).toBe("/tr/biz-kimiz/departmanlar/finans");
    expect(href("permission-form", {}, "tr")).toBe("/tr/form-permission");
  });

  it("percent-encodes the path and its parameters", () => {
    expect(href("journal-board", { slug: "tarih-dergisi" }, "tr")).toBe("/tr/dergiler/tarih-dergisi/edit%C3%B6r-kadrosu");
    expect(href("book", { slug: "a/b c" })).toBe("/books/a%2Fb%20c");
    expect(href("journal-issue", { slug: "j", issueId: "v1-n2" }, "en")).toBe("/journals/j/articles/v1-n2");
  });

  it("round-trips router ids", () => {
    expect(parseRouterId(routerId("journal-board", "tr"))).toEqual({ id: "journal-board", locale: "tr" });
    expect(parseRouterId("not-found")).toBeUndefined();
  });
});
