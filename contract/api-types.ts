/**
 * Response shapes of the content API (documented in docs/api.md). The web app imports these
 * as types, and the constants below as values: this module must import no server code.
 * Rich-text fields (`*Html`, `details`, `body`) hold sanitized HTML.
 */
import type { Locale } from "../i18n/locales.ts";

export type { Locale };
export const contentTypes = ["services", "policies", "journals", "books", "calls", "departments", "pages"] as const;
export type ContentType = (typeof contentTypes)[number];
/** The pages of free text, each shown by the screen of the same id. */
export const pageIds = ["about", "contact"] as const;
export type PageId = (typeof pageIds)[number];

/** The slug of the same entity in each locale, for the language switcher and hreflang. */
export type Alternates = Record<Locale, string>;

export interface List<T> {
  Items: T[];
  Count: number;
}
export interface Page<T> extends List<T> {
  page: number;
  pageSize: number;
  pageCount: number;
}

export interface ApiError {
  error: "bad_request" | "unauthorized" | "not_found" | "method_not_allowed" | "invalid" | "unavailable" | "internal";
  message: string;
  /** With "invalid": each field's error code (forms/schemas.ts). */
  fields?: Partial<Record<string, string>>;
}

export interface SubmissionAccepted {
  id: string;
  reference: string;
}

/** A service or a policy: the specification's content item. */
export interface ContentItem {
  id: string;
  icon: string | null;
  title: string;
  description: string;
  slug: string;
  order: number | null;
}
export interface ContentItemDetail extends ContentItem {
  details: string;
  alternates: Alternates;
}

export interface Statistics {
  journalCount: number;
  articleCount: number;
  /** Share of journals with double-blind review, in whole percent. */
  doubleBlindRate: number;
  globalIndexingDatabases: number;
  articleViews: number;
}
export interface Initial extends Statistics {
  services: ContentItem[];
  policies: ContentItem[];
}

export interface ReferenceEntity {
  id: string;
  order: number | null;
  langData: Record<Locale, { title: string }>;
  url?: string | null;
  doubleBlind?: boolean;
  global?: boolean;
}
export interface Entities {
  categories: ReferenceEntity[];
  publicationFormats: ReferenceEntity[];
  reviewTypes: ReferenceEntity[];
  metricTypes: ReferenceEntity[];
  indexes: ReferenceEntity[];
  journalSystems: ReferenceEntity[];
  teamPositions: ReferenceEntity[];
}

/** A reference entity named in the request's locale. */
export interface Named {
  id: string;
  title: string;
}

export interface JournalSummary {
  id: string;
  slug: string;
  title: string;
  abbreviation: string;
  eIssn: string;
  printIssn: string | null;
  cover: string | null;
  categories: Named[];
  reviewType: Named;
  frequency: string;
  openAccess: boolean;
  order: number | null;
}
/**
 * The journal list's filters, each a query parameter of GET /api/journals/{locale}: `category`,
 * `index`, `format` and `review` take a reference entity's id, `access` only `open`.
 */
export const journalFacets = ["category", "index", "format", "review", "access"] as const;
export type JournalFacet = (typeof journalFacets)[number];
/** The `access` facet's one value. */
export const OPEN_ACCESS = "open";
/** The reference entities (`Entities`' lists) whose ids the facets other than `access` take. */
export const journalFacetKinds = {
  category: "categories",
  index: "indexes",
  format: "publicationFormats",
  review: "reviewTypes",
} as const satisfies Record<Exclude<JournalFacet, "access">, keyof Entities>;
/** The active filters: at most one value each. */
export type JournalFilters = Partial<Record<JournalFacet, string>>;
/**
 * For each facet, how many journals match every other active filter and have that value
 * (the count picking it would give); values with no journal are left out, except `access.open`.
 * Every facet is an id → count record, so `facets[facet][value]` reads any of them.
 */
export interface JournalFacetCounts {
  category: Record<string, number>;
  index: Record<string, number>;
  format: Record<string, number>;
  review: Record<string, number>;
  access: Record<string, number> & { open: number };
}
/** The journals matching the filters, in the list's order, with the facet counts. */
export interface JournalDirectory extends List<JournalSummary> {
  facets: JournalFacetCounts;
}

