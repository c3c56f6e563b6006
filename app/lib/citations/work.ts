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
  /** The whole title (a book's with its subtitle) in sentence case, as APA writes it (sentence-case.ts). */
  sentenceTitle?: string;
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

/** A person as the content gives one (given names, family name) as a citation names them. */
export const personName = (person: { given: string | null; family: string }): PersonName => ({ given: person.given ?? "", family: person.family });
