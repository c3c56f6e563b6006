import { describe, expect, it } from "vitest";
import { NavigationRefused, navigationTarget } from "./safe-navigate.ts";

const origin = "https://www.meridianpress.example";

describe("the navigate helper", () => {
  it("takes paths and same-origin URLs as paths of this site", () => {
    expect(navigationTarget("/tr/dergiler?page=2#top", origin)).toEqual({ path: "/tr/dergiler?page=2#top" });
    expect(navigationTarget(`${origin}/books`, origin)).toEqual({ path: "/books" });
    expect(navigationTarget("journals", `${origin}`)).toEqual({ path: "/journals" });
  });

  it("refuses another site unless told it is external", () => {
    expect(() => navigationTarget("https://doi.org/10.5555/x", origin)).toThrow(NavigationRefused);
    expect(() => navigationTarget("//evil.example/x", origin)).toThrow("pass { external: true }");
    expect(navigationTarget("https://doi.org/10.5555/x", origin, { external: true })).toEqual({ url: "https://doi.org/10.5555/x" });
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
      expect(() => navigationTarget(to, origin, { external: true }), to).toThrow(/URLs are never navigated to/);
    }
  });
});
