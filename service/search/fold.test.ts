import { describe, expect, it } from "vitest";
import { foldForSearch, queryWords, snippetOf } from "./fold.ts";

describe("search folding", () => {
  it("lowercases with Turkish rules, merges dotted and dotless i, and drops diacritics", () => {
    expect(foldForSearch("İstanbul ISTANBUL istanbul Istanbul")).toBe("istanbul istanbul istanbul istanbul");
    expect(foldForSearch("ılık ILIK Ilık")).toBe("ilik ilik ilik");
    expect(foldForSearch("Kadıköy'de Öğretmen Eğitimi, Şişli — café")).toBe("kadikoy de ogretmen egitimi sisli cafe");
    expect(foldForSearch("Title", null, undefined, "2020–2023")).toBe("title 2020 2023");
  });

  it("takes a query's distinct words, at most twelve", () => {
    expect(queryWords("  KADIKÖY kadıköy? «Moda» ")).toEqual(["kadikoy", "moda"]);
    expect(queryWords("a b c d e f g h i j k l m n")).toHaveLength(12);
    expect(queryWords("!?")).toEqual([]);
  });

  it("cuts a snippet around the first match, at word boundaries", () => {
    const text = `${"Lorem ipsum dolor sit amet. ".repeat(10)}Rents rose in Kadıköy after 2015. ${"Consectetur adipiscing elit. ".repeat(10)}`;
    const snippet = snippetOf(text, ["kadikoy"], 80);
    expect(snippet).toMatch(/^… .*Kadıköy.* …$/);
    expect(snippet.length).toBeLessThanOrEqual(84);
    expect(snippetOf("Short text.", ["absent"])).toBe("Short text.");
    expect(snippetOf(text, ["absent"], 40)).toMatch(/^Lorem ipsum .* …$/);
  });
});
