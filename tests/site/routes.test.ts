/**
 * The route table as the site answers it, in process (tests/site-harness.ts): every screen listed by
 * the sitemaps and answered in its language, unknown paths and slugs a 404 in the path's language,
 * crawlers' statuses, the messages files and robots.txt.
 */
import { matchPath } from "react-router";
import { afterAll, beforeAll, expect, it } from "vitest";
import { UNLISTED_SCREENS } from "../../app/lib/sitemap.server.ts";
import { screens } from "../../contract/route-table.ts";
import { type SiteHarness, siteHarness } from "../site-harness.ts";

let site: SiteHarness;
beforeAll(async () => {
  site = await siteHarness();
});
afterAll(() => site.close());

/** Every URL of the sitemaps the index lists: each screen of the route table, in both locales, with real slugs. */
async function sitemapUrls() {
  const locs = async (path: string) =>
    [...(await (await site.request(path)).text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname);
  return (await Promise.all((await locs("/sitemap.xml")).map(locs))).flat();
}

it("the sitemap lists every screen of the route table in both locales, search results aside", async () => {
  const paths = (await sitemapUrls()).map((p) => decodeURI(p));
  for (const route of screens.filter((entry) => !UNLISTED_SCREENS.has(entry.id))) {
    for (const locale of ["en", "tr"] as const) {
      const listed = paths.some((p) => matchPath({ path: route[locale], end: true }, p));
      expect(listed, `${route.id} (${locale}: ${route[locale]})`).toBe(true);
    }
  }
});

it("every screen answers 200 in its language", async () => {
  const paths = await sitemapUrls();
  expect(paths.length).toBeGreaterThan(100);
  for (const path of paths) {
    const { status, html } = await site.page(path);
    expect([path, status]).toEqual([path, 200]);
    const lang = decodeURI(path) === "/tr" || path.startsWith("/tr/") ? "tr" : "en";
    expect(html).toContain(`<html lang="${lang}"`);
  }
}, 120_000);

it("an unmatched path is a 404 'Page not found' in the path's language", async () => {
  const en = await site.page("/no/such/page?x=1");
  expect(en.status).toBe(404);
  expect(en.html).toContain("Page Not Found");
  expect(en.html).toContain("Page not found: /no/such/page?x=1");
  const tr = await site.page("/tr/b%C3%B6yle-bir-sayfa-yok");
  expect(tr.status).toBe(404);
  expect(tr.html).toContain('<html lang="tr"');
  expect(tr.html).toContain("Sayfa bulunamadı: /tr/böyle-bir-sayfa-yok");
});

it("an unknown slug or issue is a 404 'Page Not Found: {path}'", async () => {
  const journals = (await (await site.request("/api/journals/en")).json()) as { Items: { slug: string }[] };
  for (const path of [
    "/books/no-such-book",
    "/tr/books/boyle-bir-kitap-yok",
    "/journals/no-such-journal/editorial-board",
    `/journals/${journals.Items[0].slug}/articles/v999-n9`,
    `/journals/${journals.Items[0].slug}/articles?page=999`,
    `/journals/${journals.Items[0].slug}/articles?page=-1`,
    "/services/UPPER-CASE",
    "/who-we-are/departments/nobody",
    "/tr/biz-kimiz/departmanlar/kimse",
  ]) {
    const { status, html } = await site.page(path);
    expect([path, status]).toEqual([path, 404]);
    expect(html).toMatch(/Page Not Found: |Sayfa Bulunamadı: /);
  }
});

it("crawlers get the right status and no error page", async () => {
  const response = await site.request("/no/such/page", {
    headers: { "user-agent": "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" },
  });
  expect(response.status).toBe(404);
  expect(await response.text()).toBe("");
});

it("messages are served per locale, cached for 24 hours, compressed once, and a 304 when unchanged", async () => {
  const en = await site.request("/_i18n/en/messages.json", { headers: { "Accept-Encoding": "gzip, deflate, br, zstd" } });
  expect(en.headers.get("cache-control")).toBe("public, max-age=86400");
  expect([en.headers.get("content-encoding"), en.headers.get("vary")]).toEqual(["br", "Accept-Encoding"]);
  const { brotliDecompressSync } = await import("node:zlib");
  expect(JSON.parse(brotliDecompressSync(Buffer.from(await en.arrayBuffer())).toString()).menu.allServices).toBe("All services");
  const unchanged = await site.request("/_i18n/en/messages.json", { headers: { "If-None-Match": en.headers.get("etag") ?? "" } });
  expect(unchanged.status).toBe(304);
  const tr = await (await site.request("/_i18n/tr/messages.json")).json();
  expect(tr.menu.allServices).toBe("Tüm hizmetler");
  expect((await site.request("/_i18n/de/messages.json")).status).toBe(404);
});

it("robots.txt points at the sitemap", async () => {
  expect(await (await site.request("/robots.txt")).text()).toContain("Sitemap: https://www.meridianpress.example/sitemap.xml");
});
