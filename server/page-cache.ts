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
 * every kept page stale, and any whose render began before it: the next request for it is answered with it once while it is rendered
 * again, so an import costs no visitor a wait, and a page stays at hand should the database falter.
 *
 * A page rendered while content could not be read (`DEGRADED_HEADER`, or a 5xx, such as a render
 * refused under overload) is never kept: the last good copy is served in its place for up to
 * `staleIfErrorMs`, and CDNs are told they may do the same (`stale-if-error`). A page that is now
 * answered with something not to keep (a 404: its work was withdrawn) is dropped.
 *
 * The pages are kept by lru-cache (decision 048): its TTL is the fresh window, its `fetch` with
 * `allowStale` serves a stale page while one render in the background replaces it, and a failed
 * render there leaves the stale page in place (`noDeleteOnFetchRejection`). A page not kept, or kept
 * too long ago to answer, is rendered by the request that asks for it, not through `fetch`, whose
 * placeholder would push a kept page out for every 404 or feed asked for.
 */

import { setImmediate as afterThisAnswer } from "node:timers/promises";
import type { Context, MiddlewareHandler } from "hono";
import { LRUCache } from "lru-cache";
import { bodyTag, sendVariant, smallestBrotli, type Variants, variantsBytes, variantsOf, varyOnEncoding } from "./encodings.ts";

interface Entry {
  etag: string;
  status: number;
  /** Every header but the encoding's, the length and the cache state: the same for every answer. */
  headers: [string, string][];
  variants: Variants;
  /** Brotli's quick form, its best one under way, or its best. */
  brotli: "quick" | "compacting" | "best";
  /** The bytes of its variants when kept, as the cache counts them (Brotli's best form, made later, is smaller). */
  bytes: number;
  /** How many times the content had moved on (`markStale`) when the page was rendered: a page of an earlier count is stale. */
  moves: number;
}

/** Set by the renderer on a page some of whose content could not be read (it says `no-store` too). */
export const DEGRADED_HEADER = "X-Content-Degraded";

export interface PageCacheOptions {
  freshMs: number;
  staleMs: number;
  /** How old a kept page may be and still stand in for one that could not be rendered whole. */
  staleIfErrorMs: number;
  maxEntries: number;
  /** The most bytes of pages kept, every encoding counted; the least recently used go first past it (or past maxEntries). */
  maxBytes: number;
  /** Renders a page again in the background, when a stale one was served. */
  render: (request: Request) => Promise<Response>;
  /** The key of a request's URL: requests with one key are answered with one page. */
  keyOf?: (url: string) => string;
  /** Headers every kept page is sent with, whatever answers it (the site's security headers). */
  headers?: Record<string, string>;
  /** The clock, in ms (lru-cache reads a time of 0 as none, so a test's starts above it). */
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

/** A render that could not read the content, or was refused: the last good copy answers in its place. */
const failed = (response: Response) => response.status >= 500 || response.headers.has(DEGRADED_HEADER);

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
  let moves = 0;
  const seconds = (ms: number) => Math.round(ms / 1000);
  const cacheControl = `public, max-age=0, s-maxage=${seconds(freshMs)}, stale-while-revalidate=${seconds(staleMs)}, stale-if-error=${seconds(staleIfErrorMs)}`;

  /** The entry to keep for a rendered page, or none for a page not to keep (its body is then left unread). */
  const entryOf = async (response: Response, previous: Entry | undefined, rendered: number): Promise<Entry | undefined> => {
    const keepable =
      response.status === 200 &&
      !failed(response) &&
      !response.headers.has("set-cookie") &&
      !response.headers.has("cache-control") &&
      response.body !== null;
    if (!keepable) return undefined;
    const body = new Uint8Array(await response.arrayBuffer());
    const etag = `W/"${bodyTag(body)}"`;
    // Rendered again with the same bytes (a page goes stale every few seconds): its forms stay.
    const same = previous?.etag === etag ? previous : undefined;
    const variants = same ? same.variants : await variantsOf(body);
    const headers = new Headers(response.headers);
    for (const [name, value] of Object.entries(sharedHeaders)) headers.set(name, value);
    headers.set("Cache-Control", cacheControl);
    headers.set("ETag", etag);
    headers.set("Vary", varyOnEncoding(headers.get("Vary")));
    for (const name of ["Content-Length", "Content-Encoding", "X-Page-Cache"]) headers.delete(name);
    return {
      etag,
      status: response.status,
      headers: [...headers],
      variants,
      brotli: same?.brotli === "best" ? "best" : "quick",
      bytes: variantsBytes(variants),
      moves: rendered,
    };
  };