export interface JournalDetail extends JournalSummary {
  descriptionHtml: string;
  aimsScopeHtml: string;
  publicationFormat: Named;
  languages: Locale[];
  startYear: number;
  indexes: (Named & { url: string | null; global: boolean })[];
  metrics: { type: Named; value: number; year: number }[];
  licence: string | null;
  journalSystem: Named & { url: string | null };
  journalSystemUrl: string;
  contactEmail: string;
  issueCount: number;
  articleCount: number;
  alternates: Alternates;
}

export interface Issue {
  id: string;
  volume: number;
  number: number;
  year: number;
  publishedOn: string;
  specialTitle: string | null;
  articleCount: number;
}

/** An institution a person works at: its ROR id (without https://ror.org/) and country code where known. */
export interface Affiliation {
  name: string;
  ror: string | null;
  country: string | null;
}
/** A person who wrote or edited a work: `name` as printed (given names, then the family name, which may have several words). */
export interface Person {
  name: string;
  given: string | null;
  family: string;
  orcid: string | null;
  affiliations: Affiliation[];
}
export interface Author extends Person {
  corresponding: boolean;
  /** Only the corresponding author's. */
  email: string | null;
  /** CRediT role slugs (https://credit.niso.org/). */
  roles: string[];
}
/** A galley this site serves under the article's path (`{article path}/{article id}.{kind}`). */
/** A galley: a file this site serves (its size known), or one at the journal system (`url`). */
export interface Galley {
  kind: "pdf" | "epub";
  bytes: number | null;
  url: string | null;
}
export interface ArticleSummary {
  id: string;
  issueId: string;
  title: string;
  /** The language `title` is in: the request's, or the article's own when the title came in that one only (it then stands for both). */
  titleLanguage: Locale;
  authors: Author[];
  type: string;
  language: Locale;
  doi: string | null;
  firstPage: number | null;
  lastPage: number | null;
  publishedOn: string;
  /** Counted views (COUNTER's investigations: the page or a file of the article opened), not typed. */
  views: number;
  status: ArticleStatus;
  galleys: Galley[];
}
export type ArticleStatus = "published" | "corrected" | "retracted" | "expression-of-concern" | "withdrawn";
/** One of the newest articles, with what a feed entry says of it. */
export interface LatestArticle {
  id: string;
  issueId: string;
  journal: { slug: string; title: string };
  title: string;
  authors: string[];
  abstractHtml: string;
  keywords: string[];
  doi: string | null;
  publishedOn: string;
}
/** The newest articles; of one journal, named, when the request names it. */
export interface LatestArticles extends List<LatestArticle> {
  journal?: { slug: string; title: string };
}
export interface IssueArticles extends Page<ArticleSummary> {
  issue: Issue;
}

/** An article's title, abstract (sanitized HTML) and keywords in one locale. */
export interface ArticleText {
  title: string;
  abstractHtml: string;
  keywords: string[];
}
/** A work the article cites, as printed, with its parts where known. */
export interface Reference {
  id: string;
  text: string;
  doi: string | null;
  url: string | null;
  type: string;
  authors: { given?: string; family: string }[];
  title?: string;
  container?: string;
  year?: number;
  volume?: string;
  issue?: string;
  pages?: string;
  publisher?: string;
}
/** A notice and the work it changes, seen from either: the other article (in the same journal) or a DOI. */
export interface ArticleRelation {
  type: "corrects" | "retracts" | "concerns";
  /** "notice": this article is the notice; "work": this article is the work the notice changes. */
  side: "notice" | "work";
  article: { issueId: string; id: string; title: string; titleLanguage: Locale; doi: string | null } | null;
  doi: string | null;
}
/** The article's body in its own language, rendered on import. */
export interface FullText {
  html: string;
  outline: { id: string; title: string }[];
  /** Reference id → the ids of the citation anchors that cite it. */
  citedAt: Record<string, string[]>;
}
/** One article's landing page: `title` is the request's locale's; `alternates` holds the journal's slugs. */
export interface ArticleDetail extends ArticleSummary {
  /** Its PDF or EPUB downloaded, counted. */
  downloads: number;
  /** Since when `views` and `downloads` count: the day counting began, or the article's publication if later. */
  countedSince: string;
  receivedOn: string | null;
  acceptedOn: string | null;
  modifiedOn: string | null;
  versions: { date: string; note: string }[];
  /** The article's own licence, or the journal's. */
  licence: { name: string; url: string | null } | null;
  copyright: { holder: string; year: number } | null;
  funding: { funder: string; funderId?: string; awards: string[] }[];
  relations: ArticleRelation[];
  references: Reference[];
  fullText: FullText | null;
  /** Other articles of the same journal on the same subject (shared keywords), newest first. */
  related: { issueId: string; id: string; title: string; titleLanguage: Locale }[];
  text: Record<Locale, ArticleText>;
  issue: Issue;
  /** `id` is the journal's folder in the content (where its articles' files lie); `titles` its title in each locale. */
  journal: Pick<JournalDetail, "id" | "slug" | "title" | "abbreviation" | "eIssn" | "printIssn" | "licence"> & { titles: Record<Locale, string> };
  alternates: Alternates;
}

