/**
 * The designed covers: what they show and how (legible, within the cover, Turkish cased as
 * Turkish), and that neighbours differ and the text stands out from the ground (the site's /images
 * answering them: server/images-designed.test.ts).
 */
import { decodeXML } from "entities";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Covered, type CoverFace, coverFace, coverSource } from "../../contract/designed-cover.ts";
import type { Locale } from "../../i18n/locales.ts";
import { messages } from "../../i18n/messages/index.ts";
import { demoApi } from "../../tests/demo-api.ts";
import type { ApiClient } from "../api/client.ts";
import { designedCover, drawCover, PALETTES, styleOf } from "./designed-cover.ts";
import { outline } from "./typeset.ts";

const face = (fields: Partial<CoverFace> = {}): CoverFace => ({
  locale: "en",
  id: "journal-of-social-inquiry",
  order: 1,
  title: "Journal of Social Inquiry",
  subject: "Social Sciences",
  identifiers: ["Print ISSN 2147-5830", "E-ISSN 2147-5849"],
  publisher: "Meridian Academic Publishing",
  ...fields,
});

/** The lines of text a cover draws, in order, with their colour. */
const linesOf = (svg: string) =>
  [...svg.matchAll(/<path aria-label="([^"]*)" fill="(#[0-9a-f]{6})"/g)].map(([, text, fill]) => ({ text: decodeXML(text), fill }));
const groundOf = (svg: string) => /<rect width="400" height="600" fill="(#[0-9a-f]{6})"/.exec(svg)?.[1];
/** The title's lines: those between the subject and the identifiers. */
const titleLines = (svg: string, f: CoverFace) =>
  linesOf(svg)
    .map((l) => l.text)
    .slice(f.subject ? 2 : 1, -f.identifiers.length);

/** WCAG 2's contrast ratio of two sRGB colours. */
function contrast(a: string, b: string): number {
  const luminance = (hex: string) => {
    const [r, g, bl] = [1, 3, 5].map((i) => {
      const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
      return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light + 0.05) / (dark + 0.05);
}

describe("a designed cover", () => {
  it("draws the publisher, the subject, the title broken only between words, and the identifiers", () => {
    const svg = drawCover(face());
    expect(linesOf(svg).map((l) => l.text)).toEqual([
      "MERIDIAN ACADEMIC PUBLISHING",
      "SOCIAL SCIENCES",
      ...titleLines(svg, face()),
      "Print ISSN 2147-5830",
      "E-ISSN 2147-5849",
    ]);
    expect(titleLines(svg, face()).join(" ")).toBe("Journal of Social Inquiry");
    expect(svg).toContain("<title>Journal of Social Inquiry</title>");
    const book = face({ title: "Law & Order in the <Ottoman> Courts", subject: null, identifiers: ["ISBN (print) 978-625-7891-10-3"] });
    const drawn = drawCover(book);
    expect(titleLines(drawn, book).join(" ")).toBe(book.title);
    expect(linesOf(drawn).at(-1)?.text).toBe("ISBN (print) 978-625-7891-10-3");
  });

  it("sets capitals by the locale's rules, and has every Turkish letter in its typeface", () => {
    const turkish = face({
      locale: "tr",
      title: "Sağlık Bilimleri Araştırmaları Dergisi",
      subject: "Sağlık bilimleri",
      publisher: "Meridyen Akademik Yayıncılık",
    });
    expect(
      linesOf(drawCover(turkish))
        .slice(0, 2)
        .map((l) => l.text),
    ).toEqual(["MERİDYEN AKADEMİK YAYINCILIK", "SAĞLIK BİLİMLERİ"]);
    expect(linesOf(drawCover(face({ subject: "Information science" })))[1].text).toBe("INFORMATION SCIENCE");
    // A character the typeface lacks would be drawn as its empty box: each letter has its own outline.
    const style = { size: 40, weight: 600 } as const;
    const missing = outline("\u{E000}", style, 0, 40);
    for (const letter of "İıŞşĞğÇçÖöÜü") expect([letter, outline(letter, style, 0, 40)]).not.toEqual([letter, missing]);
  });

  it("keeps every line within the cover's margins, shrinking a long word and cutting a long title with an ellipsis", () => {
    const long = face({ title: `${"Comparative Studies of Coastal Adaptation in Mediterranean Port Cities ".repeat(4)}Volume Two` });
    const word = face({ title: "Elektroensefalografik Sinyallerin Sınıflandırılmasındaki Yaklaşımlarımızdan" });
    for (const f of [face(), long, word]) {
      const svg = drawCover(f);
      for (const [, d] of svg.matchAll(/<path aria-label="[^"]*" fill="#[0-9a-f]{6}" d="([^"]*)"/g)) {
        const xs = [...d.matchAll(/[MLQC]([^MLQCZ]+)/g)].flatMap(([, numbers]) =>
          numbers
            .trim()
            .split(" ")
            .filter((_, i) => i % 2 === 0)
            .map(Number),
        );
        expect(Math.min(...xs)).toBeGreaterThanOrEqual(30);
        expect(Math.max(...xs)).toBeLessThanOrEqual(370);
      }
    }
    const lines = titleLines(drawCover(long), long);
    expect(lines.length).toBeLessThanOrEqual(7);
    expect(lines.at(-1)).toMatch(/…$/);
    expect(long.title.startsWith(lines.join(" ").slice(0, -1))).toBe(true);
  });

  it("gives every text colour a contrast of at least 4.5:1 against its ground, in every palette", () => {
    for (const { ground, ink, accent } of PALETTES) {
      expect(contrast(ink, ground)).toBeGreaterThanOrEqual(4.5);
      expect(contrast(accent, ground)).toBeGreaterThanOrEqual(4.5);
    }
    for (let order = 0; order < PALETTES.length; order++) {
      const svg = drawCover(face({ order }));
      const ground = groundOf(svg) ?? "";
      expect(linesOf(svg).length).toBeGreaterThanOrEqual(5);
      expect(Math.min(...linesOf(svg).map((l) => contrast(l.fill, ground)))).toBeGreaterThanOrEqual(4.5);
    }
  });
});

describe("the demo's designed covers", () => {
  let api: ApiClient;
  let close: () => Promise<void>;
  beforeAll(async () => ({ api, close } = await demoApi()));
  afterAll(() => close());

  it("differ from their neighbours' in the journal and book lists, in palette and in drawing", async () => {
    for (const locale of ["en", "tr"] as Locale[]) {
      const faceOf = (covered: Covered) => coverFace(covered, messages[locale], locale);
      const journals = (await api.journals(locale)).Items.map((journal) => faceOf({ journal }));
      const books = (await api.books(locale)).Items.map((book) => faceOf({ book }));
      for (const faces of [journals, books]) {
        for (let i = 1; i < faces.length; i++) {
          expect(styleOf(faces[i]).palette).not.toEqual(styleOf(faces[i - 1]).palette);
          expect(drawCover(faces[i])).not.toBe(drawCover(faces[i - 1]));
        }
      }
      expect(new Set([...journals, ...books].map((f) => styleOf(f).motif)).size).toBeGreaterThan(2);
    }
  });

  it("are drawn in the path's locale, and a path whose cover has changed says where it is now", async () => {
    const [journal] = (await api.journals("tr")).Items;
    const path = coverSource({ journal }, messages.tr, "tr");
    const drawn = await designedCover(api, path);
    expect(drawn && "svg" in drawn && drawn.svg).toContain(`<title>${journal.title}</title>`);
    expect(journal.title).toMatch(/[ğışİçöü]/);
    expect(await designedCover(api, path.replace(/[a-z0-9]+\.svg$/, "stale.svg"))).toEqual({ moved: path });
    expect(await designedCover(api, "designed-covers/books/en/no-such-book/1.svg")).toBeUndefined();
  });
});
