/**
 * An in-process cache of rendered pages (and of their client-navigation data), so a page that
 * many visitors read is rendered once per `freshMs` instead of once per request. After that it
 * is served stale while one request renders it again, up to `staleMs`. Only successful GET
 * answers that set no cookie and no Cache-Control of their own are kept: a page with a form says
 * `no-store`, and a file (a feed, a sitemap, a reference download) its own lifetime, and each is
 * sent as it is.
 *
 * A page is kept as bytes ready to send: as rendered, and compressed once with Brotli and gzip when
 * it is kept, never per request; each request gets the variant its Accept-Encoding takes first in
 * that order (`Vary: Accept-Encoding`). Brotli is quick at first; a page asked for again is
 * compressed once more with Brotli's best, in the background, so the pages most read travel
 * smallest (the home page fits a connection's first round trip) while a page read once costs
 * little. A page rendered again with the same bytes keeps its compressed forms. Its key is what `keyOf` makes of its URL (site.ts: the path
 * and only the query parameters its route reads), so `?utm_source=…` neither renders it again nor
 * pushes other pages out. Simultaneous misses of one key render it once. `answerKept` answers a kept
 * page alone, so the server can place it ahead of the work only a render needs.
 *
 * A kept page carries a weak ETag of its bytes, so a browser or a CDN that has it gets a 304, and a
 * Cache-Control that lets a CDN do as this cache does (`s-maxage`, `stale-while-revalidate`) while a
 * browser asks again each time. `markStale()` (a content import, a pull from the journals) makes
 * every kept page stale: the next request for it is answered with it once while it is rendered
 * again, so an import costs no visitor a wait, and a page stays at hand should the database falter.
 *
 * A page rendered while content could not be read (`DEGRADED_HEADER`, or a 5xx, such as a render
 * refused under overload) is never kept: the last good copy is served in its place for up to
 * `staleIfErrorMs`, and CDNs are told they may do the same (`stale-if-error`).
 */

import type { Context, MiddlewareHandler } from "hono";
import { bodyTag, sendVariant, smallestBrotli, type Variants, variantsBytes, variantsOf, varyOnEncoding } from "./encodings.ts";

interface Entry {
  etag: string;
  status: number;
  /** Every header but the encoding's, the length and the cache state: the same for every answer. */
  headers: [string, string][];
  variants: Variants;
  /** Brotli's quick form, its best one under way, or its best. */
  brotli: "quick" | "compacting" | "best";
  bytes: number;
  storedAt: number;
  refreshing: boolean;
}

/** Set by the renderer on a page some of whose content could not be read (it says `no-store` too). */
export const DEGRADED_HEADER = "X-Content-Degraded";

export interface PageCacheOptions {
  freshMs: number;
  staleMs: number;
  /** How old a kept page may be and still stand in for one that could not be rendered whole. */
  staleIfErrorMs: number;
  maxEntries: number;
  /** The most bytes of pages kept, every encoding counted; the oldest go first past it (or past maxEntries). */
  maxBytes: number;
  /** Renders a page again in the background, when a stale one was served. */
  render: (request: Request) => Promise<Response>;
  /** The key of a request's URL: requests with one key are answered with one page. */
  keyOf?: (url: string) => string;
  /** Headers every kept page is sent with, whatever answers it (the site's security headers). */
  headers?: Record<string, string>;
  now?: () => number;
}

export interface PageCache {
  /** Answers a GET with a kept page (fresh, or stale while it is rendered again); anything else goes on. */
  answerKept: MiddlewareHandler;
  /** The same, and on a miss renders (through the handlers after it), keeps and answers the page. */
  middleware: MiddlewareHandler;
  markStale(): void;
  /** The pages kept, and the bytes their buffers hold in memory (each whole, as the garbage collector counts it). */
  held(): { entries: number; bytes: number };
}

