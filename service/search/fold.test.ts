import { describe, expect, it } from "vitest";
import { fold, lowercaseWords, snippetOf } from "./fold.ts";

const foldWords = (text: string) => lowercaseWords(text).map(fold).filter(Boolean);

describe("search folding", () => {
  it("lowercases with Turkish rules, merges dotted and dotless i, and drops diacritics", () => {
    expect(foldWords("İstanbul ISTANBUL istanbul Istanbul")).toEqual(["istanbul", "istanbul", "istanbul", "istanbul"]);
    expect(foldWords("ılık ILIK Ilık")).toEqual(["ilik", "ilik", "ilik"]);
    expect(foldWords("Kadıköy'de Öğretmen Eğitimi, Şişli — café")).toEqual(["kadikoy", "de", "ogretmen", "egitimi", "sisli", "cafe"]);
    expect(foldWords("2020–2023")).toEqual(["2020", "2023"]);
    // A decomposed accent stays with its letter until it is folded away.
    expect(foldWords("cafe\u0301 \u0301")).toEqual(["cafe"]);
  });

  it("keeps the words unfolded for the Turkish stemmer", () => {
    expect(lowercaseWords("EĞİTİMDE Işık, kadın")).toEqual(["eğitimde", "ışık", "kadın"]);
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
