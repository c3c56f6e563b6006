import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApiClient } from "../app/lib/api-client.server.ts";
import { href } from "../app/route-table.ts";
import { createApiApp } from "../service/api/app.ts";
import { importContent } from "../service/content/import.ts";
import { readContentFolder } from "../service/content/read-folder.ts";
import type { DatabaseHandle } from "../service/db/database.ts";
import { testDatabases } from "../tests/databases.ts";
import { renderSitemap } from "./sitemap.ts";

const origin = "https://example.org";
const demo = await readContentFolder("content/demo");

/** Each <url> of the sitemap: its location and its alternates by hreflang. */
function entries(xml: string) {
  return [...xml.matchAll(/<url><loc>([^<]+)<\/loc>(.*?)<\/url>/g)].map(([, loc, links]) => ({
    loc,
    alternates: Object.fromEntries([...links.matchAll(/hreflang="([^"]+)" href="([^"]+)"/g)].map(([, lang, url]) => [lang, url])),
  }));
}

for (const database of testDatabases()) {
  describe(`sitemap on ${database.dialect}`, () => {
    let handle: DatabaseHandle;
    let urls: ReturnType<typeof entries>;

    beforeAll(async () => {
      handle = await database.open();
      await importContent(handle.db, demo);
      const app = createApiApp(handle.db);
      urls = entries(
        await renderSitemap(
          createApiClient(async (path, init) => app.request(path, init)),
          origin,
        ),
      );
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
  });
}
