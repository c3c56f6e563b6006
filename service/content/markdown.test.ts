import { describe, expect, it } from "vitest";
import { renderMarkdown } from "./markdown.ts";

describe("rich text", () => {
  it("renders Markdown to the allowed HTML", () => {
    expect(renderMarkdown("## Scope\n\n- **peer** review\n- [DOAJ](https://doaj.org)")).toBe(
      '<h2>Scope</h2>\n<ul>\n<li><strong>peer</strong> review</li>\n<li><a href="https://doaj.org">DOAJ</a></li>\n</ul>\n',
    );
  });

  it("drops scripts, event handlers and dangerous link protocols, in HTML written in the Markdown or in its own links", () => {
    const html = renderMarkdown(
      '<p onclick="x()">Hi<script>alert(1)</script></p><a href="javascript:alert(1)">a</a><a href="data:text/html,x">b</a><a href="vbscript:x">c</a>' +
        '<a href="blob:https://x.example/1">d</a><a href=" JavaScript:alert(1)">e</a><a href="java&#09;script:alert(1)">f</a><img src=x onerror=y>',
    );
    expect(html).toBe("<p>Hi</p><a>a</a><a>b</a><a>c</a><a>d</a><a>e</a><a>f</a>");
    expect(renderMarkdown("Text <img src=x onerror=alert(1)> and [a link](javascript:alert(2))")).toBe("<p>Text  and <a>a link</a></p>\n");
  });
});
