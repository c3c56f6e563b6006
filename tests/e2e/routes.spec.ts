import { expect, test } from "@playwright/test";
import { matchPath } from "react-router";
import { UNLISTED_SCREENS } from "../../app/lib/sitemap.server.ts";
import { screens } from "../../contract/route-table.ts";

/** Every URL of the sitemaps the index lists: each screen of the route table, in both locales, with real slugs. */
async function sitemapUrls(request: import("@playwright/test").APIRequestContext) {
  const locs = async (path: string) =>
    [...(await (await request.get(path)).text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname);
  return (await Promise.all((await locs("/sitemap.xml")).map(locs))).flat();
}

test("the sitemap lists every screen of the route table in both locales, search results aside", async ({ request }) => {
  const paths = (await sitemapUrls(request)).map((p) => decodeURI(p));
  for (const route of screens.filter((entry) => !UNLISTED_SCREENS.has(entry.id))) {
    for (const locale of ["en", "tr"] as const) {
      const listed = paths.some((p) => matchPath({ path: route[locale], end: true }, p));
      expect(listed, `${route.id} (${locale}: ${route[locale]})`).toBe(true);
    }
  }
});

test("every screen answers 200 in its language", async ({ request }) => {
  // Some 170 pages rendered one after another: more than the default 30 s on a loaded machine.
  test.setTimeout(120_000);
  const paths = await sitemapUrls(request);
  expect(paths.length).toBeGreaterThan(100);
  for (const path of paths) {
    const response = await request.get(path);
    expect([path, response.status()]).toEqual([path, 200]);
    const lang = decodeURI(path) === "/tr" || path.startsWith("/tr/") ? "tr" : "en";
    expect(await response.text()).toContain(`<html lang="${lang}"`);
  }
});

test("an unmatched path is a 404 'Page not found' in the path's language", async ({ request }) => {
  const en = await request.get("/no/such/page?x=1");
  expect(en.status()).toBe(404);
  const enHtml = await en.text();
  expect(enHtml).toContain("Page Not Found");
  expect(enHtml).toContain("Page not found: /no/such/page?x=1");
  const tr = await request.get("/tr/b%C3%B6yle-bir-sayfa-yok");
  expect(tr.status()).toBe(404);
  const trHtml = await tr.text();
  expect(trHtml).toContain('<html lang="tr"');
  expect(trHtml).toContain("Sayfa bulunamadı: /tr/böyle-bir-sayfa-yok");
});

test("an unknown slug or issue is a 404 'Page Not Found: {path}'", async ({ request }) => {
  const journals = (await (await request.get("/api/journals/en")).json()) as { Items: { slug: string }[] };
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
    const response = await request.get(path);
    expect([path, response.status()]).toEqual([path, 404]);
    expect(await response.text()).toMatch(/Page Not Found: |Sayfa Bulunamadı: /);
  }
});

test("crawlers get the right status and no error page", async ({ request }) => {
  const response = await request.get("/no/such/page", {
    headers: { "user-agent": "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" },
  });
  expect(response.status()).toBe(404);
  expect(await response.text()).toBe("");
});

test("messages are served per locale, cached for 24 hours, compressed once, and a 304 when unchanged", async ({ request }) => {
  const en = await request.get("/_i18n/en/messages.json", { headers: { "Accept-Encoding": "gzip, deflate, br, zstd" } });
  expect(en.headers()["cache-control"]).toBe("public, max-age=86400");
  expect([en.headers()["content-encoding"], en.headers().vary]).toEqual(["br", "Accept-Encoding"]);
  expect((await en.json()).menu.allServices).toBe("All services");
  const unchanged = await request.get("/_i18n/en/messages.json", { headers: { "If-None-Match": en.headers().etag } });
  expect(unchanged.status()).toBe(304);
  const tr = await (await request.get("/_i18n/tr/messages.json")).json();
  expect(tr.menu.allServices).toBe("Tüm hizmetler");
  expect((await request.get("/_i18n/de/messages.json")).status()).toBe(404);
});

test("robots.txt points at the sitemap", async ({ request }) => {
  expect(await (await request.get("/robots.txt")).text()).toContain("Sitemap: https://www.meridianpress.example/sitemap.xml");
});
