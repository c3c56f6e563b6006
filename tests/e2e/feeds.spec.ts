/**
 * The Atom feeds: well-formed XML (read by Chromium's own parser), the elements RFC 4287 requires
 * of a feed and of its entries, the newest articles the content API lists, linked from the pages.
 */
import { expect, type Page, test } from "@playwright/test";
import type { JournalDetail, LatestArticle, List } from "../../contract/api-types.ts";

const ORIGIN = "https://www.meridianpress.example";

interface ParsedFeed {
  error: string | null;
  lang: string | null;
  children: string[];
  self: string | null;
  updated: string | null;
  entries: { children: string[]; id: string; title: string; updated: string; alternate: string | null; authors: string[]; source: string }[];
}

/** Fetches a feed and reads it with the browser's XML parser. */
async function readFeed(page: Page, path: string): Promise<ParsedFeed> {
  const response = await page.request.get(path);
  expect(response.status(), path).toBe(200);
  expect(response.headers()["content-type"]).toBe("application/atom+xml; charset=utf-8");
  const xml = await response.text();
  await page.goto("/robots.txt");
  return page.evaluate((text) => {
    const doc = new DOMParser().parseFromString(text, "application/xml");
    const error = doc.querySelector("parsererror")?.textContent ?? null;
    const feed = doc.documentElement;
    const own = (element: Element, name: string) => [...element.children].filter((child) => child.localName === name);
    const textOf = (element: Element, name: string) => own(element, name)[0]?.textContent ?? "";
    return {
      error: feed.namespaceURI === "http://www.w3.org/2005/Atom" ? error : `not Atom: ${feed.namespaceURI}`,
      lang: feed.getAttribute("xml:lang"),
      children: [...feed.children].map((child) => child.localName),
      self:
        own(feed, "link")
          .find((link) => link.getAttribute("rel") === "self")
          ?.getAttribute("href") ?? null,
      updated: textOf(feed, "updated"),
      entries: own(feed, "entry").map((entry) => ({
        children: [...entry.children].map((child) => child.localName),
        id: textOf(entry, "id"),
        title: textOf(entry, "title"),
        updated: textOf(entry, "updated"),
        alternate:
          own(entry, "link")
            .find((link) => link.getAttribute("rel") === "alternate")
            ?.getAttribute("href") ?? null,
        authors: own(entry, "author").map((author) => textOf(author, "name")),
        source: textOf(own(entry, "source")[0], "title"),
      })),
    };
  }, xml);
}

/** RFC 4287's requirements: one id, title and updated each; an author for the feed; dates as RFC 3339. */
function expectAtom(feed: ParsedFeed, self: string) {
  expect(feed.error).toBeNull();
  for (const name of ["id", "title", "updated"])
    expect(
      feed.children.filter((child) => child === name),
      name,
    ).toHaveLength(1);
  expect(feed.children).toContain("author");
  expect(feed.self).toBe(self);
  const rfc3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/;
  expect(feed.updated).toMatch(rfc3339);
  const ids = new Set<string>();
  for (const entry of feed.entries) {
    for (const name of ["id", "title", "updated"])
      expect(
        entry.children.filter((child) => child === name),
        name,
      ).toHaveLength(1);
    expect(entry.updated).toMatch(rfc3339);
    expect(entry.alternate).toBe(entry.id);
    expect(ids.has(entry.id)).toBe(false);
    ids.add(entry.id);
  }
  // Newest first; the feed is as new as its newest entry.
  const dates = feed.entries.map((entry) => entry.updated);
  expect(dates).toEqual([...dates].sort().reverse());
  expect(feed.updated).toBe(dates[0]);
}

for (const locale of ["en", "tr"] as const) {
  test(`the publisher's feed lists the newest articles (${locale})`, async ({ page }) => {
    const path = locale === "en" ? "/feed.atom" : "/tr/feed.atom";
    const feed = await readFeed(page, path);
    expectAtom(feed, ORIGIN + path);
    expect(feed.lang).toBe(locale);
    const latest = (await (await page.request.get(`/api/articles/${locale}/latest`)).json()) as List<LatestArticle>;
    expect(feed.entries.map((entry) => entry.title)).toEqual(latest.Items.map((article) => article.title));
    expect(feed.entries.map((entry) => entry.authors)).toEqual(latest.Items.map((article) => article.authors));
    expect(feed.entries.length).toBe(20);
  });
}

test("a journal's feed has that journal's articles, and an unknown journal has none", async ({ page }) => {
  const journal = (await (await page.request.get("/api/journals/tr/tarih-ve-kultur-dergisi")).json()) as JournalDetail;
  const path = "/tr/dergiler/tarih-ve-kultur-dergisi/feed.atom";
  const feed = await readFeed(page, path);
  expectAtom(feed, ORIGIN + path);
  expect(feed.entries.length).toBeGreaterThan(0);
  expect(new Set(feed.entries.map((entry) => entry.source))).toEqual(new Set([journal.title]));
  for (const entry of feed.entries) expect(entry.id.startsWith(`${ORIGIN}/tr/dergiler/tarih-ve-kultur-dergisi/makaleler/`)).toBe(true);

  // A slug that names no journal, and one that cannot be a slug at all.
  for (const slug of ["no-such-journal", "No_Such--Journal"]) {
    const missing = await page.request.get(`/journals/${slug}/feed.atom`);
    expect(missing.status()).toBe(404);
    expect(await missing.text()).toBe(`Page Not Found: /journals/${slug}/feed.atom`);
  }
});

test("an entry's link opens the article's page", async ({ page }) => {
  const feed = await readFeed(page, "/feed.atom");
  const response = await page.goto(new URL(feed.entries[0].alternate as string).pathname);
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(feed.entries[0].title);
});

test("the pages link their feeds", async ({ page }) => {
  const feeds = () => page.locator('head link[rel="alternate"][type="application/atom+xml"]');
  await page.goto("/");
  await expect(feeds()).toHaveCount(1);
  await expect(feeds()).toHaveAttribute("href", "/feed.atom");
  await expect(feeds()).toHaveAttribute("title", "Latest articles · Meridian Academic Publishing");
  await page.goto("/tr/dergiler/tarih-ve-kultur-dergisi");
  expect(await feeds().evaluateAll((links) => links.map((link) => [link.getAttribute("href"), link.getAttribute("title")]))).toEqual([
    ["/tr/feed.atom", "Son makaleler · Meridyen Akademik Yayıncılık"],
    ["/tr/dergiler/tarih-ve-kultur-dergisi/feed.atom", "Son makaleler · Tarih ve Kültür Dergisi"],
  ]);
});
