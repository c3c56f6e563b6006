import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { FontMetrics } from "@capsizecss/core";
import { create, type Font } from "fontkitten";
import { describe, expect, it } from "vitest";
import { families, fontFile, fontsCss, subsets } from "./fonts.ts";

const require = createRequire(import.meta.url);
const readFont = (specifier: string) => create(readFileSync(require.resolve(specifier))) as Font;
const unicodeRanges = (pkg: string): Record<string, string> => JSON.parse(readFileSync(require.resolve(`${pkg}/unicode.json`), "utf8"));

/** Whether a CSS unicode-range ("U+0000-00FF,U+0131,…") holds a code point. */
const inRange = (range: string, codePoint: number) =>
  range.split(",").some((part) => {
    const [from, to = from] = part.trim().slice(2).split("-");
    return codePoint >= Number.parseInt(from, 16) && codePoint <= Number.parseInt(to, 16);
  });

const vertical = ({ unitsPerEm, ascent, descent, lineGap }: Pick<FontMetrics, "unitsPerEm" | "ascent" | "descent" | "lineGap">) => ({
  unitsPerEm,
  ascent,
  descent,
  lineGap,
});

const turkish = [..."ıİşŞğĞçÇöÖüÜâÂîÎûÛ"].map((c) => c.codePointAt(0) ?? 0);
const latinExtendedA = Array.from({ length: 0x80 }, (_, i) => 0x100 + i);

describe("the site's fonts", () => {
  for (const family of families) {
    for (const style of ["normal", "italic"] as const) {
      it(`${family.package}, ${style}: every Turkish letter and all of Latin Extended-A, each in the subset whose range holds it`, () => {
        const files = subsets.map((subset) => ({ range: unicodeRanges(family.package)[subset], font: readFont(fontFile(family, subset, style)) }));
        const missing = [...turkish, ...latinExtendedA].filter(
          (codePoint) => !files.some(({ range, font }) => inRange(range, codePoint) && font.hasGlyphForCodePoint(codePoint)),
        );
        expect(missing.map((codePoint) => String.fromCodePoint(codePoint))).toEqual([]);
      });
    }

    it(`${family.package}: the fallbacks are fitted to the vertical metrics of the files served`, async () => {
      const metrics: FontMetrics = (await import(`@capsizecss/metrics/${family.metrics}`)).default;
      for (const subset of subsets) {
        const font = readFont(fontFile(family, subset, "normal"));
        expect(vertical(font)).toEqual(vertical(metrics));
      }
    });
  }

  it("names only the latin and latin-ext WOFF2 files, and a fitted face for every fallback in the stacks", async () => {
    const css = await fontsCss();
    const urls = [...css.matchAll(/url\("([^"]+)"\)/g)].map((match) => match[1]);
    expect(urls).toHaveLength(families.length * subsets.length * 2);
    for (const url of urls) {
      expect(url).toMatch(/-latin(-ext)?-wght-(normal|italic)\.woff2$/);
      expect(() => require.resolve(url)).not.toThrow();
    }
    for (const family of families) {
      const stack = css.match(new RegExp(`${family.property}: (.+);`))?.[1] ?? "";
      const fallbacks = stack.split(", ").filter((name) => name.includes(" Fallback: "));
      expect(fallbacks).toHaveLength(family.fallbacks.length);
      for (const name of fallbacks) {
        // Regular, italic, bold and bold italic, each scaled.
        const faces = css.split("@font-face").filter((face) => face.includes(`font-family: ${name};`));
        expect(faces).toHaveLength(4);
        for (const face of faces) expect(face).toMatch(/size-adjust: \d+(\.\d+)?%/);
      }
    }
  });
});
