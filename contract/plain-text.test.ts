import { describe, expect, it } from "vitest";
import { plainParagraphs, plainText } from "./plain-text.ts";

const html = "<p>H<sub>2</sub>O &amp; <em>İ</em>stanbul</p>\n<ul><li>Next&nbsp;line &#x130;</li><li>&#0; &bogus;</li></ul>";

describe("plain text of rich text", () => {
  it("drops inline tags inside a word, separates blocks and decodes character references", () => {
    expect(plainText(html)).toBe("H2O & İstanbul Next line İ &#0; &bogus;");
  });

  it("keeps each paragraph and list item on a line of its own", () => {
    expect(plainParagraphs(html)).toBe("H2O & İstanbul\nNext line İ\n&#0; &bogus;");
  });
});
