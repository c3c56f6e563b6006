/**
 * /sitemap.xml: every screen of the route table in both locales, each URL with its hreflang
 * alternates. Screens with parameters are listed for every entity the content API knows:
 * journals, their issues and articles, books, services, policies and departments.
 */
import type { ApiClient } from "../app/lib/api-client.server.ts";
import { fillPattern, type RouteEntry, routeTable } from "../app/route-table.ts";
import type { Locale } from "../i18n/locales.ts";
import { escapeXml } from "../service/xml.ts";

type Params = Record<Locale, Record<string, string>>;

/** Pairs each entity's slug in both locales through its id. */
async function slugPairs(load: (locale: Locale) => Promise<{ Items: { id: string; slug: string }[] }>): Promise<Params[]> {
  const [en, tr] = await Promise.all([load("en"), load("tr")]);
  const trById = new Map(tr.Items.map((item) => [item.id, item.slug]));
  return en.Items.filter((item) => trById.has(item.id)).map((item) => ({
    en: { slug: item.slug },
    tr: { slug: trById.get(item.id) as string },
  }));
}

const ARTICLES_PER_REQUEST = 100;

/** A journal's articles, every page of them (an article's id is its slug in both locales). */
async function allArticles(api: ApiClient, slug: string): Promise<{ issueId: string; id: string }[]> {
  const first = await api.articles("en", slug, 1, ARTICLES_PER_REQUEST);
  const rest = await Promise.all(Array.from({ length: first.pageCount - 1 }, (_, i) => api.articles("en", slug, i + 2, ARTICLES_PER_REQUEST)));
  return [first, ...rest].flatMap((page) => page.Items);
}
/** Screens that are no page of their own for search engines: search results (`noindex`). */
export const UNLISTED_SCREENS: ReadonlySet<string> = new Set(["search"]);

export async function sitemapParams(api: ApiClient): Promise<Map<string, Params[]>> {
  const [services, policies, journals, books, departments] = await Promise.all([
    slugPairs(api.services),
    slugPairs(api.policies),
    slugPairs(api.journals),
    slugPairs(api.books),
    slugPairs(api.departments),
  ]);
  const issues = (
    await Promise.all(
      journals.map(async (journal) => {
        const list = await api.issues("en", journal.en.slug);
        return list.Items.map((issue) => ({
          en: { ...journal.en, issueId: issue.id },
          tr: { ...journal.tr, issueId: issue.id },
        }));
      }),
    )
  ).flat();
  const articles = (
    await Promise.all(
      journals.map(async (journal) =>
        (
          await allArticles(api, journal.en.slug)
        ).map(({ issueId, id }) => ({
          en: { ...journal.en, issueId, articleSlug: id },
          tr: { ...journal.tr, issueId, articleSlug: id },
        })),
      ),
    )
  ).flat();
  const none: Params[] = [{ en: {}, tr: {} }];
  const byRoute = new Map<string, Params[]>();
  for (const route of routeTable as readonly RouteEntry[]) {
    if (route.index) continue; // the same URL as its parent
    if (UNLISTED_SCREENS.has(route.id)) continue;
    const params = route.en.includes(":articleSlug")
      ? articles
      : route.en.includes(":issueId")
        ? issues
        : route.en.includes(":slug")
          ? ({ service: services, policy: policies, book: books, department: departments }[route.id] ?? journals)
          : none;
    byRoute.set(route.id, params);
  }
  return byRoute;
}

export async function renderSitemap(api: ApiClient, origin: string): Promise<string> {
  const params = await sitemapParams(api);
  const urls: string[] = [];
  for (const route of routeTable as readonly RouteEntry[]) {
    for (const p of params.get(route.id) ?? []) {
      const paths = { en: origin + fillPattern(route.en, p.en), tr: origin + fillPattern(route.tr, p.tr) };
      const alternates = [
        `<xhtml:link rel="alternate" hreflang="en" href="${escapeXml(paths.en)}"/>`,
        `<xhtml:link rel="alternate" hreflang="tr" href="${escapeXml(paths.tr)}"/>`,
        `<xhtml:link rel="alternate" hreflang="x-default" href="${escapeXml(paths.en)}"/>`,
      ].join("");
      for (const locale of ["en", "tr"] as const) urls.push(`<url><loc>${escapeXml(paths[locale])}</loc>${alternates}</url>`);
    }
  }
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls.join("\n")}\n</urlset>\n`;
}
