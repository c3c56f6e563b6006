import { matchPath } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { href, routeEntry } from "../../contract/route-table.ts";
import { type ApiClient, createApiClient } from "../../service/api/client.ts";
import { createContentService } from "../../service/api/content-service.ts";
import type { DatabaseHandle } from "../../service/db/database.ts";
import { testDatabases } from "../../tests/databases.ts";
import { demoBundle } from "../../tests/demo-snapshot.ts";
import { createSitemaps } from "./sitemap.server.ts";

const origin = "https://example.org";
const demo = demoBundle();

/** Each <url> of a sitemap: its location and its alternates by hreflang. */
function entries(xml: string) {
  return [...xml.matchAll(/<url><loc>([^<]+)<\/loc>(.*?)<\/url>/g)].map(([, loc, links]) => ({
    loc,
    alternates: Object.fromEntries([...links.matchAll(/hreflang="([^"]+)" href="([^"]+)"/g)].map(([, lang, url]) => [lang, url])),
  }));
}

type Sitemaps = ReturnType<typeof createSitemaps>;

/** A sitemap's answer, as its route (app/routes/files/sitemap.ts) gives it. */
async function get(sitemaps: Sitemaps, api: ApiClient, path: string) {
  const part = matchPath(routeEntry("sitemap-journal")?.en as string, path)?.params;
  const response =
    path === href("sitemap")
      ? await sitemaps.index(api, origin)
      : path === href("sitemap-site")
        ? await sitemaps.site(api, origin)
        : await sitemaps.journal(api, origin, { slug: part?.slug as string, part: part?.part as string, path });
  return {
    status: response.status,
    type: response.headers.get("Content-Type"),
    cacheControl: response.headers.get("Cache-Control"),
    body: await response.text(),
  };
}

/** The index's sitemaps, each read: their paths and their entries. */
async function readAll(sitemaps: Sitemaps, api: ApiClient) {
  const index = await get(sitemaps, api, "/sitemap.xml");
  expect([index.status, index.type, index.cacheControl]).toEqual([200, "application/xml; charset=utf-8", "public, max-age=600"]);
  expect(index.body).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<sitemapindex xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/);
  const paths = [...index.body.matchAll(/<sitemap><loc>([^<]+)<\/loc><\/sitemap>/g)].map(([, loc]) => loc.slice(origin.length));
  const parts = await Promise.all(
    paths.map(async (path) => {
      const part = await get(sitemaps, api, path);
      expect([path, part.status, part.cacheControl]).toEqual([path, 200, "public, max-age=600"]);
      return { path, urls: entries(part.body) };
    }),
  );
  return parts;
}

// The sitemaps read the content API, whose queries are tested on both databases.
for (const database of testDatabases({ demo: true, postgres: false })) {
  describe(`sitemaps on ${database.dialect}`, () => {
    let handle: DatabaseHandle;
    let api: ApiClient;
    let parts: Awaited<ReturnType<typeof readAll>>;
    let urls: ReturnType<typeof entries>;

    beforeAll(async () => {
      handle = await database.open();
      api = createApiClient(createContentService(handle.db));
      parts = await readAll(createSitemaps(), api);
      urls = parts.flatMap((part) => part.urls);
    });
    afterAll(() => handle.db.destroy());

    /** Both locales' URLs are listed, each with the pair and x-default (English) as alternates. */
    const expectPair = (en: string, tr: string) => {
      const alternates = { en: origin + en, tr: origin + tr, "x-default": origin + en };
      for (const loc of [en, tr]) expect(urls.filter((u) => u.loc === origin + loc)).toEqual([{ loc: origin + loc, alternates }]);
    };

    it("lists every article of every issue in both locales with its alternates", () => {
      const articles = demo.journals.flatMap(({ journal, issues }) =>
        issues.flatMap((issue) => issue.articles.map((article) => ({ journal, issueId: issue.id, articleSlug: article.id }))),
      );
      for (const { journal, issueId, articleSlug } of articles) {
        expectPair(
          href("journal-article", { slug: journal.en.slug, issueId, articleSlug }, "en"),
          href("journal-article", { slug: journal.tr.slug, issueId, articleSlug }, "tr"),
        );
      }
      expect(urls.filter((u) => /\/articles\/[^/]+\/[^/]+$/.test(u.loc))).toHaveLength(articles.length);
    });

    it("does not list the search results, which search engines are asked not to index", () => {
      for (const locale of ["en", "tr"] as const) expect(urls.map((u) => u.loc)).not.toContain(origin + href("search", {}, locale));
      expect(urls.map((u) => u.loc)).toContain(origin + href("journals", {}, "tr"));
    });

    it("lists every book in both locales with its alternates", () => {
      for (const book of demo.books) expectPair(href("book", { slug: book.en.slug }, "en"), href("book", { slug: book.tr.slug }, "tr"));
    });

    it("indexes the site's sitemap and one per journal, which holds the journal's issues and articles only", () => {
      expect(parts[0].path).toBe("/sitemaps/site.xml");
      expect(parts.slice(1).map((p) => p.path)).toEqual(
        expect.arrayContaining(demo.journals.map(({ journal }) => `/sitemaps/journals/${journal.en.slug}/1.xml`)),
      );
      expect(parts).toHaveLength(1 + demo.journals.length);
      for (const { journal, issues } of demo.journals) {
        const part = parts.find((p) => p.path === `/sitemaps/journals/${journal.en.slug}/1.xml`);
        const articleCount = issues.reduce((sum, issue) => sum + issue.articles.length, 0);
        expect(part?.urls).toHaveLength(2 * (issues.length + articleCount));
        for (const { loc } of part?.urls ?? []) expect(loc).toMatch(new RegExp(`/(${journal.en.slug}/articles|${journal.tr.slug}/makaleler)/[^/]+`));
      }
      expect(parts[0].urls.map((u) => u.loc)).toContain(origin + href("journal", { slug: demo.journals[0].journal.tr.slug }, "tr"));
    });

    it("splits a journal's issues and articles into parts of the set size, none lost or repeated", async () => {
      const small = await readAll(createSitemaps({ pairsPerSitemap: 3 }), api);
      for (const part of small) if (part.path !== "/sitemaps/site.xml") expect(part.urls.length).toBeLessThanOrEqual(6);
      const [largest] = demo.journals.toSorted((a, b) => b.issues.length - a.issues.length);
      expect(small.filter((p) => p.path.startsWith(`/sitemaps/journals/${largest.journal.en.slug}/`)).length).toBeGreaterThan(1);
      const locs = (list: typeof parts) => list.flatMap((p) => p.urls.map((u) => u.loc));
      expect(locs(small).toSorted()).toEqual(locs(parts).toSorted());
      expect(new Set(locs(small)).size).toBe(locs(small).length);
    });

    it("answers an unknown journal, a part past the last and a malformed part with a 404", async () => {
      const sitemaps = createSitemaps();
      const slug = demo.journals[0].journal.en.slug;
      for (const path of [
        "/sitemaps/journals/no-such-journal/1.xml",
        `/sitemaps/journals/${slug}/2.xml`,
        `/sitemaps/journals/${slug}/999999.xml`,
        `/sitemaps/journals/${slug}/0.xml`,
      ]) {
        const { status, body } = await get(sitemaps, api, path);
        expect([path, status]).toEqual([path, 404]);
        expect(JSON.parse(body).message).toContain(path);
      }
    });
  });
}
