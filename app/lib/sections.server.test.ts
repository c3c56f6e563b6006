import { describe, expect, it } from "vitest";
import { withSections } from "./sections.server.ts";

describe("a rich text's sections", () => {
  it("anchors each h2 with its folded title and lists them in order", () => {
    const { html, sections } = withSections("<p>Intro</p><h2>Kişisel verilerin işlenmesi</h2><p>x</p><h2>Rights &amp; <em>duties</em></h2>");
    expect(sections).toEqual([
      { id: "kisisel-verilerin-islenmesi", title: "Kişisel verilerin işlenmesi" },
      { id: "rights-duties", title: "Rights & duties" },
    ]);
    expect(html).toBe(
      '<p>Intro</p><h2 id="kisisel-verilerin-islenmesi">Kişisel verilerin işlenmesi</h2><p>x</p><h2 id="rights-duties">Rights &amp; <em>duties</em></h2>',
    );
  });

  it("gives a repeated title, or one the page already uses, an id of its own", () => {
    const { sections } = withSections("<h2>Fees</h2><h2>Fees</h2><h2>Main</h2><h2>!!!</h2>");
    expect(sections.map((s) => s.id)).toEqual(["fees", "fees-2", "main-2", "section"]);
  });

  it("leaves other headings alone", () => {
    expect(withSections("<h3>Detail</h3>")).toEqual({ html: "<h3>Detail</h3>", sections: [] });
  });
});
