/**
 * What the editor saves becomes the file the folder keeps: the optional fields Decap leaves
 * empty are dropped (a decorative image's empty alternative text is kept: the schema requires
 * it), fields come in the schema's order, a reference list goes back to a bare list, and a path
 * outside the content folder is refused.
 */
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { fromEditor, safeContentPath, toEditor } from "./entry-files.ts";

describe("content files as the editor reads and writes them", () => {
  it("drops the optional fields left empty, keeps the required ones even when empty, in the schema's order", () => {
    const saved = `en:\n  slug: about\n  title: About\n  body: Text\ntr:\n  slug: hakkimizda\n  title: Hakkımızda\n  body: Metin\nid: about\nimage:\n  file: photos/jetty.jpg\n  alt:\n    en: ""\n    tr: ""\n  credit: null\n`;
    const file = fromEditor("pages/about.yaml", saved);
    expect(Object.keys(parse(file))).toEqual(["id", "image", "en", "tr"]);
    expect(parse(file).image).toEqual({ file: "photos/jetty.jpg", alt: { en: "", tr: "" } });
  });

  it("drops an optional date and an empty optional list of an article, and writes rich text as a literal block", () => {
    const saved = `id: v1-n1\nvolume: 1\nnumber: 1\nyear: 2026\npublishedOn: 2026-01-10\narticles:\n  - id: a\n    type: editorial\n    language: en\n    publishedOn: 2026-01-10\n    doi: ""\n    relations: []\n    authors:\n      - family: Kaya\n    en:\n      title: T\n      abstract: "One.\\n\\nTwo."\n    tr:\n      title: B\n      abstract: Bir.\n`;
    const file = fromEditor("journals/j/issues/v1-n1.yaml", saved);
    const article = parse(file).articles[0];
    expect(article).not.toHaveProperty("doi");
    expect(article).not.toHaveProperty("relations");
    expect(file).toContain("abstract: |-\n        One.\n\n        Two.");
  });

  it("hands a reference list to the editor as { article, references } and keeps it as the bare list", () => {
    const file = "journals/j/articles/an-article/references.yaml";
    const raw = "- id: r1\n  text: Kaya, A. (2020). A work.\n";
    const editing = parse(toEditor(file, raw));
    expect(editing).toEqual({ article: "an-article", references: [{ id: "r1", text: "Kaya, A. (2020). A work." }] });
    expect(parse(fromEditor(file, toEditor(file, raw)))).toEqual([{ id: "r1", text: "Kaya, A. (2020). A work." }]);
  });

  it("refuses paths outside the content folder or into hidden ones", () => {
    expect(safeContentPath("services/a.yaml")).toBe("services/a.yaml");
    expect(safeContentPath("/images/covers/x.png")).toBe("images/covers/x.png");
    for (const bad of ["../secrets.yaml", "services/../../x", ".git/config", "images/.hidden.png", "", 7, "a\\b"]) {
      expect(safeContentPath(bad)).toBeUndefined();
    }
  });
});
