import { Cite } from "@citation-js/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ApiClient } from "../../../service/api/client.ts";
import { demoApi, demoArticles } from "../../../tests/demo-api.ts";
import { exportCitation, toEndNote } from "./exports.server.ts";
import { articleToWork, bookToWork } from "./from-api.ts";
import { type CitableWork, fullTitle } from "./work.ts";

let api: ApiClient;
let close: () => Promise<void>;
let works: CitableWork[];
beforeAll(async () => {
  ({ api, close } = await demoApi());
  works = [];
  for (const locale of ["en", "tr"] as const) {
    for (const { slug } of (await api.books(locale)).Items)
      works.push(bookToWork(await api.book(locale, slug), `https://meridian.test/${slug}`, locale));
    for (const { article, issue, journal } of await demoArticles(api, locale)) works.push(articleToWork(article, issue, journal, null));
  }
});
afterAll(() => close());

type ParsedName = { family: string; given: string; "non-dropping-particle"?: string };
type Parsed = { title?: string; DOI?: string; author?: ParsedName[]; editor?: ParsedName[] };
/** BibTeX reads "de Vries, Pieter" as the particle "de" and the surname "Vries". */
const surname = (name: ParsedName) => [name["non-dropping-particle"], name.family].filter(Boolean).join(" ");
const people = (work: CitableWork) => [...work.authors, ...(work.type === "book" ? work.editors : [])];

/** EndNote's tagged format read back: the tags and their values, in order. */
function readEndNote(text: string): [string, string][] {
  return text
    .trim()
    .split("\n")
    .map((line) => {
      const match = /^%(\S) (.*)$/.exec(line);
      if (!match) throw new Error(`not an EndNote line: ${line}`);
      return [match[1], match[2]];
    });
}

describe("the export formats", () => {
  it("RIS and BibTeX parse back (citation-js) to the same title, people and DOI, Turkish letters intact", () => {
    for (const work of works) {
      for (const format of ["ris", "bibtex"] as const) {
        const text = exportCitation(work, format);
        const [parsed] = new Cite(text).data as Parsed[];
        const where = `${format} ${work.id}`;
        expect(parsed.title, where).toBe(fullTitle(work));
        expect(parsed.DOI ?? null, where).toBe(work.doi ?? null);
        const names = [...(parsed.author ?? []), ...(parsed.editor ?? [])].map((n) => `${surname(n)}, ${n.given}`);
        expect(names, where).toEqual(people(work).map((n) => `${n.family}, ${n.given}`));
      }
    }
  });

  it("keeps a family name of several words whole: BibTeX and EndNote write 'Aktaş Karaca, Zeynep', RIS 'Aktaş Karaca, Zeynep' too", () => {
    const work = works.find((w) => w.authors.some((a) => a.family === "Aktaş Karaca" && a.given === "Zeynep"));
    if (!work) throw new Error("the demo has no article by Zeynep Aktaş Karaca");
    expect(exportCitation(work, "bibtex")).toMatch(/author = \{[^}]*Aktaş Karaca, Zeynep/);
    expect(exportCitation(work, "ris")).toContain("AU  - Aktaş Karaca, Zeynep");
    expect(toEndNote(work)).toContain("%A Aktaş Karaca, Zeynep");
  });

  it("EndNote: one tagged line per field, with the type, title, people, year and DOI", () => {
    for (const work of works) {
      const tags = readEndNote(toEndNote(work));
      const value = (tag: string) => tags.filter(([t]) => t === tag).map(([, v]) => v);
      expect(value("0")).toEqual([work.type === "article" ? "Journal Article" : work.authors.length ? "Book" : "Edited Book"]);
      expect(value("T")).toEqual([fullTitle(work)]);
      expect([...value("A"), ...value("E")]).toEqual(people(work).map((n) => `${n.family}, ${n.given}`));
      expect(value("D")).toEqual([String(work.year)]);
      expect(value("R")).toEqual(work.doi ? [work.doi] : []);
    }
  });

  it("keeps Turkish words whole in every format (no LaTeX escapes, no braces inside a word)", () => {
    const turkish = works.filter((w) => /[çğıöşüÇĞİÖŞÜ]/.test(fullTitle(w)));
    expect(turkish.length).toBeGreaterThan(5);
    for (const work of turkish) {
      for (const format of ["ris", "bibtex", "endnote"] as const) {
        const text = exportCitation(work, format);
        for (const word of fullTitle(work)
          .split(/\s+/)
          .filter((w) => /[çğıöşüÇĞİÖŞÜ]/.test(w))) {
          expect(text, `${format} ${work.id}`).toContain(word);
        }
        expect(text).not.toMatch(/\\[`'^"~=.uvHcdbtki]\{?\w?\}?|\\i\{\}/);
      }
    }
  });
});
