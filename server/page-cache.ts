/**
 * An in-process cache of rendered pages (and of their client-navigation data), so a page that
 * many visitors read is rendered once per `freshMs` instead of once per request. After that it
 * is served stale while one request renders it again, up to `staleMs`. Only successful GET
 * answers that set no cookie and do not say `no-store` (pages with a form) are kept; pages do not vary by anything but their URL (the root's
 * locale detection answers before the cache).
 */
import type { MiddlewareHandler } from "hono";

interface Entry {
  status: number;
  headers: [string, string][];
  body: ArrayBuffer;
  storedAt: number;
  refreshing: boolean;
}

export interface PageCacheOptions {
  freshMs: number;
  staleMs: number;
  maxEntries: number;
  /** Renders a page again in the background, when a stale one was served. */
  render: (request: Request) => Promise<Response>;
  now?: () => number;
}

export function pageCache({ freshMs, staleMs, maxEntries, render, now = Date.now }: PageCacheOptions): MiddlewareHandler {
  const entries = new Map<string, Entry>();

  const store = async (key: string, response: Response): Promise<Response> => {
    const cacheable =
      response.status === 200 &&
      !response.headers.has("set-cookie") &&
      !/no-store/.test(response.headers.get("cache-control") ?? "") &&
      response.body !== null;
    if (!cacheable) return response;
    const body = await response.arrayBuffer();
    entries.delete(key);
    entries.set(key, { status: response.status, headers: [...response.headers], body, storedAt: now(), refreshing: false });
    // Oldest first: a Map keeps insertion order, and a hit re-inserts its key.
    while (entries.size > maxEntries) entries.delete(entries.keys().next().value as string);
    return replay(entries.get(key) as Entry, "MISS");
  };

  return async (c, next) => {
    if (c.req.method !== "GET") return next();
    const key = c.req.url;
    const entry = entries.get(key);
    const age = entry ? now() - entry.storedAt : Number.POSITIVE_INFINITY;
    if (entry && age < freshMs) {
      entries.delete(key);
      entries.set(key, entry);
      c.res = replay(entry, "HIT");
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
      c.res = replay(entry, "STALE");
      return;
    }
    await next();
    c.res = await store(key, c.res);
  };
}

function replay(entry: Entry, state: "HIT" | "MISS" | "STALE"): Response {
  const headers = new Headers(entry.headers);
  headers.set("X-Page-Cache", state);
  return new Response(entry.body, { status: entry.status, headers });
}
