/**
 * An in-process cache of rendered pages (and of their client-navigation data), so a page that
 * many visitors read is rendered once per `freshMs` instead of once per request. After that it
 * is served stale while one request renders it again, up to `staleMs`. Only successful GET
 * answers that set no cookie and no Cache-Control of their own are kept: a page with a form says
 * `no-store`, and a file (a feed, a sitemap, a reference download) its own lifetime, and each is
 * sent as it is. Pages do not vary by anything but their URL (the root's locale detection answers
 * before the cache).
 *
 * A kept page carries a weak ETag of its bytes, so a browser or a CDN that has it gets a 304, and a
 * Cache-Control that lets a CDN do as this cache does (`s-maxage`, `stale-while-revalidate`) while a
 * browser asks again each time. `markStale()` (a content import, a pull from the journals) makes
 * every kept page stale: the next request for it is answered with it once while it is rendered
 * again, so an import costs no visitor a wait, and a page stays at hand should the database falter.
 *
 * A page rendered while content could not be read (`DEGRADED_HEADER`, or a 5xx) is never kept:
 * while the outage lasts, the last good copy is served in its place for up to `staleIfErrorMs`, and
 * CDNs are told they may do the same (`stale-if-error`).
 */
import { createHash } from "node:crypto";
import type { MiddlewareHandler } from "hono";

interface Entry {
  etag: string;
  status: number;
  headers: [string, string][];
  body: ArrayBuffer;
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
  /** The most bytes of pages kept; the oldest go first past it (or past maxEntries). */
  maxBytes: number;
  /** Renders a page again in the background, when a stale one was served. */
  render: (request: Request) => Promise<Response>;
  now?: () => number;
}

export interface PageCache {
  middleware: MiddlewareHandler;
  markStale(): void;
}

export function pageCache({ freshMs, staleMs, staleIfErrorMs, maxEntries, maxBytes, render, now = Date.now }: PageCacheOptions): PageCache {
  const entries = new Map<string, Entry>();
  let bytes = 0;
  // The renders under way, by key: a miss while one runs waits for it instead of rendering the page again.
  const rendering = new Map<string, Promise<Entry | undefined>>();
  const remove = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    bytes -= entry.body.byteLength;
    entries.delete(key);
  };
  const seconds = (ms: number) => Math.round(ms / 1000);
  const cacheControl = `public, max-age=0, s-maxage=${seconds(freshMs)}, stale-while-revalidate=${seconds(staleMs)}, stale-if-error=${seconds(staleIfErrorMs)}`;

  /** Keeps a rendered page when it may be kept; what to answer, and the entry kept (none for a page not to keep). */
  const store = async (key: string, response: Response, ifNoneMatch?: string): Promise<{ answer: Response; kept?: Entry }> => {
    const cacheable =
      response.status === 200 && !response.headers.has("set-cookie") && !response.headers.has("cache-control") && response.body !== null;
    if (!cacheable) return { answer: response };
    const body = await response.arrayBuffer();
    const headers = new Headers(response.headers);
    headers.set("Cache-Control", cacheControl);
    const etag = `W/"${createHash("sha256").update(new Uint8Array(body)).digest("base64url").slice(0, 27)}"`;
    headers.set("ETag", etag);
    const entry: Entry = { etag, status: response.status, headers: [...headers], body, storedAt: now(), refreshing: false };
    remove(key);
    entries.set(key, entry);
    bytes += body.byteLength;
    // Oldest first: a Map keeps insertion order, and a hit re-inserts its key.
    while (entries.size > maxEntries || bytes > maxBytes) remove(entries.keys().next().value as string);
    return { answer: replay(entry, "MISS", ifNoneMatch), kept: entry };
  };

  const middleware: MiddlewareHandler = async (c, next) => {
    if (c.req.method !== "GET") return next();
    const key = c.req.url;
    const ifNoneMatch = c.req.header("if-none-match");
    const entry = entries.get(key);
    const age = entry ? now() - entry.storedAt : Number.POSITIVE_INFINITY;
    if (entry && age < freshMs) {
      entries.delete(key);
      entries.set(key, entry);
      c.res = replay(entry, "HIT", ifNoneMatch);
      return;
    }
    if (entry && age < freshMs + staleMs) {
      if (!entry.refreshing) {
        entry.refreshing = true;
        // Render again after this answer; a failed render keeps the stale page.
        const request = c.req.raw.clone();
        setImmediate(() => {
          render(request)
            .then((response) => store(key, response))
            .catch((error: Error) => console.warn(`page cache: could not render ${key} again: ${error.message}`))
            .finally(() => {
              entry.refreshing = false;
            });
        });
      }
      c.res = replay(entry, "STALE", ifNoneMatch);
      return;
    }
    const shared = rendering.get(key);
    if (shared) {
      const rendered = await shared;
      if (rendered) {
        c.res = replay(rendered, "HIT", ifNoneMatch);
        return;
      }
      // That render kept nothing (a page not to keep, or a failure): this request renders its own.
    }
    let kept: Entry | undefined;
    const underWay = Promise.withResolvers<Entry | undefined>();
    rendering.set(key, underWay.promise);
    try {
      await next();
      const failed = c.res.status >= 500 || c.res.headers.has(DEGRADED_HEADER);
      if (failed && entry && age < staleIfErrorMs) {
        c.res = replay(entry, "STALE", ifNoneMatch);
        return;
      }
      const stored = await store(key, c.res, ifNoneMatch);
      kept = stored.kept;
      c.res = stored.answer;
    } finally {
      rendering.delete(key);
      underWay.resolve(kept);
    }
  };
  const markStale = () => {
    const at = now() - freshMs;
    for (const entry of entries.values()) entry.storedAt = Math.min(entry.storedAt, at);
  };
  return { middleware, markStale };
}

/** The kept page, or a 304 when the request already has these bytes (If-None-Match names its ETag). */
function replay(entry: Entry, state: "HIT" | "MISS" | "STALE", ifNoneMatch?: string): Response {
  const headers = new Headers(entry.headers);
  headers.set("X-Page-Cache", state);
  const known = ifNoneMatch?.split(",").some((tag) => {
    const t = tag.trim();
    return t === "*" || t === entry.etag || t === entry.etag.slice(2);
  });
  if (!known) return new Response(entry.body, { status: entry.status, headers });
  for (const name of ["Content-Type", "Content-Length"]) headers.delete(name);
  return new Response(null, { status: 304, headers });
}
