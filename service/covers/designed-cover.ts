/**
 * Draws the cover of a journal or a book that has no cover image, as SVG, from what it shows
 * (contract/designed-cover.ts): the publisher, the subject, the title set as large as its room
 * allows, a geometric motif, the ISSNs or ISBNs. The palette follows the record's place in its list
 * and the motif a hash of its id, so neighbours differ; every palette's text colours stand at
 * least 4.5:1 against its ground. The image optimizer rasterizes it (server/images.ts).
 */
import { escapeUTF8 } from "entities";
import { type Covered, type CoverFace, coverFace, designedCoverOf, designedCoverPath, fnv1a } from "../../contract/designed-cover.ts";
import { upper } from "../../i18n/locales.ts";
import { messages } from "../../i18n/messages/index.ts";
import { type ApiClient, namesNothing } from "../api/client.ts";
import { measure, outline, type Style, wrap } from "./typeset.ts";

export interface Palette {
  ground: string;
  /** The title, the publisher and the identifiers. */
  ink: string;
  /** The subject and the motif. */
  accent: string;
}
export const PALETTES: readonly Palette[] = [
  { ground: "#0f3d3e", ink: "#f5efe0", accent: "#e9b872" },
  { ground: "#5a1e1b", ink: "#fbf1e3", accent: "#f2b880" },
  { ground: "#16223f", ink: "#f3f0e8", accent: "#f4b942" },
  { ground: "#f2e2bf", ink: "#2a1f14", accent: "#8a3a10" },
  { ground: "#1f3b2d", ink: "#f1eee2", accent: "#c8dc9a" },
  { ground: "#3e1f40", ink: "#f8eef6", accent: "#eaa9cd" },
  { ground: "#dde6d8", ink: "#1b2a20", accent: "#3d5c2e" },
  { ground: "#27343b", ink: "#eef4f3", accent: "#9fd6d8" },
  { ground: "#7a2e14", ink: "#fff4e8", accent: "#ffd08a" },
  { ground: "#f7f2e8", ink: "#1c1c30", accent: "#9b2c2c" },
  { ground: "#262a5c", ink: "#f3f2fb", accent: "#f2c14e" },
  { ground: "#dce9f2", ink: "#12283a", accent: "#1f5780" },
];

const WIDTH = 400;
const HEIGHT = 600;
const MARGIN = 36;
const MEASURE = WIDTH - 2 * MARGIN;

interface Area {
  top: number;
  bottom: number;
}
/** A number below `range` from the seed's bits, `shift` bits in. */
const bits = (seed: number, shift: number, range: number) => (seed >>> shift) % range;
const stroke = (color: string, width: number, opacity = 1) => `fill="none" stroke="${color}" stroke-width="${width}" stroke-opacity="${opacity}"`;

