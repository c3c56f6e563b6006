/**
 * The sitemaps: every screen of the route table in both locales, each URL with its hreflang
 * alternates, in the parts search engines accept (at most 50 000 URLs and 50 MB a file).
 * - /sitemap.xml, the index: the site's sitemap and each journal's.
 * - /sitemaps/site.xml: the screens without an issue (home, lists, journals' own pages, books,
 *   services, policies, departments), for every entity the content API knows.
 * - /sitemaps/journals/{slug}/{n}.xml: a journal's issues and articles, PAIRS_PER_SITEMAP (an
 *   English and a Turkish URL each) a part; a part past the last, or an unknown journal, is a 404.
 */
import { fillPattern, href, type RouteEntry, screens } from "../../contract/route-table.ts";
import { format } from "../../i18n/format.ts";
import { type Locale, locales } from "../../i18n/locales.ts";
import { messages } from "../../i18n/messages/index.ts";
import { type ApiClient, namesNothing } from "../../service/api/client.ts";
import { cached } from "../../service/cached.ts";
import { element, text } from "../../service/xml.ts";

/** An entity's parameters in each locale. */
type Params = Record<Locale, Record<string, string>>;

/** 40 000 URLs a part: under the 50 000 the protocol allows, and about 30 MB (each URL carries its three alternates). */
const PAIRS_PER_SITEMAP = 20_000;
/**
 * The index walks every journal: built once per origin and kept for ten minutes, or built again
 * as soon as the content's revision changes (an import).
 */
const INDEX_TTL_MS = 10 * 60_000;
const ARTICLES_PER_REQUEST = 100;

/** Screens that are no page of their own for search engines: search results (`noindex`). */
export const UNLISTED_SCREENS: ReadonlySet<string> = new Set(["search"]);

/** The screens listed: not an index route (the same URL as its parent), not an unlisted one. */
const listed = screens.filter((route) => !route.index && !UNLISTED_SCREENS.has(route.id));
/** A journal's issues and articles go in the journal's own sitemaps. */
const inIssue = (route: RouteEntry) => route.en.includes(":issueId");

/** Pairs each entity's slug in both locales through its id. */
async function slugPairs(load: (locale: Locale) => Promise<{ Items: { id: string; slug: string }[] }>): Promise<Params[]> {
  const [en, tr] = await Promise.all([load("en"), load("tr")]);
  const trById = new Map(tr.Items.map((item) => [item.id, item.slug]));
  return en.Items.filter((item) => trById.has(item.id)).map((item) => ({
    en: { slug: item.slug },
    tr: { slug: trById.get(item.id) as string },
  }));
}

/** Each entity's two `<url>` entries for a route, both with the pair and x-default (English) as alternates. */
function urlEntries(route: RouteEntry, params: Params[], origin: string): string[] {
  return params.flatMap((p) => {
    const paths = { en: origin + fillPattern(route.en, p.en), tr: origin + fillPattern(route.tr, p.tr) };
    const alternates = [
      text("xhtml:link", "", { rel: "alternate", hreflang: "en", href: paths.en }),
      text("xhtml:link", "", { rel: "alternate", hreflang: "tr", href: paths.tr }),
      text("xhtml:link", "", { rel: "alternate", hreflang: "x-default", href: paths.en }),
    ];
    return locales.map((locale) => element("url", [text("loc", paths[locale]), ...alternates]));
  });
}

