/**
 * The Atom feeds, as the site answers them in process (tests/site-harness.ts): well-formed XML
 * (read by libxml2, a strict parser, as a feed reader would), the elements RFC 4287 requires of a
 * feed and of its entries, the newest articles the content API lists, linked from the pages.
 */
import { XmlDocument, XmlElement } from "libxml2-wasm";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { JournalDetail, LatestArticle, List } from "../../contract/api-types.ts";
import { type SiteHarness, siteHarness } from "../site-harness.ts";
import { attr, elements, only, text } from "./markup.ts";

const ORIGIN = "https://www.meridianpress.example";
const ATOM = "http://www.w3.org/2005/Atom";

let site: SiteHarness;
beforeAll(async () => {
  site = await siteHarness();
});
afterAll(() => site.close());

interface ParsedFeed {
  error: string | null;
  lang: string | null;
  children: string[];
  self: string | null;
  updated: string | null;
  entries: { children: string[]; id: string; title: string; updated: string; alternate: string | null; authors: string[]; source: string }[];
}

/** The element children of `element` (all, or those named `name`). */
const own = (element: XmlElement | undefined, name?: string) => {
  const found: XmlElement[] = [];
  for (let child = element?.firstChild; child; child = child.next)
    if (child instanceof XmlElement && (name === undefined || child.name === name)) found.push(child);
  return found;
};
const textOf = (element: XmlElement | undefined, name: string) => own(element, name)[0]?.content ?? "";
const linkOf = (element: XmlElement, rel: string) =>
  own(element, "link")
    .find((link) => link.attr("rel")?.value === rel)
    ?.attr("href")?.value ?? null;

/** Fetches a feed and reads it with libxml2. */
async function readFeed(path: string): Promise<ParsedFeed> {
  const response = await site.request(path);
  expect(response.status, path).toBe(200);
  expect(response.headers.get("content-type")).toBe("application/atom+xml; charset=utf-8");
  // Throws, with libxml2's message, on XML that is not well-formed.
  const document = XmlDocument.fromString(await response.text());
  try {
    const feed = document.root;
    return {
      error: feed.namespaceUri === ATOM ? null : `not Atom: ${feed.namespaceUri}`,
      lang: feed.attr("lang", "xml")?.value ?? null,
      children: own(feed).map((child) => child.name),
      self: linkOf(feed, "self"),
      updated: textOf(feed, "updated"),
      entries: own(feed, "entry").map((entry) => ({
        children: own(entry).map((child) => child.name),
        id: textOf(entry, "id"),
        title: textOf(entry, "title"),
        updated: textOf(entry, "updated"),
        alternate: linkOf(entry, "alternate"),
        authors: own(entry, "author").map((author) => textOf(author, "name")),
        source: textOf(own(entry, "source")[0], "title"),
      })),
    };
  } finally {
    document.dispose();
  }
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
  it(`the publisher's feed lists the newest articles (${locale})`, async () => {
    const path = locale === "en" ? "/feed.atom" : "/tr/feed.atom";
    const feed = await readFeed(path);
    expectAtom(feed, ORIGIN + path);
    expect(feed.lang).toBe(locale);
    const latest = (await (await site.request(`/api/articles/${locale}/latest`)).json()) as List<LatestArticle>;
    expect(feed.entries.map((entry) => entry.title)).toEqual(latest.Items.map((article) => article.title));
    expect(feed.entries.map((entry) => entry.authors)).toEqual(latest.Items.map((article) => article.authors));
    expect(feed.entries.length).toBe(20);
  });
}

it("a journal's feed has that journal's articles, and an unknown journal has none", async () => {
  const journal = (await (await site.request("/api/journals/tr/tarih-ve-kultur-dergisi")).json()) as JournalDetail;
  const path = "/tr/dergiler/tarih-ve-kultur-dergisi/feed.atom";
  const feed = await readFeed(path);
  expectAtom(feed, ORIGIN + path);
  expect(feed.entries.length).toBeGreaterThan(0);
  expect(new Set(feed.entries.map((entry) => entry.source))).toEqual(new Set([journal.title]));
  for (const entry of feed.entries) expect(entry.id.startsWith(`${ORIGIN}/tr/dergiler/tarih-ve-kultur-dergisi/makaleler/`)).toBe(true);

  // A slug that names no journal, and one that cannot be a slug at all.
  for (const slug of ["no-such-journal", "No_Such--Journal"]) {
    const missing = await site.request(`/journals/${slug}/feed.atom`);
    expect(missing.status).toBe(404);
    expect(await missing.text()).toBe(`Page Not Found: /journals/${slug}/feed.atom`);
  }
});

it("an entry's link opens the article's page", async () => {
  const feed = await readFeed("/feed.atom");
  const { status, document } = await site.page(new URL(feed.entries[0].alternate as string).pathname);
  expect(status).toBe(200);
  expect(elements(document, (e) => e.name === "h1").map(text)).toEqual([feed.entries[0].title]);
});

it("the pages link their feeds", async () => {
  const feeds = async (path: string) => {
    const head = only((await site.page(path)).document, (e) => e.name === "head", "<head>");
    return elements(head, (e) => e.name === "link" && attr(e, "rel") === "alternate" && attr(e, "type") === "application/atom+xml").map((link) => [
      attr(link, "href"),
      attr(link, "title"),
    ]);
  };
  expect(await feeds("/")).toEqual([["/feed.atom", "Latest articles · Meridian Academic Publishing"]]);
  expect(await feeds("/tr/dergiler/tarih-ve-kultur-dergisi")).toEqual([
    ["/tr/feed.atom", "Son makaleler · Meridyen Akademik Yayıncılık"],
    ["/tr/dergiler/tarih-ve-kultur-dergisi/feed.atom", "Son makaleler · Tarih ve Kültür Dergisi"],
  ]);
});
