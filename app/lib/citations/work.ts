/**
 * A citable work in a plain shape, independent of the content API's types: what the citation
 * styles and the export formats (RIS, BibTeX, EndNote) are made from, in the loaders and the
 * server's download routes (pages get the formatted strings only).
 */
import type { Locale } from "../../../i18n/locales.ts";

export interface PersonName {
  family: string;
  given: string;
}

interface WorkBase {
  /** Stable and unique per work, e.g. "book-heritage-turkish-in-europe"; the BibTeX key is made from it. */
  id: string;
  title: string;
  authors: PersonName[];
  year: number;
  /** The publication date as YYYY-MM-DD, when known. */
  date?: string | null;
  doi?: string | null;
  url?: string | null;
  /** The language the work is written in. */
  language: Locale;
}

export interface CitableArticle extends WorkBase {
  type: "article";
  journal: { title: string; abbreviation?: string | null; issn?: string | null };
  volume?: number | null;
  issue?: number | null;
  firstPage?: number | null;
  lastPage?: number | null;
}

export interface CitableBook extends WorkBase {
  type: "book";
  subtitle?: string | null;
  editors: PersonName[];
  publisher: string;
  isbn?: string | null;
}

export type CitableWork = CitableArticle | CitableBook;

/** The title a reference gives: a book's subtitle follows its title after a colon. */
export const fullTitle = (work: CitableWork) => (work.type === "book" && work.subtitle ? `${work.title}: ${work.subtitle}` : work.title);

/** Lower-case words that belong to the surname that follows them ("van", "de", "al"…). */
const particles = new Set(["van", "von", "der", "den", "de", "del", "della", "da", "di", "du", "la", "le", "al", "el", "bin", "ibn"]);

/**
 * Splits a full name written "Given Family" (as the content stores it) into its parts: the last
 * word is the surname, with any lower-case particles just before it ("Jan van der Berg" →
 * "van der Berg"); a hyphenated surname stays one ("Ayşe Kalemli-Özcan"). A single word is a
 * surname alone.
 */
export function splitName(fullName: string): PersonName {
  const words = fullName.trim().split(/\s+/);
  let start = words.length - 1;
  while (start > 1 && particles.has(words[start - 1])) start--;
  return { given: words.slice(0, start).join(" "), family: words.slice(start).join(" ") };
}