  const kept = new LRUCache<string, Entry, Request>({
    max: maxEntries,
    maxSize: maxBytes,
    sizeCalculation: (entry) => entry.bytes,
    ttl: freshMs,
    // The clock read at every look-up (lru-cache's default reads it once a millisecond, which a test's clock outruns).
    ttlResolution: 0,
    perf: { now },
    noDeleteOnFetchRejection: true,
    // A stale page's render, after the answer that served it; a page not to keep (undefined) leaves it in place.
    fetchMethod: async (key, previous, { context: asked }) => {
      const rendered = moves;
      // The visitor's request ends with its answer: the render gets a copy.
      const request = new Request(asked.url, { headers: asked.headers });
      await afterThisAnswer();
      const response = await render(request).catch((error: Error) => {
        console.warn(`page cache: could not render ${key} again: ${error.message}`);
        throw error;
      });
      return entryOf(response, previous, rendered);
    },
  });
  /** How long ago the kept page was rendered (or made stale), when there is one. */
  const ageOf = (key: string) => freshMs - kept.getRemainingTTL(key);
  // The first renders under way, by key: a miss while one runs waits for it instead of rendering the page again.
  const rendering = new Map<string, Promise<Entry | undefined>>();

  /** Replaces a kept page's quick Brotli with its best, once, unless the page has been replaced or dropped meanwhile. */
  const compact = (key: string, entry: Entry) => {
    if (entry.brotli !== "quick") return;
    entry.brotli = "compacting";
    smallestBrotli(entry.variants.identity)
      .then((br) => {
        entry.brotli = "best";
        if (kept.peek(key, { allowStale: true }) !== entry || br.byteLength >= entry.variants.br.byteLength) return;
        entry.variants = { ...entry.variants, br };
      })
      .catch((error: Error) => console.warn(`page cache: could not compress ${key} again: ${error.message}`));
  };

  /** The kept page for this request when there is one young enough to answer it, stale ones rendered again once. */
  const answerFromKept = async (c: Context, key: string): Promise<Response | undefined> => {
    const entry = kept.peek(key, { allowStale: true });
    if (!entry || ageOf(key) >= freshMs + staleMs) return undefined;
    const status: LRUCache.Status<string, Entry, Request> = {};
    const answer = await kept.fetch(key, { allowStale: true, forceRefresh: entry.moves !== moves, context: c.req.raw, status });
    if (!answer) return undefined;
    compact(key, answer);
    return replay(answer, status.fetch === "hit" ? "HIT" : "STALE", c);
  };

  const answerKept: MiddlewareHandler = async (c, next) => {
    const answer = c.req.method === "GET" ? await answerFromKept(c, keyOf(c.req.url)) : undefined;
    if (!answer) return next();
    c.res = answer;
  };

  const middleware: MiddlewareHandler = async (c, next) => {
    if (c.req.method !== "GET") return next();
    const key = keyOf(c.req.url);
    const answer = await answerFromKept(c, key);
    if (answer) {
      c.res = answer;
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
    const rendered = moves;
    let stored: Entry | undefined;
    const underWay = Promise.withResolvers<Entry | undefined>();
    rendering.set(key, underWay.promise);
    try {
      await next();
      const last = kept.peek(key, { allowStale: true });
      if (failed(c.res)) {
        if (last && ageOf(key) < staleIfErrorMs) c.res = replay(last, "STALE", c);
        return;
      }
      stored = await entryOf(c.res, last, rendered);
      if (stored) {
        kept.set(key, stored);
        c.res = replay(stored, "MISS", c);
      } else kept.delete(key);
    } finally {
      rendering.delete(key);
      underWay.resolve(stored);
    }
  };
  const markStale = () => {
    moves++;
  };
  const held = () => {
    const pages = kept.dump().map(([, { value }]) => value);
    const buffers = new Set(pages.flatMap((entry) => Object.values(entry.variants).map((variant) => variant.buffer)));
    return { entries: pages.length, bytes: [...buffers].reduce((sum, buffer) => sum + buffer.byteLength, 0) };
  };
  return { answerKept, middleware, markStale, held };
}

/** The kept page in the encoding the request takes, or a 304 when the request already has these bytes (If-None-Match names its ETag). */
function replay(entry: Entry, state: "HIT" | "MISS" | "STALE", c: Context): Response {
  const headers = new Headers(entry.headers);
  headers.set("X-Page-Cache", state);
  return sendVariant(c, entry.variants, entry.status, headers, entry.etag);
}
