import { describe, expect, it } from "vitest";
import { isPagePath, NavigationRefused, navigationTarget } from "./safe-navigate.ts";

const origin = "https://www.meridianpress.example";
const page = `${origin}/tr/dergiler/tarih-ve-kultur-dergisi`;

describe("the navigate helper", () => {
  it("takes paths and same-origin URLs as paths of this site, relative ones from the current page", () => {
    expect(navigationTarget("/tr/dergiler?page=2#top", page)).toEqual({ path: "/tr/dergiler?page=2#top" });
    expect(navigationTarget(`${origin}/books`, page)).toEqual({ path: "/books" });
    expect(navigationTarget("tarih-ve-kultur-dergisi/makaleler", `${origin}/tr/dergiler/`)).toEqual({
      path: "/tr/dergiler/tarih-ve-kultur-dergisi/makaleler",
    });
    expect(navigationTarget("#kurul", page)).toEqual({ path: "/tr/dergiler/tarih-ve-kultur-dergisi#kurul" });
  });

  it("tells the site's pages from its other paths, which load as documents", () => {
    for (const path of ["/", "/tr", "/journals?page=2", "/tr/dergiler/tarih-ve-kultur-dergisi", "/tr/bize-ulasin/finans#form"]) {
      expect(isPagePath(path), path).toBe(true);
    }
    for (const path of [
      "/sitemap.xml",
      "/feed.atom",
      "/tr/dergiler/x/feed.atom",
      "/cite/en/books/x/ris",
      "/api/entities",
      "/images/cover.webp",
      "/journals/x/y/z/w",
    ]) {
      expect(isPagePath(path), path).toBe(false);
    }
  });

  it("refuses another site unless told it is external", () => {
    expect(() => navigationTarget("https://doi.org/10.5555/x", page)).toThrow(NavigationRefused);
    expect(() => navigationTarget("//evil.example/x", page)).toThrow("pass { external: true }");
    expect(navigationTarget("https://doi.org/10.5555/x", page, { external: true })).toEqual({ url: "https://doi.org/10.5555/x" });
  });

  it("never goes to javascript:, data:, blob: or vbscript: URLs, however written, even when external", () => {
    for (const to of [
      "javascript:alert(1)",
      " JavaScript:alert(1)",
      "java\tscript:alert(1)",
      "\u0001javascript:alert(1)",
      "data:text/html,<script>alert(1)</script>",
      `blob:${origin}/0d3f`,
      "VBSCRIPT:msgbox(1)",
    ]) {
      expect(() => navigationTarget(to, page, { external: true }), to).toThrow(/URLs are never navigated to/);
    }
  });
});
