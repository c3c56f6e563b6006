/** Uploads are what their names say, where they belong, and within their size. */
import { describe, expect, it } from "vitest";
import { IMAGE_MAX_BYTES, mediaProblem } from "./media.ts";

const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const JPEG = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0, 16]);
const PDF = new TextEncoder().encode("%PDF-1.7\n%âãÏÓ\n");
const SVG = new TextEncoder().encode('<?xml version="1.0"?>\n<!-- a figure -->\n<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"/>');

describe("uploads through the editor", () => {
  it("takes images under images/ or an article's figures, and a galley in its article's folder", () => {
    expect(mediaProblem("images/covers/journals/new-cover.png", PNG)).toBeUndefined();
    expect(mediaProblem("images/photos/harbour.jpg", JPEG)).toBeUndefined();
    expect(mediaProblem("journals/jsi/articles/an-article/figures/chart.svg", SVG)).toBeUndefined();
    expect(mediaProblem("journals/jsi/articles/an-article/galley.pdf", PDF)).toBeUndefined();
  });

  it("refuses a file whose bytes are not what its name says", () => {
    expect(mediaProblem("images/covers/books/cover.png", JPEG)).toMatch(/not a PNG image/);
    expect(mediaProblem("images/covers/books/cover.svg", new TextEncoder().encode("<html><script>alert(1)</script>"))).toMatch(/not an SVG/);
  });

  it("refuses other kinds, names the site cannot serve, and files out of place", () => {
    expect(mediaProblem("images/cover.gif", PNG)).toMatch(/only PNG, JPEG, WebP and SVG/);
    expect(mediaProblem("images/My Cover.png", PNG)).toMatch(/lowercase letters, digits and hyphens/);
    expect(mediaProblem("services/cover.png", PNG)).toMatch(/under images\//);
    expect(mediaProblem("images/galley.pdf", PDF)).toMatch(/article's folder as galley.pdf/);
  });

  it("refuses an image over its limit, saying how large it is", () => {
    const large = new Uint8Array(IMAGE_MAX_BYTES + 1);
    large.set(PNG);
    expect(mediaProblem("images/photos/huge.png", large)).toBe("a PNG image may be at most 5 MB; this one is 5.0 MB");
  });
});
