/**
 * An article landing page's meta tags for indexers: Google Scholar's Highwire `citation_*` tags,
 * Dublin Core and Open Graph. A pure function of plain data (CitationData), so that it is tested
 * alone; the article's JSON-LD is made from the same data. A tag whose value is missing or empty
 * is left out, never written empty.
 */

import { doiUrl, orcidUrl } from "../../contract/identifiers.ts";
import type { Locale } from "../../i18n/locales.ts";

export interface CitationData {
  /** The page's absolute canonical URL. */
  url: string;
  /** The page's locale (og:locale). */
  locale: Locale;
  /** The title as the page shows it. */
  title: string;
  /** The language the article is written in. */
  language: Locale;
  authors: { name: string; affiliation: string | null; orcid: string | null }[];
  /** YYYY-MM-DD. */
  publishedOn: string;
  journal: { title: string; abbreviation: string | null; issns: string[]; licence: string | null };
  volume: number;
  issue: number;
  firstPage: number | null;
  lastPage: number | null;
  doi: string | null;
  keywords: string[];
  /** The abstract as plain text. */
  abstract: string;
  /** Absolute. */
  pdfUrl: string | null;
}

export type MetaTag = { name: string; content: string } | { property: string; content: string };

const ogLocales: Record<Locale, string> = { en: "en_US", tr: "tr_TR" };
/** Open Graph descriptions are shown cut short; a whole abstract is more than any card shows. */
export const DESCRIPTION_MAX = 300;

/** The text cut at a word boundary to at most `max` characters, with an ellipsis when cut. */
export function shorten(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(" ");
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:.]+$/, "")}…`;
}

export function citationMeta(data: CitationData): MetaTag[] {
  const description = shorten(data.abstract, DESCRIPTION_MAX);
  const tags: [kind: "name" | "property", key: string, value: string | number | null][] = [
    ["name", "citation_title", data.title],
    ...data.authors.flatMap((a): typeof tags => [
      ["name", "citation_author", a.name],
      ["name", "citation_author_institution", a.affiliation],
      ["name", "citation_author_orcid", a.orcid && orcidUrl(a.orcid)],
    ]),
    ["name", "citation_publication_date", data.publishedOn.replaceAll("-", "/")],
    ["name", "citation_journal_title", data.journal.title],
    ["name", "citation_journal_abbrev", data.journal.abbreviation],
    ...data.journal.issns.map((issn): (typeof tags)[number] => ["name", "citation_issn", issn]),
    ["name", "citation_volume", data.volume],
    ["name", "citation_issue", data.issue],
    ["name", "citation_firstpage", data.firstPage],
    ["name", "citation_lastpage", data.lastPage],
    ["name", "citation_doi", data.doi],
    ["name", "citation_keywords", data.keywords.join("; ")],
    ["name", "citation_language", data.language],
    ["name", "citation_abstract_html_url", data.url],
    ["name", "citation_pdf_url", data.pdfUrl],

    ["name", "DC.title", data.title],
    ...data.authors.map((a): (typeof tags)[number] => ["name", "DC.creator", a.name]),
    ["name", "DC.date", data.publishedOn],
    ["name", "DC.identifier", data.doi && doiUrl(data.doi)],
    ["name", "DC.language", data.language],
    ["name", "DC.source", data.journal.title],
    ["name", "DC.rights", data.journal.licence],
    ["name", "DC.subject", data.keywords.join("; ")],
    ["name", "DC.description", description],

    ["property", "og:type", "article"],
    ["property", "og:title", data.title],
    ["property", "og:url", data.url],
    ["property", "og:description", description],
    ["property", "og:locale", ogLocales[data.locale]],
    ["property", "article:published_time", data.publishedOn],
    ...data.authors.map((a): (typeof tags)[number] => ["property", "article:author", a.name]),
  ];
  return tags
    .filter(([, , value]) => value !== null && String(value).trim() !== "")
    .map(([kind, key, value]) => (kind === "name" ? { name: key, content: String(value) } : { property: key, content: String(value) }));
}