/** Geometric motifs over the cover's width and the area's height, varied by the seed's bits. */
const MOTIFS = {
  rings(area: Area, p: Palette, seed: number) {
    const cx = MARGIN + (MEASURE * bits(seed, 4, 9)) / 8;
    const cy = bits(seed, 8, 2) ? area.bottom : area.top + (area.bottom - area.top) / 2;
    const step = 14 + 4 * bits(seed, 10, 4);
    const rings: string[] = [];
    for (let r = step, i = 0; r < 460; r += step, i++)
      rings.push(`<circle cx="${cx}" cy="${cy}" r="${r}" ${stroke(i % 3 ? p.accent : p.ink, 3, Math.max(0.25, 1 - i * 0.05))}/>`);
    return rings.join("");
  },
  bands(area: Area, p: Palette, seed: number) {
    const angle = [35, 50, 65, -35, -50, -65][bits(seed, 4, 6)];
    const band = 12 + 5 * bits(seed, 8, 4);
    const cy = (area.top + area.bottom) / 2;
    const bands: string[] = [];
    for (let i = -14; i <= 14; i++)
      bands.push(
        `<rect x="${200 + i * band * 2}" y="${cy - 500}" width="${band}" height="1000" fill="${i % 3 ? p.accent : p.ink}" fill-opacity="${i % 3 ? 0.9 : 0.35}"/>`,
      );
    return `<g transform="rotate(${angle} 200 ${cy})">${bands.join("")}</g>`;
  },
  dots(area: Area, p: Palette, seed: number) {
    const gap = 22 + 4 * bits(seed, 4, 4);
    const [fx, fy] = [0.3 + bits(seed, 6, 5) / 10, 0.2 + bits(seed, 9, 5) / 10];
    const dots: string[] = [];
    for (let y = area.top + gap / 2, j = 0; y < area.bottom; y += gap, j++)
      for (let x = gap / 2, i = 0; x < WIDTH; x += gap, i++) {
        const r = (gap / 2.4) * (0.25 + 0.75 * (0.5 + 0.5 * Math.sin(i * fx + j * fy)));
        dots.push(`<circle cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" r="${r.toFixed(1)}" fill="${(i + j) % 4 ? p.accent : p.ink}"/>`);
      }
    return dots.join("");
  },
  arcs(area: Area, p: Palette, seed: number) {
    const tile = 40 + 8 * bits(seed, 4, 4);
    const arcs: string[] = [];
    let state = seed;
    for (let y = area.top, j = 0; y < area.bottom; y += tile, j++)
      for (let x = 0, i = 0; x < WIDTH; x += tile, i++) {
        state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
        // Two quarter circles about opposite corners, the tile turned a quarter or not (Truchet tiles).
        const h = tile / 2;
        const turn = state & 0x10000 ? ` transform="rotate(90 ${x + h} ${y + h})"` : "";
        const d = `M${x + h} ${y}A${h} ${h} 0 0 1 ${x} ${y + h}M${x + tile} ${y + h}A${h} ${h} 0 0 0 ${x + h} ${y + tile}`;
        arcs.push(`<path d="${d}"${turn} ${stroke((i + j) % 2 ? p.accent : p.ink, 4, (i + j) % 2 ? 1 : 0.45)}/>`);
      }
    return arcs.join("");
  },
  meridians(area: Area, p: Palette, seed: number) {
    const r = Math.min(150, (area.bottom - area.top) * 0.62);
    const cx = MARGIN + r * 0.7 + ((MEASURE - r * 1.4) * bits(seed, 4, 5)) / 4;
    const cy = (area.top + area.bottom) / 2 + (bits(seed, 8, 2) ? r * 0.35 : 0);
    const tilt = [-24, -12, 0, 12, 24][bits(seed, 10, 5)];
    const lines = [`<circle cx="${cx}" cy="${cy}" r="${r}" ${stroke(p.accent, 4)}/>`];
    for (let k = 1; k < 6; k++) lines.push(`<ellipse cx="${cx}" cy="${cy}" rx="${(r * k) / 6}" ry="${r}" ${stroke(p.accent, 2.5, 0.85)}/>`);
    for (let k = -2; k <= 2; k++) {
      const y = cy + (r * k) / 3;
      const half = Math.sqrt(r * r - ((r * k) / 3) ** 2);
      lines.push(`<line x1="${cx - half}" y1="${y}" x2="${cx + half}" y2="${y}" ${stroke(p.ink, 2, 0.45)}/>`);
    }
    return `<g transform="rotate(${tilt} ${cx} ${cy})">${lines.join("")}</g>`;
  },
  steps(area: Area, p: Palette, seed: number) {
    const bar = 18 + 4 * bits(seed, 4, 4);
    const phase = bits(seed, 7, 12) / 2;
    const bars: string[] = [];
    for (let x = MARGIN - bar, i = 0; x < WIDTH; x += bar + 6, i++) {
      const height = (area.bottom - area.top) * (0.2 + 0.75 * (0.5 + 0.5 * Math.sin(i * 0.55 + phase)));
      bars.push(
        `<rect x="${x}" y="${(area.bottom - height).toFixed(1)}" width="${bar}" height="${height.toFixed(1)}" fill="${i % 4 ? p.accent : p.ink}" fill-opacity="${i % 4 ? 0.9 : 0.4}"/>`,
      );
    }
    return bars.join("");
  },
};
export type MotifName = keyof typeof MOTIFS;
const MOTIF_NAMES = Object.keys(MOTIFS) as MotifName[];

/** The palette (by the record's order, else its id) and the motif (by its id) of a cover. */
export function styleOf(face: Pick<CoverFace, "id" | "order">): { palette: Palette; motif: MotifName; seed: number } {
  const seed = fnv1a(face.id);
  return { palette: PALETTES[(face.order ?? seed) % PALETTES.length], motif: MOTIF_NAMES[seed % MOTIF_NAMES.length], seed };
}

/** The style at a smaller size when the line is wider than the measure. */
function fitted(text: string, style: Style): Style {
  const width = measure(text, style);
  return width <= MEASURE ? style : { ...style, size: (style.size * MEASURE) / width };
}