export interface BoardMember {
  honorific: string | null;
  name: string;
  affiliation: string;
  country: string;
  orcid: string | null;
}
export interface EditorialBoard {
  positions: (Named & { members: BoardMember[] })[];
  Count: number;
}

export interface BookSummary {
  id: string;
  slug: string;
  title: string;
  subtitle: string | null;
  contributors: (Person & { role: "author" | "editor" })[];
  year: number;
  language: Locale;
  printIsbn: string | null;
  eIsbn: string | null;
  cover: string | null;
  categories: Named[];
  order: number | null;
}
export interface BookDetail extends BookSummary {
  descriptionHtml: string;
  doi: string | null;
  pages: number;
  publicationFormat: Named;
  licence: string | null;
  url: string | null;
  chapters: { title: string; authors: Person[]; firstPage: number; lastPage: number; doi: string | null }[];
  alternates: Alternates;
}

/** A journal's call for papers, in the request's locale. Its id is the same in every locale. */
export interface CallSummary {
  id: string;
  journal: { slug: string; title: string };
  title: string;
  /** The special issue the call is for; null for the journal's regular issues. */
  specialTitle: string | null;
  /** The last day submissions are taken (YYYY-MM-DD, in the publisher's calendar). */
  deadline: string;
  /** Whether the deadline is the publisher's today or later. */
  open: boolean;
}
export interface CallDetail extends CallSummary {
  bodyHtml: string;
}
/** The value of `include` that lists the closed calls too (GET /api/calls/{locale}). */
export const CLOSED_CALLS = "closed";

/** A journal the home page shows: its summary (cover, subjects) and its newest published issue. */
export interface HomeJournal extends JournalSummary {
  latestIssue: Omit<Issue, "articleCount"> | null;
}
/** One of the newest articles the home page shows. */
export interface HomeArticle {
  id: string;
  issueId: string;
  journal: { slug: string; title: string };
  /** The language it is written in. */
  language: Locale;
  /** Its title in each language it has one: always its own language's; the other's when it was translated, not copied. */
  titles: Partial<Record<Locale, string>>;
  authors: string[];
  publishedOn: string;
}
/** What the home page shows of the catalogue, besides the initial payload's statistics and services. */
export interface HomeContent {
  /** The first journals in the list's order. */
  journals: HomeJournal[];
  /** The newest articles, newest first. */
  latestArticles: HomeArticle[];
  /** The newest books, newest year first. */
  newBooks: BookSummary[];
  /** The open calls for papers, soonest deadline first. */
  calls: CallSummary[];
}

/**
 * A photograph or illustration a page shows, under the image origin (served through /images): its
 * text alternative in the asked locale ("" when it is decorative) and, when its licence asks for
 * attribution, its credit.
 */
export interface ContentImage {
  file: string;
  alt: string;
  credit: { author: string; licence: { name: string; url: string } } | null;
}

export interface DepartmentSummary {
  id: string;
  slug: string;
  name: string;
  email: string;
  phone: string;
  order: number | null;
  image: ContentImage | null;
}
export interface DepartmentDetail extends DepartmentSummary {
  descriptionHtml: string;
  staff: { name: string; email: string | null; role: string }[];
  alternates: Alternates;
}

export interface PageContent {
  id: string;
  slug: string;
  title: string;
  bodyHtml: string;
  image: ContentImage | null;
  alternates: Alternates;
}
