import { describe, expect, it } from "vitest";
import { headingsFrom } from "./heading-level.ts";

describe("headingsFrom", () => {
  it("moves every heading down by the same step, keeping their order", () => {
    expect(headingsFrom("<h2>Aims</h2><p>x</p><h3>Topics</h3><h4>More</h4>", 3)).toBe("<h3>Aims</h3><p>x</p><h4>Topics</h4><h5>More</h5>");
    expect(headingsFrom("<h2>Topics</h2><h3>Sub</h3>", 4)).toBe("<h4>Topics</h4><h5>Sub</h5>");
  });

  it("goes no lower than h6", () => {
    expect(headingsFrom("<h4>Deep</h4>", 4)).toBe("<h6>Deep</h6>");
  });

  it("leaves the text, other elements and level 2 as they are", () => {
    const html = '<h2>h2 in a title</h2><p>&lt;h2&gt; and <a href="/h2">h2</a></p><hr><header>x</header>';
    expect(headingsFrom(html, 2)).toBe(html);
    expect(headingsFrom(html, 3)).toBe('<h3>h2 in a title</h3><p>&lt;h2&gt; and <a href="/h2">h2</a></p><hr><header>x</header>');
  });
});
