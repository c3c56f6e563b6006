/**
 * An article landing page's meta tags for indexers: Google Scholar's Highwire `citation_*` tags,
 * Dublin Core and Open Graph. A pure function of plain data (CitationData), so that it is tested
 * alone; the article's JSON-LD is made from the same data. A tag whose value is missing or empty
 * is left out, never written empty.
 */

import type { ArticleDetail, ArticleRelation, ArticleStatus, Person, Reference } from "../../contract/api-types.ts";
import { doiUrl, orcidUrl } from "../../contract/identifiers.ts";
import type { Locale } from "../../i18n/locales.ts";

export interface CitationData {
  /** The page's absolute canonical URL. */
  url: string;
  /** The page's locale (og:locale). */
  locale: Locale;
  /** The title as the page shows it. */
  title: string;
  /** The title in the article's own language: what Google Scholar indexes, on both locales' pages. */
  originalTitle: string;
  /** The language the article is written in. */
  language: Locale;
  authors: Pick<Person, "name" | "given" | "family" | "orcid" | "affiliations">[];
  /** YYYY-MM-DD. */
  publishedOn: string;
  /** `title` in the page's language, `originalTitle` in the article's. */
  journal: { title: string; originalTitle: string; abbreviation: string | null; issns: string[]; licence: string | null };
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
  references: Reference[];
  /** For the JSON-LD: the article's standing, who funded it, and the notices or works it is related to (absolute URLs). */
  status: ArticleStatus;
  funding: ArticleDetail["funding"];
  relations: { type: ArticleRelation["type"]; side: ArticleRelation["side"]; url: string; title: string }[];
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

type Tag = [kind: "name" | "property", key: string, value: string | number | null];
/** The tags that have a value, as React Router's meta descriptors. */
const written = (tags: Tag[]): MetaTag[] =>
  tags
    .filter(([, , value]) => value !== null && String(value).trim() !== "")
    .map(([kind, key, value]) => (kind === "name" ? { name: key, content: String(value) } : { property: key, content: String(value) }));

/** A person as Highwire's tags name them: "Family, Given" (a family name of several words stays whole). */
const invertedName = (person: { given: string | null; family: string }) => (person.given ? `${person.family}, ${person.given}` : person.family);

/** A reference as Highwire's citation_reference gives one: its known parts as `key=value` pairs, else its printed text. */
function referenceTag(reference: Reference): string {
  const parts: [string, string | number | undefined | null][] = [
    ["citation_title", reference.title],
    ...reference.authors.map((a): [string, string] => ["citation_author", invertedName({ given: a.given ?? null, family: a.family })]),
    [reference.type === "journal-article" ? "citation_journal_title" : "citation_publisher", reference.container ?? reference.publisher],
    ["citation_publication_date", reference.year],
    ["citation_volume", reference.volume],
    ["citation_issue", reference.issue],
    ["citation_firstpage", reference.pages?.split(/[-–]/)[0]],
    ["citation_lastpage", reference.pages?.split(/[-–]/)[1]],
    ["citation_doi", reference.doi],
  ];
  const known = parts.filter(([, value]) => value != null && value !== "");
  return reference.title ? known.map(([key, value]) => `${key}=${String(value).replaceAll(";", ",")}`).join("; ") : reference.text;
}

export function citationMeta(data: CitationData): MetaTag[] {
  const description = shorten(data.abstract, DESCRIPTION_MAX);
  const tags: Tag[] = [
    ["name", "description", description],
    ["name", "citation_title", data.originalTitle],
    ...data.authors.flatMap((a): typeof tags => [
      ["name", "citation_author", invertedName(a)],
      ...a.affiliations.map((x): (typeof tags)[number] => ["name", "citation_author_institution", x.name]),
      ["name", "citation_author_orcid", a.orcid && orcidUrl(a.orcid)],
    ]),
    ["name", "citation_publication_date", data.publishedOn.replaceAll("-", "/")],
    ["name", "citation_journal_title", data.journal.originalTitle],
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
    ...data.references.map((r): (typeof tags)[number] => ["name", "citation_reference", referenceTag(r)]),

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
  return written(tags);
}

/** What a book page's tags say of it: its people, its editions' ISBNs, its DOI and its description in the page's language. */
export interface BookCitationData {
  url: string;
  locale: Locale;
  title: string;
  authors: Pick<Person, "given" | "family">[];
  editors: Pick<Person, "given" | "family">[];
  year: number;
  publisher: string;
  isbns: string[];
  doi: string | null;
  language: Locale;
  /** The description as plain text. */
  description: string;
}

/** A book page's Highwire tags (Google Scholar indexes books by them too), its description and Open Graph tags. */
export function bookCitationMeta(data: BookCitationData): MetaTag[] {
  const description = shorten(data.description, DESCRIPTION_MAX);
  const tags: Tag[] = [
    ["name", "description", description],
    ["name", "citation_title", data.title],
    ...data.authors.map((a): (typeof tags)[number] => ["name", "citation_author", invertedName(a)]),
    ...data.editors.map((a): (typeof tags)[number] => ["name", "citation_editor", invertedName(a)]),
    ["name", "citation_publication_date", String(data.year)],
    ["name", "citation_publisher", data.publisher],
    ...data.isbns.map((isbn): (typeof tags)[number] => ["name", "citation_isbn", isbn]),
    ["name", "citation_doi", data.doi],
    ["name", "citation_language", data.language],
    ["name", "citation_abstract_html_url", data.url],
    ["property", "og:type", "book"],
    ["property", "og:title", data.title],
    ["property", "og:url", data.url],
    ["property", "og:description", description],
    ["property", "og:locale", ogLocales[data.locale]],
  ];
  return written(tags);
}
