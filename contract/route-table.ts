/**
 * Everything the site answers with React Router, once: every screen, with its id, its English and
 * Turkish path patterns (exactly as the specification lists them, irregular Turkish paths
 * included), its module and its parent; and the files it serves (feeds, sitemaps, reference
 * downloads) as resource routes. The router config, `href()`, the language switcher, hreflang,
 * canonical URLs and the sitemap are all derived from this table.
 */
import type { Locale } from "../i18n/locales.ts";
import { journalFacets } from "./api-types.ts";
import { searchFacets } from "./search-types.ts";

/** A list's page (`?page=2`; the first has none). */
const PAGE = "page";
/** A form's "sent" answer: the submission's reference and the proof that this visitor sent it. */
const SENT = ["sent", "proof"] as const;

export interface RouteEntry {
  id: string;
  en: string;
  tr: string;
  file: string;
  parent?: string;
  /** A child that renders at its parent's own path. */
  index?: boolean;
  /**
   * A file rather than a screen (a feed, a sitemap, a reference download): its module has a
   * loader only, which answers the file. It is no page: never listed in the sitemap, linked as a
   * page, or given alternates. One whose path is the same in both locales is declared once.
   */
  resource?: true;
  /**
   * The query parameters the screen reads (filters, `page`, `q`…). Others never reach it, and a
   * kept page is the same whatever else its URL carries (server/page-cache.ts).
   */
  query?: readonly string[];
}

export const routeTable = [
  { id: "home", en: "/", tr: "/tr", file: "routes/home.tsx" },
  { id: "contact", en: "/contact-us", tr: "/tr/bize-ulasin", file: "routes/contact/layout.tsx" },
  { id: "contact-main", en: "/contact-us", tr: "/tr/bize-ulasin", file: "routes/contact/main.tsx", parent: "contact", index: true, query: SENT },
  {
    id: "contact-finance",
    en: "/contact-us/finance",
    tr: "/tr/bize-ulasin/finans",
    file: "routes/contact/topic.tsx",
    parent: "contact",
    query: SENT,
  },
  {
    id: "contact-journal-operations",
    en: "/contact-us/journal-operations",
    tr: "/tr/bize-ulasin/dergi-operasyonlari",
    file: "routes/contact/topic.tsx",
    parent: "contact",
    query: SENT,
  },
  {
    id: "contact-permission-request",
    en: "/contact-us/permission-request",
    tr: "/tr/bize-ulasin/izin-talebi",
    file: "routes/contact/topic.tsx",
    parent: "contact",
    query: SENT,
  },
  {
    id: "contact-quote-request",
    en: "/contact-us/quote-request-collaboration",
    tr: "/tr/bize-ulasin/isbirligi-ortaklik",
    file: "routes/contact/topic.tsx",
    parent: "contact",
    // A service page's quote request names its service (`?service={id}`): the form arrives with it chosen.
    query: [...SENT, "service"],
  },
  { id: "books", en: "/books", tr: "/tr/kitaplar", file: "routes/books/list.tsx" },
  { id: "book", en: "/books/:slug", tr: "/tr/books/:slug", file: "routes/books/detail.tsx" },
  { id: "journals", en: "/journals", tr: "/tr/dergiler", file: "routes/journals/list.tsx", query: [...journalFacets, PAGE] },
  { id: "journal", en: "/journals/:slug", tr: "/tr/dergiler/:slug", file: "routes/journals/layout.tsx" },
  { id: "journal-overview", en: "/journals/:slug", tr: "/tr/dergiler/:slug", file: "routes/journals/overview.tsx", parent: "journal", index: true },
  {
    id: "journal-articles",
    en: "/journals/:slug/articles",
    tr: "/tr/dergiler/:slug/makaleler",
    file: "routes/journals/articles.tsx",
    parent: "journal",
  },
  {
    id: "journal-articles-all",
    en: "/journals/:slug/articles",
    tr: "/tr/dergiler/:slug/makaleler",
    file: "routes/journals/articles-all.tsx",
    parent: "journal-articles",
    index: true,
    query: [PAGE],
  },
  {
    id: "journal-issue",
    en: "/journals/:slug/articles/:issueId",
    tr: "/tr/dergiler/:slug/makaleler/:issueId",
    file: "routes/journals/issue.tsx",
    parent: "journal-articles",
    query: [PAGE],
  },
  // Outside the journal area's layout, whose heading is the journal's: here the article's title is the page's <h1>.
  {
    id: "journal-article",
    en: "/journals/:slug/articles/:issueId/:articleSlug",
    tr: "/tr/dergiler/:slug/makaleler/:issueId/:articleSlug",
    file: "routes/journals/article.tsx",
  },
  {
    id: "journal-board",
    en: "/journals/:slug/editorial-board",
    tr: "/tr/dergiler/:slug/editör-kadrosu",
    file: "routes/journals/board.tsx",
    parent: "journal",
  },
  { id: "policies", en: "/policies", tr: "/tr/politikalar", file: "routes/content-items/list.tsx" },
  { id: "policy", en: "/policies/:slug", tr: "/tr/politikalar/:slug", file: "routes/content-items/detail.tsx" },
  { id: "services", en: "/services", tr: "/tr/hizmetler", file: "routes/content-items/list.tsx" },
  { id: "service", en: "/services/:slug", tr: "/tr/hizmetler/:slug", file: "routes/content-items/detail.tsx" },
  { id: "permission-form", en: "/form-permission", tr: "/tr/form-permission", file: "routes/permission-form.tsx", query: SENT },
  { id: "search", en: "/search", tr: "/tr/arama", file: "routes/search.tsx", query: ["q", ...searchFacets, PAGE] },
  { id: "about", en: "/who-we-are", tr: "/tr/biz-kimiz", file: "routes/about.tsx" },
  { id: "departments", en: "/who-we-are/departments", tr: "/tr/who-we-are/departments", file: "routes/departments/list.tsx" },
  {
    id: "department",
    en: "/who-we-are/departments/:slug",
    tr: "/tr/biz-kimiz/departmanlar/:slug",
    file: "routes/departments/detail.tsx",
  },
  // The files: Atom feeds, sitemaps, and a work's reference for reference managers.
  { id: "feed", en: "/feed.atom", tr: "/tr/feed.atom", file: "routes/files/feed.ts", resource: true },
  { id: "journal-feed", en: "/journals/:slug/feed.atom", tr: "/tr/dergiler/:slug/feed.atom", file: "routes/files/feed.ts", resource: true },
  // The icons every page points into, one file named by its content (app/lib/icons.server.ts).
  { id: "icons", en: "/icons/:file", tr: "/icons/:file", file: "routes/files/icons.ts", resource: true },
  { id: "sitemap", en: "/sitemap.xml", tr: "/sitemap.xml", file: "routes/files/sitemap.ts", resource: true },
  { id: "sitemap-site", en: "/sitemaps/site.xml", tr: "/sitemaps/site.xml", file: "routes/files/sitemap.ts", resource: true },
  // `part` is the part's file name, `{n}.xml` (a path segment is a parameter whole, or no parameter).
  {
    id: "sitemap-journal",
    en: "/sitemaps/journals/:slug/:part",
    tr: "/sitemaps/journals/:slug/:part",
    file: "routes/files/sitemap.ts",
    resource: true,
  },
  // The locale is the reference's (a parameter), not the path's.
  { id: "cite-book", en: "/cite/:locale/books/:slug/:format", tr: "/cite/:locale/books/:slug/:format", file: "routes/files/cite.ts", resource: true },
  {
    id: "cite-article",
    en: "/cite/:locale/journals/:slug/:issueId/:articleId/:format",
    tr: "/cite/:locale/journals/:slug/:issueId/:articleId/:format",
    file: "routes/files/cite.ts",
    resource: true,
  },
] as const satisfies readonly RouteEntry[];

