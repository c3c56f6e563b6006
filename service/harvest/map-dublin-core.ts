/**
 * An unqualified Dublin Core record (`oai_dc`, what every journal system offers) as a harvested
 * article. Dublin Core has no places for volume, issue and pages, nor for structured names:
 * systems write them into `dc:source` and `dc:creator` in their own ways, which are read here
 * (tests/fixtures/oai/SOURCE.md lists them): OJS's `Journal; Vol. 5 No. 2 (2020); 10-20` (and its
 * Turkish `Cilt 5 Sayı 2 (2020)`), DergiPark's `Cilt: 5 Sayı: 2`, and `Journal, 5(2), 10-20`.
 * Titles, subjects and descriptions are in a language by `xml:lang`, the record's own without.
 */
import type { Element } from "domhandler";
import { decodeHTML } from "entities";
import { paragraphsOf } from "../../contract/plain-text.ts";
import { type Locale, locales } from "../../i18n/locales.ts";
import { articleTypes } from "../content/schema.ts";
import {
  creativeCommonsName,
  dayOf,
  doiOf,
  type Harvested,
  type HarvestedText,
  localeOf,
  markdownText,
  pagesOf,
  RecordRejected,
} from "./harvested.ts";
import { attrOf, childrenOf, textOf } from "./xml-tree.ts";

/** Volume, number, year and pages from a `dc:source`, in the forms the journal systems write. */
export function sourceParts(source: string): { volume?: number; number?: number; year?: number; first?: string; last?: string } {
  const forms = [
    /(?:Vol\.?|Volume|Cilt|Cil\.)\s*:?\s*(?<volume>\d+)[,;]?\s*(?:No\.?|Num\.?|Number|Issue|Sayı|Say\.)\s*:?\s*(?<number>\d+)(?:\s*\((?<year>\d{4})\))?/i,
    /,\s*(?<volume>\d+)\s*\((?<number>\d+)\)/,
  ];
  const match = forms.map((f) => f.exec(source)).find((m) => m !== null);
  const pages = /(?:^|[;,:]\s*|\bpp?\.\s*|\bs\.\s*)(?<first>\d+)\s*[-–]\s*(?<last>\d+)\s*$/.exec(source.trim());
  return {
    ...(match?.groups?.volume ? { volume: Number(match.groups.volume) } : {}),
    ...(match?.groups?.number ? { number: Number(match.groups.number) } : {}),
    ...(match?.groups?.year ? { year: Number(match.groups.year) } : {}),
    ...(pages?.groups ? { first: pages.groups.first, last: pages.groups.last } : {}),
  };
}

/** "Family, Given" (OJS, this site), or "Given Family" without a comma (the last word the family name). */
function personOf(creator: string) {
  const [family, given] = creator.includes(",")
    ? creator.split(/,\s*/, 2)
    : [creator.split(/\s+/).at(-1) ?? "", creator.split(/\s+/).slice(0, -1).join(" ")];
  return { ...(given?.trim() ? { given: given.trim() } : {}), family: family.trim(), corresponding: false, roles: [], affiliations: [] };
}

/**
 * An element's text as the system meant it: DergiPark writes HTML character references inside
 * CDATA (`Rize&#039;de`), which XML leaves as they are.
 */
