/**
 * Atom feeds (RFC 4287) of the newest articles: the publisher's (`/feed.atom`, `/tr/feed.atom`)
 * and each journal's (`/journals/{slug}/feed.atom`, `/tr/dergiler/{slug}/feed.atom`), in the
 * feed's locale. An article's entry links its page, and its DOI when it has one.
 */
import type { LatestArticle } from "../../contract/api-types.ts";
import { articlePath } from "../../contract/article-path.ts";
import { doiUrl } from "../../contract/identifiers.ts";
import { href } from "../../contract/route-table.ts";
import { format } from "../../i18n/format.ts";
import type { Locale } from "../../i18n/locales.ts";
import { messages } from "../../i18n/messages/index.ts";
import { isContentUnavailable, namesNothing } from "../../service/api/client.ts";
import { type Attributes, element, text } from "../../service/xml.ts";
import { feedPath } from "./feeds.ts";

/** Feeds may be a few minutes old; readers poll them. */
const FEED_MAX_AGE = 600;

/** A date of the catalogue (YYYY-MM-DD) as the date-time Atom wants. */
const atomDate = (day: string) => `${day}T00:00:00Z`;

/** An element with attributes only (`<link .../>`). */
const empty = (name: string, attrs: Attributes) => text(name, "", attrs);

function entry(origin: string, locale: Locale, article: LatestArticle): string {
  const url = origin + articlePath(article.journal.slug, article, locale);
  return element("entry", [
    text("id", url),
    text("title", article.title),
    empty("link", { rel: "alternate", type: "text/html", href: url }),
    article.doi ? empty("link", { rel: "related", href: doiUrl(article.doi) }) : "",
    text("published", atomDate(article.publishedOn)),
    text("updated", atomDate(article.publishedOn)),
    ...article.authors.map((name) => element("author", text("name", name))),
    text("summary", article.abstractHtml, { type: "html" }),
    ...article.keywords.map((keyword) => empty("category", { term: keyword })),
    element("source", text("title", article.journal.title)),
  ]);
}

interface FeedInput {
  origin: string;
  locale: Locale;
  articles: LatestArticle[];
  /** The journal's feed, or the publisher's when absent. */
  journal?: { slug: string; title: string };
}

function renderFeed({ origin, locale, articles, journal }: FeedInput): string {
  const t = messages[locale];
  const self = origin + feedPath(locale, journal?.slug);
  const page = origin + (journal ? href("journal", { slug: journal.slug }, locale) : href("home", {}, locale));
  const title = format(t.feeds.title, { name: journal?.title ?? t.site.name });
  // The newest entry's date; a feed with no entry yet is as old as the epoch.
  const updated = articles[0] ? atomDate(articles[0].publishedOn) : "1970-01-01T00:00:00Z";
  const children = [
    text("id", self),
    text("title", title),
    text("updated", updated),
    empty("link", { rel: "self", type: "application/atom+xml", href: self }),
    empty("link", { rel: "alternate", type: "text/html", href: page }),
    element("author", [text("name", t.site.name), text("uri", `${origin}/`)]),
    ...articles.map((article) => entry(origin, locale, article)),
  ];
  // Each child of the feed (each entry too) on a line of its own, as are the feed's start and end tags.
  const feed = element("feed", ["", ...children, ""].join("\n"), { xmlns: "http://www.w3.org/2005/Atom", "xml:lang": locale });
  return `<?xml version="1.0" encoding="utf-8"?>\n${feed}\n`;
}

/**
 * A feed's answer: the Atom document, or the page's 404 for an unknown journal, or a 503 while the
 * content service is away.
 */
export async function feedResponse(
  { origin, locale, path }: { origin: string; locale: Locale; path: string },
  load: () => Promise<Omit<FeedInput, "origin" | "locale">>,
): Promise<Response> {
  const t = messages[locale];
  try {
    const xml = renderFeed({ origin, locale, ...(await load()) });
    return new Response(xml, {
      headers: { "Content-Type": "application/atom+xml; charset=utf-8", "Cache-Control": `public, max-age=${FEED_MAX_AGE}` },
    });
  } catch (error) {
    const text = (status: number, body: string) => new Response(body, { status, headers: { "Content-Type": "text/plain; charset=utf-8" } });
    if (namesNothing(error)) return text(404, format(t.errors.slugNotFound, { path }));
    if (isContentUnavailable(error)) return text(503, t.list.loadFailed);
    throw error;
  }
}