/** The screens: the table without its files (resource routes). */
export const screens: readonly RouteEntry[] = (routeTable as readonly RouteEntry[]).filter((route) => !route.resource);

export type RouteId = (typeof routeTable)[number]["id"];
/** The ids of the screens (the table's pages, not its files). */
export type ScreenId = Exclude<(typeof routeTable)[number], { resource: true }>["id"];
type PatternOf<Id extends RouteId> = Extract<(typeof routeTable)[number], { id: Id }>["en"];
type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;
/** The parameters a route's path needs, e.g. `{ slug: string; issueId: string }`. */
export type RouteParams<Id extends RouteId> = { [K in ParamNames<PatternOf<Id>>]: string };

/** The screens whose paths have no parameters. */
export type StaticRouteId = { [Id in RouteId]: keyof RouteParams<Id> extends never ? Id : never }[RouteId];

const byId = new Map<string, RouteEntry>(routeTable.map((r) => [r.id, r]));

/** The route module's id for one locale, as the router knows it. */
export const routerId = (id: string, locale: Locale) => `${id}.${locale}`;

const screenIds = new Set(screens.map((r) => r.id));

/** Splits a screen's router id back into the table id and the locale. */
export function parseRouterId(routerIdValue: string): { id: ScreenId; locale: Locale } | undefined {
  const match = /^(.+)\.(en|tr)$/.exec(routerIdValue);
  if (!match || !screenIds.has(match[1])) return undefined;
  return { id: match[1] as ScreenId, locale: match[2] as Locale };
}

/** Fills a pattern's parameters, percent-encoding them; the pattern itself is encoded as a URI. */
export function fillPattern(pattern: string, params: Record<string, string | undefined>): string {
  return encodeURI(pattern).replace(/:(\w+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`missing route parameter ${name} for ${pattern}`);
    return encodeURIComponent(value);
  });
}

/**
 * The URL of a screen in a locale.
 * @example href("journal-board", { slug: "tarih-ve-kultur-dergisi" }, "tr") // "/tr/dergiler/tarih-ve-kultur-dergisi/edit%C3%B6r-kadrosu"
 */
export function href<Id extends RouteId>(
  id: Id,
  ...[params, locale]: keyof RouteParams<Id> extends never ? [params?: object, locale?: Locale] : [params: RouteParams<Id>, locale?: Locale]
): string {
  const entry = byId.get(id) as RouteEntry;
  return fillPattern(entry[locale ?? "en"], (params ?? {}) as Record<string, string>);
}

/** A table entry by id (for code that walks the table, such as the sitemap). */
export const routeEntry = (id: string): RouteEntry | undefined => byId.get(id);

/** The journal overview's section of open calls for papers, which the home page's calls link to. */
export const CALLS_ANCHOR = "calls";