const TITLE_SIZES = [56, 52, 48, 44, 40, 37, 34, 31];
const LEADING = 1.1;
const TITLE_TOP = 134;
/** The lowest the title may reach: the motif keeps at least 90 units above the identifiers. */
const TITLE_BOTTOM = 400;
/** How many lines of the title fit at a size (the first line's ascent and the last's descent take one line together). */
const room = (size: number) => Math.floor((TITLE_BOTTOM - TITLE_TOP) / (size * LEADING));
const ELLIPSIS = "…";

/** The title's lines at the largest size at which every word fits and the lines have room; past that cut with an ellipsis. */
function setTitle(title: string): { style: Style; lines: string[] } {
  for (const size of TITLE_SIZES) {
    const style: Style = { size, weight: 600 };
    const { lines, fits } = wrap(title, style, MEASURE);
    if (fits && lines.length <= room(size)) return { style, lines };
  }
  const style: Style = { size: TITLE_SIZES[TITLE_SIZES.length - 1], weight: 600 };
  const lines = wrap(title, style, MEASURE).lines;
  if (lines.length <= room(style.size)) return { style, lines };
  const kept = lines.slice(0, room(style.size));
  let last = kept[kept.length - 1];
  while (last.includes(" ") && measure(`${last}${ELLIPSIS}`, style) > MEASURE) last = last.slice(0, last.lastIndexOf(" "));
  kept[kept.length - 1] = `${last}${ELLIPSIS}`;
  return { style, lines: kept };
}

/** A line of text as a filled outline, labelled with its text. */
const line = (text: string, style: Style, color: string, y: number) =>
  `<path aria-label="${escapeUTF8(text)}" fill="${color}" d="${outline(text, style, MARGIN, y)}"/>`;

export function drawCover(face: CoverFace): string {
  const { palette: p, motif, seed } = styleOf(face);
  const publisher = upper(face.publisher, face.locale);
  const parts = [
    `<rect width="${WIDTH}" height="${HEIGHT}" fill="${p.ground}"/>`,
    line(publisher, fitted(publisher, { size: 15, weight: 600, tracking: 0.14 }), p.ink, 52),
    `<rect x="${MARGIN}" y="70" width="48" height="4" fill="${p.accent}"/>`,
  ];
  if (face.subject) {
    const subject = upper(face.subject, face.locale);
    parts.push(line(subject, fitted(subject, { size: 18, weight: 600, tracking: 0.08 }), p.accent, 112));
  }
  const title = setTitle(face.title);
  const leading = title.style.size * LEADING;
  const first = TITLE_TOP + title.style.size * 0.8;
  title.lines.forEach((text, i) => {
    // A word too long for the line even at the smallest size is set smaller still.
    parts.push(line(text, fitted(text, title.style), p.ink, first + i * leading));
  });
  const identifiersTop = HEIGHT - 28 - 24 * face.identifiers.length;
  const area = { top: first + (title.lines.length - 1) * leading + title.style.size * 0.3 + 28, bottom: identifiersTop - 6 };
  parts.push(
    `<clipPath id="motif"><rect y="${area.top}" width="${WIDTH}" height="${area.bottom - area.top}"/></clipPath>`,
    `<g clip-path="url(#motif)">${MOTIFS[motif](area, p, seed)}</g>`,
  );
  face.identifiers.forEach((text, i) => {
    parts.push(line(text, fitted(text, { size: 15, weight: 400 }), p.ink, identifiersTop + 24 * (i + 1)));
  });
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">`,
    `<title>${escapeUTF8(face.title)}</title>`,
    ...parts,
    "</svg>",
  ].join("\n");
}

/**
 * The SVG of the designed cover a path names (`designed-covers/…`): undefined when it names no
 * record; `moved` when the record's cover now shows something else (an import changed it).
 */
export async function designedCover(api: ApiClient, file: string): Promise<{ svg: string } | { moved: string } | undefined> {
  const named = designedCoverOf(file);
  if (!named) return undefined;
  const { kind, locale, slug } = named;
  const covered: Covered | undefined = await (kind === "journals"
    ? api.journal(locale, slug).then((journal) => ({ journal }))
    : api.book(locale, slug).then((book) => ({ book }))
  ).catch((error: unknown) => {
    if (namesNothing(error)) return undefined;
    throw error;
  });
  if (!covered) return undefined;
  const face = coverFace(covered, messages[locale], locale);
  const current = designedCoverPath(kind, slug, face);
  return current === file ? { svg: drawCover(face) } : { moved: current };
}
