/**
 * Rendered pages kept in this process (page-cache.ts; docs/decisions/006-page-cache.md): fresh for
 * PAGE_CACHE_SECONDS, then served stale while rendered again, marked stale when the content's
 * revision moves. None in development, nor with PAGE_CACHE_SECONDS=0 (a CDN in front keeps them).
 */
import type { Context, MiddlewareHandler } from "hono";
import { pageUrl } from "../contract/page-query.ts";
import { PAGE_STALE_IF_ERROR_MS, PAGE_STALE_MS } from "../contract/route-rules.ts";
import type { RevisionFollower } from "../service/api/revision.ts";
import type { Config } from "./config.ts";
import { pageCache } from "./page-cache.ts";
import type { Render } from "./render.ts";
import { rootLocale, varyOnLocale } from "./root.ts";

/** The most bytes of rendered pages one process keeps, every encoding counted (besides its 2 000 pages at most). */
const PAGE_CACHE_MAX_BYTES = 64 * 1024 * 1024;

export interface KeptPagesOptions {
  config: Config;
  mode: "development" | "production";
  render: Render;
  revision: RevisionFollower;
  /** A visitor to be sent to HTTPS is answered no kept page. */
  cameOverHttp: (c: Context) => boolean;
}

export function keptPages({ config, mode, render, revision, cameOverHttp }: KeptPagesOptions) {
  if (mode !== "production" || config.PAGE_CACHE_SECONDS === 0) return undefined;
  const cache = pageCache({
    freshMs: config.PAGE_CACHE_SECONDS * 1000,
    staleMs: PAGE_STALE_MS,
    staleIfErrorMs: PAGE_STALE_IF_ERROR_MS,
    maxEntries: 2000,
    maxBytes: PAGE_CACHE_MAX_BYTES,
    render: (request) => render(request),
    // With PUBLIC_URL every page is built on it, whatever the Host: one copy, which a forged Host cannot push out.
    keyOf: config.PUBLIC_URL ? (url) => pageUrl(url).slice(new URL(url).origin.length) : pageUrl,
  });
  revision.onChange(() => cache.markStale());
  /**
   * A kept page answered at the edge, with its stored bytes and headers, before anything else
   * runs (only pages of known hosts are kept); never to a visitor to be sent to HTTPS, and at the
   * root only to one its locale detection keeps there.
   */
  const early: MiddlewareHandler = async (c, next) => {
    if (cameOverHttp(c)) return next();
    if (c.req.path !== "/") return cache.answerKept(c, next);
    if (config.ROOT_REDIRECT || rootLocale(c) !== "en") return next();
    await cache.answerKept(c, next);
    varyOnLocale(c.res);
  };
  return { early, middleware: cache.middleware };
}