export function pageCache({
  freshMs,
  staleMs,
  staleIfErrorMs,
  maxEntries,
  maxBytes,
  render,
  keyOf = (url) => url,
  headers: sharedHeaders = {},
  now = Date.now,
}: PageCacheOptions): PageCache {
  const entries = new Map<string, Entry>();
  let bytes = 0;
  // The renders under way, by key: a miss while one runs waits for it instead of rendering the page again.
  const rendering = new Map<string, Promise<Entry | undefined>>();
  const remove = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    bytes -= entry.bytes;
    entries.delete(key);
  };
  const seconds = (ms: number) => Math.round(ms / 1000);
  const cacheControl = `public, max-age=0, s-maxage=${seconds(freshMs)}, stale-while-revalidate=${seconds(staleMs)}, stale-if-error=${seconds(staleIfErrorMs)}`;

  /** Keeps a rendered page when it may be kept; what to answer, and the entry kept (none for a page not to keep). */
  const store = async (key: string, response: Response, c?: Context): Promise<{ answer: Response; kept?: Entry }> => {
    const cacheable =
      response.status === 200 && !response.headers.has("set-cookie") && !response.headers.has("cache-control") && response.body !== null;
    if (!cacheable) return { answer: response };
    const body = new Uint8Array(await response.arrayBuffer());
    const etag = `W/"${bodyTag(body)}"`;
    // Rendered again with the same bytes (a page goes stale every few seconds): its forms stay.
    const previous = entries.get(key);
    const same = previous?.etag === etag ? previous : undefined;
    const variants = same ? same.variants : await variantsOf(body);
    const headers = new Headers(response.headers);
    for (const [name, value] of Object.entries(sharedHeaders)) headers.set(name, value);
    headers.set("Cache-Control", cacheControl);
    headers.set("ETag", etag);
    headers.set("Vary", varyOnEncoding(headers.get("Vary")));
    for (const name of ["Content-Length", "Content-Encoding", "X-Page-Cache"]) headers.delete(name);
    const entry: Entry = {
      etag,
      status: response.status,
      headers: [...headers],
      variants,
      brotli: same?.brotli === "best" ? "best" : "quick",
      bytes: variantsBytes(variants),
      storedAt: now(),
      refreshing: false,
    };
    remove(key);
    entries.set(key, entry);
    bytes += entry.bytes;
    // Oldest first: a Map keeps insertion order, and a hit re-inserts its key.
    while (entries.size > maxEntries || bytes > maxBytes) remove(entries.keys().next().value as string);
    return { answer: c ? replay(entry, "MISS", c) : response, kept: entry };
  };

  /** Replaces a kept page's quick Brotli with its best, once, unless the page has been replaced or dropped meanwhile. */
  const compact = (key: string, entry: Entry) => {
    if (entry.brotli !== "quick") return;
    entry.brotli = "compacting";
    smallestBrotli(entry.variants.identity)
      .then((br) => {
        entry.brotli = "best";
        if (entries.get(key) !== entry || br.byteLength >= entry.variants.br.byteLength) return;
        bytes += br.byteLength - entry.variants.br.byteLength;
        entry.variants = { ...entry.variants, br };
        entry.bytes = variantsBytes(entry.variants);
      })
      .catch((error: Error) => console.warn(`page cache: could not compress ${key} again: ${error.message}`));
  };

  /** The kept page for this request when there is one young enough to answer it, stale ones rendered again once. */
  const answerFromKept = (c: Context, key: string): Response | undefined => {
    const entry = entries.get(key);
    if (!entry) return undefined;
    const age = now() - entry.storedAt;
    if (age >= freshMs + staleMs) return undefined;
    compact(key, entry);
    if (age < freshMs) {
      entries.delete(key);
      entries.set(key, entry);
      return replay(entry, "HIT", c);
    }
    if (!entry.refreshing) {
      entry.refreshing = true;
      // Render again after this answer; a failed render keeps the stale page.
      const request = new Request(c.req.raw.url, { headers: c.req.raw.headers });
      setImmediate(() => {
        render(request)
          .then((response) => store(key, response))
          .catch((error: Error) => console.warn(`page cache: could not render ${key} again: ${error.message}`))
          .finally(() => {
            entry.refreshing = false;
          });
      });
    }
    return replay(entry, "STALE", c);
  };

  const answerKept: MiddlewareHandler = async (c, next) => {
    const answer = c.req.method === "GET" ? answerFromKept(c, keyOf(c.req.url)) : undefined;
    if (!answer) return next();
    c.res = answer;
  };

  const middleware: MiddlewareHandler = async (c, next) => {
    if (c.req.method !== "GET") return next();
    const key = keyOf(c.req.url);
    const kept = answerFromKept(c, key);
    if (kept) {
      c.res = kept;
      return;
    }
    const shared = rendering.get(key);
    if (shared) {
      const rendered = await shared;
      if (rendered) {
        c.res = replay(rendered, "HIT", c);
        return;
      }
      // That render kept nothing (a page not to keep, or a failure): this request renders its own.
    }
    const entry = entries.get(key);
    let stored: Entry | undefined;
    const underWay = Promise.withResolvers<Entry | undefined>();
    rendering.set(key, underWay.promise);
    try {
      await next();
      const failed = c.res.status >= 500 || c.res.headers.has(DEGRADED_HEADER);
      if (failed && entry && now() - entry.storedAt < staleIfErrorMs) {
        c.res = replay(entry, "STALE", c);
        return;
      }
      const result = await store(key, c.res, c);
      stored = result.kept;
      c.res = result.answer;
    } finally {
      rendering.delete(key);
      underWay.resolve(stored);
    }
  };
  const markStale = () => {
    const at = now() - freshMs;
    for (const entry of entries.values()) entry.storedAt = Math.min(entry.storedAt, at);
  };
  const held = () => {
    const buffers = new Set([...entries.values()].flatMap((entry) => Object.values(entry.variants).map((variant) => variant.buffer)));
    return { entries: entries.size, bytes: [...buffers].reduce((sum, buffer) => sum + buffer.byteLength, 0) };
  };
  return { answerKept, middleware, markStale, held };
}

/** The kept page in the encoding the request takes, or a 304 when the request already has these bytes (If-None-Match names its ETag). */
function replay(entry: Entry, state: "HIT" | "MISS" | "STALE", c: Context): Response {
  const headers = new Headers(entry.headers);
  headers.set("X-Page-Cache", state);
  return sendVariant(c, entry.variants, entry.status, headers, entry.etag);
}
