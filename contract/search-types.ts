/**
 * The site search's request and answer shapes (GET /api/search/{locale}, docs/api.md). Imported
 * by the web app too: this module must import no server code.
 */
import type { Page } from "./api-types.ts";

/** What the search finds, in the order its type facet lists them. */
export const searchKinds = ["journal", "article", "book", "service", "policy", "page"] as const;
export type SearchKind = (typeof searchKinds)[number];

/** The longest query the search takes, in characters. */
export const MAX_SEARCH_QUERY = 200;

/** The search's filters, as they live in the URL (one value each). */
export const searchFacets = ["type", "journal", "year"] as const;
export type SearchFacet = (typeof searchFacets)[number];
export type SearchFilters = Partial<Record<SearchFacet, string>>;

export interface SearchResult {
  type: SearchKind;
  id: string;
  title: string;
  /** Where it lives in the requested locale: the journal's, book's, service's or policy's slug, the page's id; an article's journal's slug. */
  slug: string;
  /** An article's issue. */
  issueId: string | null;
  /** The journal of an article (or the journal itself). */
  journal: { id: string; title: string } | null;
  /** An article's issue year, a book's year. */
  year: number | null;
  /** Plain text around the first match (or the text's start). */
  snippet: string;
}

/** A facet value and the number of results picking it would give (the other filters applied). */
export interface FacetCount {
  value: string;
  count: number;
}
export interface SearchAnswer extends Page<SearchResult> {
  query: string;
  facets: {
    type: FacetCount[];
    /** Most results first, then by title; with each journal's title in the requested locale. */
    journal: (FacetCount & { title: string })[];
    /** Newest first. */
    year: FacetCount[];
  };
}
