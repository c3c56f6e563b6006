/**
 * What one harvested record says about one article, in the content files' own shapes
 * (service/content/schema.ts), holding only what the record carries: a field left undefined is
 * one the source did not send, which the merge (merge.ts) leaves to the publisher.
 */
import type { Locale } from "../../i18n/locales.ts";
import type { ArticleFile, ReferenceEntry } from "../content/schema.ts";

export type ArticleFields = Omit<ArticleFile, "id" | "views" | "en" | "tr" | "relations" | "sourceId" | "galleyUrl">;

export interface HarvestedText {
  title: string;
  abstract?: string;
  keywords?: string[];
}

/** A notice's link to the work it changes (or a work's to its notice), as the record names it. */
export interface HarvestedRelation {
  type: ArticleFile["relations"][number]["type"];
  /** This article is the notice ("notice") or the work a notice changes ("work"). */
  side: "notice" | "work";
  doi?: string;
  url?: string;
}

export interface Harvested {
  /** The record's OAI identifier: what later records of the same article are matched by. */
  sourceId: string;
  issue: {
    volume?: number;
    number?: number;
    year?: number;
    publishedOn?: string;
    specialTitle?: Partial<Record<Locale, string>>;
  };
  /** A slug the source gives the article (its publisher id), tried first as the article's id. */
  preferredId?: string;
  article: Partial<ArticleFields>;
  text: Partial<Record<Locale, HarvestedText>>;
  relations?: HarvestedRelation[];
  references?: ReferenceEntry[];
  /** The full text as a JATS `<body>` element, its figures' hrefs as the record gives them. */
  body?: string;
  /** The PDF galley's URL at the source. */
  pdfUrl?: string;
  landingPage?: string;
}

/** A record that cannot become an article: why. */
export class RecordRejected extends Error {}

/** `en`/`eng`/`en-US` → en, `tr`/`tur`/`tr-TR` → tr; another language → undefined. */
export function localeOf(code: string | undefined): Locale | undefined {
  const c = (code ?? "").trim().toLowerCase();
  if (/^(en|eng)(?:[-_]|$)/.test(c)) return "en";
  if (/^(tr|tur)(?:[-_]|$)/.test(c)) return "tr";
  return undefined;
}

/** A DOI from any of the forms records write it in (`10.…`, `doi:10.…`, `https://doi.org/10.…`). */
export function doiOf(value: string | undefined): string | undefined {
  const match = /(10\.\d{4,9}\/\S+)$/.exec((value ?? "").trim());
  return match ? decodeURIComponent(match[1]) : undefined;
}

/** An ORCID iD from its URL or its bare form. */
export const orcidOf = (value: string | undefined) => /(\d{4}-\d{4}-\d{4}-\d{3}[\dX])\s*$/.exec(value ?? "")?.[1];

/** A ROR id from its URL (`https://ror.org/03yrm5c26`) or bare. */
export const rorOf = (value: string | undefined) => /(?:^|ror\.org\/)(0[a-hj-km-np-tv-z0-9]{6}\d{2})\s*$/.exec(value?.trim() ?? "")?.[1];

/** A day (`YYYY-MM-DD`) from a full date or a timestamp; undefined for a year or month alone. */
export const dayOf = (value: string | undefined) => /^(\d{4}-\d{2}-\d{2})(?:$|T)/.exec(value?.trim() ?? "")?.[1];

/** First and last page as the content files write them (`12-30`), when both are numbers. */
export function pagesOf(first: string | undefined, last: string | undefined): string | undefined {
  const f = Number(first);
  const l = Number(last || first);
  return Number.isInteger(f) && Number.isInteger(l) && f >= 1 && l >= f ? `${f}-${l}` : undefined;
}

/** A Creative Commons licence's name as the content writes it ("CC BY 4.0") from its deed's URL. */
export function creativeCommonsName(url: string): string | undefined {
  const match = /creativecommons\.org\/licenses\/([a-z-]+)\/(\d\.\d)/i.exec(url);
  return match ? `CC ${match[1].toUpperCase()} ${match[2]}` : undefined;
}

/** Plain text written as Markdown that renders as the same text (its markup characters escaped; brackets only where they would make a link, `<` only where it would open a tag). */
export const markdownText = (text: string) =>
  text
    .replace(/\]\s*[([]/.test(text) ? /[\\`*_[\]]|<(?=[A-Za-z/!?])/g : /[\\`*_]|<(?=[A-Za-z/!?])/g, (ch) => `\\${ch}`)
    .replace(/^(\s*)([#+-]|\d+\.)(?=\s)/, (_, space: string, mark: string) => `${space}${mark.replace(/([#+\-.])$/, "\\$1")}`);

/** Slug rules of the content files: lowercase ASCII words joined by hyphens, Turkish letters transliterated. */
export function slugOf(text: string, maxLength = 80): string {
  const ascii = text
    .replace(/[İI]/g, "i")
    .replace(/ı/g, "i")
    .toLocaleLowerCase("tr")
    .replace(/ç/g, "c")
    .replace(/ğ/g, "g")
    .replace(/ö/g, "o")
    .replace(/ş/g, "s")
    .replace(/ü/g, "u")
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "");
  const words = ascii.split(/[^a-z0-9]+/).filter(Boolean);
  let slug = "";
  for (const word of words) {
    const next = slug ? `${slug}-${word}` : word;
    if (next.length > maxLength && slug) break;
    slug = next.slice(0, maxLength);
  }
  return slug;
}