const plain = (node: Element) => {
  const text = textOf(node);
  return /&(?:#\d+|#x[0-9a-f]+|[a-z]+\d*);/i.test(text) ? decodeHTML(text) : text;
};

/** An abstract's paragraphs: OJS sends the abstract's HTML as text (`<p>…</p>`), others plain lines. */
function abstractParagraphs(node: Element): string[] {
  const raw = node.children.map((c) => ("data" in c ? String(c.data) : textOf(c as Element))).join("");
  const paragraphs = /<\/?(?:p|br|div)\b/i.test(raw) ? paragraphsOf(raw) : raw.split(/\r?\n/).map((line) => decodeHTML(line));
  return paragraphs.map((p) => markdownText(p.replace(/\s+/g, " ").trim())).filter(Boolean);
}

/** A subject's keywords: one each (OJS), or a list in one (DergiPark: "tea, soil organic carbon, Rize"; others with semicolons). */
const keywordsOf = (subject: string) =>
  subject
    .split(/\s*;\s*/)
    .flatMap((part) => ((part.match(/,/g)?.length ?? 0) >= 2 ? part.split(/\s*,\s*/) : [part]))
    .filter(Boolean);

export function mapDublinCore(dc: Element, sourceId: string): Harvested {
  const all = (name: string) => childrenOf(dc, name);
  const values = (name: string) => all(name).map(plain).filter(Boolean);
  const rawLanguage = values("language")[0];
  const language = rawLanguage ? localeOf(rawLanguage) : "en";
  if (!language) throw new RecordRejected(`written in "${rawLanguage}": the site carries English and Turkish articles`);
  const at = (node: Element) => (attrOf(node, "lang") ? localeOf(attrOf(node, "lang")) : language);

  const text: Partial<Record<Locale, HarvestedText>> = {};
  for (const title of all("title")) {
    const locale = at(title);
    if (locale && !text[locale] && plain(title)) text[locale] = { title: plain(title) };
  }
  if (!locales.some((l) => text[l])) throw new RecordRejected("no title");
  for (const description of all("description")) {
    const locale = at(description);
    const paragraphs = abstractParagraphs(description);
    if (locale && text[locale] && !text[locale].abstract && paragraphs.length > 0) text[locale].abstract = paragraphs.join("\n\n");
  }
  for (const subject of all("subject")) {
    const locale = at(subject);
    // Some systems write a language's keywords in one subject, separated by semicolons.
    const keywords = keywordsOf(plain(subject));
    if (locale && text[locale]) text[locale].keywords = [...(text[locale].keywords ?? []), ...keywords];
  }

  const publishedOn = values("date").map(dayOf).find(Boolean);
  if (!publishedOn) throw new RecordRejected("no dc:date with a day");
  const identifiers = values("identifier");
  const doi = identifiers.map((i) => (/doi/i.test(i) || /^10\.\d/.test(i) ? doiOf(i) : undefined)).find(Boolean);
  const landingPage = identifiers.find((i) => /^https?:\/\//.test(i) && !/doi\.org\//.test(i));
  const relations = values("relation");
  // A PDF's URL, or OJS's galley page (…/article/view/{article}/{galley}) when the record says it has a PDF.
  const hasPdf = values("format").includes("application/pdf");
  const pdfUrl = relations.find(
    (r) => /^https?:\/\//.test(r) && (/\.pdf$|\/download\/|\/pdf\b/i.test(r) || (hasPdf && /\/article\/view\/\d+\/\d+$/.test(r))),
  );
  // Janeway writes volume and issue in elements of their own, outside Dublin Core.
  const [volume, number] = [Number(values("volume")[0]), Number(values("issue")[0])];
  const source =
    Number.isInteger(volume) && Number.isInteger(number) && volume > 0 && number > 0
      ? { volume, number }
      : values("source")
          .map(sourceParts)
          .find((s) => s.volume !== undefined && s.number !== undefined);
  const licence = values("rights")
    .filter((r) => /^https?:\/\//.test(r))
    .map((url) => ({ name: creativeCommonsName(url), url }))
    .find((l): l is { name: string; url: string } => l.name !== undefined);
  const type = values("type").find((t) => (articleTypes as readonly string[]).includes(t)) as (typeof articleTypes)[number] | undefined;
  // OJS repeats the creators once per language.
  const authors = [...new Set(values("creator"))].map(personOf);
  // A field left undefined is one the record does not carry (harvested.ts).
  return {
    sourceId,
    issue: { volume: source?.volume, number: source?.number, year: source?.year ?? Number(publishedOn.slice(0, 4)) },
    article: {
      type: type ?? "research-article",
      language,
      doi,
      pages: pagesOf(source?.first, source?.last),
      publishedOn,
      licence,
      authors: authors.length > 0 ? authors : undefined,
    },
    text,
    pdfUrl,
    landingPage,
  };
}
