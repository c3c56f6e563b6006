/**
 * Sets lines of text as SVG outlines in Source Serif 4 (the @fontsource package's files), so a
 * drawn image needs no font where it is rasterized and its lines are measured exactly. The
 * package splits each weight into subsets: Latin holds ı, Latin Extended İ ş ğ, so every
 * character is taken from the first subset that has it (decision 029).
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import opentype from "opentype.js";

export type Weight = 400 | 600;
const SUBSETS = ["latin", "latin-ext"] as const;

function load(weight: Weight) {
  return SUBSETS.map((subset) => {
    const file = fileURLToPath(import.meta.resolve(`@fontsource/source-serif-4/files/source-serif-4-${subset}-${weight}-normal.woff`));
    const bytes = readFileSync(file);
    return opentype.parse(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
  });
}
const fonts = new Map<Weight, opentype.Font[]>();
const subsetsOf = (weight: Weight) => {
  let loaded = fonts.get(weight);
  if (!loaded) {
    loaded = load(weight);
    fonts.set(weight, loaded);
  }
  return loaded;
};

export interface Style {
  size: number;
  weight: Weight;
  /** Extra space after each character, in em (for capitals). */
  tracking?: number;
}

/** Each character's glyph, where it starts and the line's width: kerned within a subset, plus the tracking. */
function place(text: string, { size, weight, tracking = 0 }: Style) {
  const subsets = subsetsOf(weight);
  const placed: { font: opentype.Font; glyph: opentype.Glyph; x: number }[] = [];
  let x = 0;
  for (const char of text.normalize("NFC")) {
    const font = subsets.find((f) => f.hasChar(char)) ?? subsets[0];
    const glyph = font.charToGlyph(char);
    const previous = placed.at(-1);
    if (previous?.font === font) x += (font.getKerningValue(previous.glyph, glyph) * size) / font.unitsPerEm;
    placed.push({ font, glyph, x });
    x += ((glyph.advanceWidth ?? 0) * size) / font.unitsPerEm + tracking * size;
  }
  return { placed, width: x - (placed.length > 0 ? tracking * size : 0) };
}

export const measure = (text: string, style: Style) => place(text, style).width;

const n = (value: number) => String(Math.round(value * 10) / 10);
/** Path data to a tenth of a unit (opentype.js's own `toPathData` writes NaN for a coordinate a hair above a whole number). */
function pathData(commands: opentype.PathCommand[]): string {
  return commands
    .map((c) => {
      if (c.type === "Z") return "Z";
      if (c.type === "Q") return `Q${n(c.x1)} ${n(c.y1)} ${n(c.x)} ${n(c.y)}`;
      if (c.type === "C") return `C${n(c.x1)} ${n(c.y1)} ${n(c.x2)} ${n(c.y2)} ${n(c.x)} ${n(c.y)}`;
      return `${c.type}${n(c.x)} ${n(c.y)}`;
    })
    .join("");
}

/** The line as SVG path data, its baseline starting at (x, y). */
export function outline(text: string, style: Style, x: number, y: number): string {
  return place(text, style)
    .placed.map(({ glyph, x: dx }) => pathData(glyph.getPath(x + dx, y, style.size).commands))
    .join("");
}

/**
 * The words in lines no wider than `width`, broken only between words (never a hyphen added);
 * a word wider than the line stands alone on its own and is reported by `fits`.
 */
export function wrap(text: string, style: Style, width: number): { lines: string[]; fits: boolean } {
  const lines: string[] = [];
  let fits = true;
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const last = lines.at(-1);
    if (last !== undefined && measure(`${last} ${word}`, style) <= width) lines[lines.length - 1] = `${last} ${word}`;
    else {
      lines.push(word);
      if (measure(word, style) > width) fits = false;
    }
  }
  return { lines, fits };
}