const SITEMAP_NS = "http://www.sitemaps.org/schemas/sitemap/0.9";
/** A sitemap file: the XML declaration, then the root element with each entry on a line of its own. */
const xml = (root: string, entries: string[], attrs: Record<string, string>) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n${element(root, ["\n", ...entries.map((entry) => `${entry}\n`)], attrs)}\n`;
const urlset = (entries: string[]) => xml("urlset", entries, { xmlns: SITEMAP_NS, "xmlns:xhtml": "http://www.w3.org/1999/xhtml" });

async function siteSitemap(api: ApiClient, origin: string): Promise<string> {
  const [service, policy, journal, book, department] = await Promise.all(
    [api.services, api.policies, api.journals, api.books, api.departments].map((load) => slugPairs(load)),
  );
  const bySlug: Record<string, Params[]> = { service, policy, book, department };
  return urlset(
    listed
      .filter((route) => !inIssue(route))
      .flatMap((route) => urlEntries(route, route.en.includes(":slug") ? (bySlug[route.id] ?? journal) : [{ en: {}, tr: {} }], origin)),
  );
}

/**
 * The journal with this English slug, with its Turkish one (its alternate), or undefined when there
 * is none: the content API does not know the slug (404) or refuses it as no slug at all (400), or
 * the journal has no Turkish slug (the index lists only journals with both).
 */
async function findJournal(api: ApiClient, slug: string): Promise<Params | undefined> {
  try {
    const { alternates } = await api.journal("en", slug);
    return alternates.tr ? { en: { slug }, tr: { slug: alternates.tr } } : undefined;
  } catch (error) {
    if (namesNothing(error)) return undefined;
    throw error;
  }
}

/** How many sitemaps a journal's issues and articles take (at least one): each issue carries its article count. */
async function journalPartCount(api: ApiClient, slug: string, pairsPerSitemap: number): Promise<number> {
  return Math.max(1, Math.ceil(pairsOf((await api.issues("en", slug)).Items) / pairsPerSitemap));
}

/** How many entities a journal's sitemaps list: its issues and their articles. */
const pairsOf = (issues: readonly { articleCount: number }[]) => issues.reduce((sum, issue) => sum + 1 + issue.articleCount, 0);

/** Part `part` (from 1) of a journal's issues and articles, in that order; undefined past the last part. */
async function journalSitemap(api: ApiClient, origin: string, journal: Params, part: number, pairsPerSitemap: number) {
  const slug = journal.en.slug;
  const issueList = (await api.issues("en", slug)).Items;
  const start = (part - 1) * pairsPerSitemap;
  const end = start + pairsPerSitemap;
  // Past the last part: no article page is asked for (the content API refuses a page that far).
  if (part > 1 && start >= pairsOf(issueList)) return undefined;
  const issues = issueList.map((issue) => ({ issueId: issue.id }));
  // Only the pages of articles that fall in this part are read.
  const articleRange = [Math.max(0, start - issues.length), Math.max(0, end - issues.length)];
  const pages = [Math.floor(articleRange[0] / ARTICLES_PER_REQUEST) + 1, Math.ceil(articleRange[1] / ARTICLES_PER_REQUEST)];
  const first = await api.articles("en", slug, pages[0], ARTICLES_PER_REQUEST);
  const rest = await Promise.all(
    Array.from({ length: Math.max(0, Math.min(pages[1], first.pageCount) - pages[0]) }, (_, i) =>
      api.articles("en", slug, pages[0] + i + 1, ARTICLES_PER_REQUEST),
    ),
  );
  const articles = [first, ...rest]
    .flatMap((page) => page.Items)
    .slice(articleRange[0] - (pages[0] - 1) * ARTICLES_PER_REQUEST)
    .slice(0, articleRange[1] - articleRange[0]);
  const issueParams = issues.slice(start, end).map(({ issueId }) => ({ en: { ...journal.en, issueId }, tr: { ...journal.tr, issueId } }));
  const articleParams = articles.map(({ issueId, id }) => ({
    en: { ...journal.en, issueId, articleSlug: id },
    tr: { ...journal.tr, issueId, articleSlug: id },
  }));
  return urlset(
    listed.filter(inIssue).flatMap((route) => urlEntries(route, route.en.includes(":articleSlug") ? articleParams : issueParams, origin)),
  );
}

async function sitemapIndex(api: ApiClient, origin: string, pairsPerSitemap: number): Promise<string> {
  const journals = await slugPairs(api.journals);
  const parts = await Promise.all(
    journals.map(async ({ en: { slug } }) =>
      Array.from(
        { length: await journalPartCount(api, slug, pairsPerSitemap) },
        (_, i) => origin + href("sitemap-journal", { slug, part: `${i + 1}.xml` }),
      ),
    ),
  );
  return xml(
    "sitemapindex",
    [origin + href("sitemap-site"), ...parts.flat()].map((loc) => element("sitemap", text("loc", loc))),
    { xmlns: SITEMAP_NS },
  );
}

// A CDN or crawler may keep a sitemap as long as this process keeps the index.
const asXml = (body: string) =>
  new Response(body, { headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": `public, max-age=${INDEX_TTL_MS / 1000}` } });
const notFound = (path: string) => Response.json({ error: "not_found", message: format(messages.en.api.notFound, { path }) }, { status: 404 });
/** A journal's part's file name: `{n}.xml`, n from 1. */
const PART_FILE = /^([1-9][0-9]{0,5})\.xml$/;

/**
 * The answers of the sitemaps' routes, each read through the request's API client at the site's
 * public origin. The index is kept per origin (for a few origins at most); `revision` is the
 * content's (the index is built again when it moves); `pairsPerSitemap` is smaller in tests.
 */
export function createSitemaps({ pairsPerSitemap = PAIRS_PER_SITEMAP }: { pairsPerSitemap?: number } = {}) {
  /** Each origin's index, built through the API client of the request that asks for it. */
  const indexes = new Map<string, { api: ApiClient; index: () => Promise<string> }>();
  return {
    /** `/sitemap.xml`. */
    async index(api: ApiClient, origin: string, revision?: () => number): Promise<Response> {
      let kept = indexes.get(origin);
      if (!kept) {
        const entry = { api, index: async () => "" };
        entry.index = cached(INDEX_TTL_MS, () => sitemapIndex(entry.api, origin, pairsPerSitemap), { version: revision });
        kept = entry;
        if (indexes.size < 8) indexes.set(origin, kept);
      }
      kept.api = api;
      return asXml(await kept.index());
    },
    /** `/sitemaps/site.xml`. */
    site: async (api: ApiClient, origin: string): Promise<Response> => asXml(await siteSitemap(api, origin)),
    /** `/sitemaps/journals/{slug}/{part}` (`path`): a 404 for an unknown journal, a part past the last or a malformed part. */
    async journal(api: ApiClient, origin: string, { slug, part, path }: { slug: string; part: string; path: string }): Promise<Response> {
      const number = PART_FILE.exec(part)?.[1];
      if (!number) return notFound(path);
      try {
        const journal = await findJournal(api, slug);
        const body = journal && (await journalSitemap(api, origin, journal, Number.parseInt(number, 10), pairsPerSitemap));
        return body ? asXml(body) : notFound(path);
      } catch (error) {
        if (namesNothing(error)) return notFound(path);
        throw error;
      }
    },
  };
}
