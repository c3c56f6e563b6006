/**
 * How the server caches what it answers, per path pattern: the headers it sends and the page
 * cache's lifetimes. The server uses these values, and every build publishes them in its meta file
 * (`/_app/builds/meta/{id}.json`, scripts/build-identity.ts), so the two cannot drift apart.
 */
import { type RouteEntry, type RouteId, routeTable } from "./route-table.ts";

/** A rendered page is reused for 10 s, then served stale for up to a minute while it renders again. */
export const PAGE_FRESH_MS = 10_000;
export const PAGE_STALE_MS = 60_000;
/** While content cannot be read, a kept page up to a day old stands in for the page that cannot be rendered. */
export const PAGE_STALE_IF_ERROR_MS = 24 * 3600_000;

/** Hashed build assets never change under their name. */
export const IMMUTABLE = "public, max-age=31536000, immutable";
/** Where each build publishes its identity: `latest.json` and `meta/{id}.json`. */
export const BUILDS_PATH = "/_app/builds";
/** The build files must be asked for again every time, or an open tab would not notice a deploy. */
export const BUILD_FILES_CACHE_CONTROL = "no-cache";

/**
 * A pattern's rule, in Nitro's vocabulary: `cache` is the server's page cache (seconds), `false`
 * when a page is never kept; `headers` are sent as they are.
 */
export interface RouteRule {
  cache?: false | { swr: true; maxAge: number; staleMaxAge: number };
  headers?: Record<string, string>;
}

/** The screens that carry a form: their loaders answer `no-store` (a token per visit). */
const FORM_SCREENS = ["contact", "permission-form"];

const entries = routeTable as readonly RouteEntry[];
const isFormScreen = (id: string | undefined) => id !== undefined && FORM_SCREENS.includes(id);

/** The screens a form is sent to: each form screen and its children (the contact hub's topics). */
export const formScreenIds = entries.filter((entry) => isFormScreen(entry.id) || isFormScreen(entry.parent)).map((entry) => entry.id as RouteId);

/**
 * The rules, most specific first: the first pattern that matches a path applies. `/**` matches a
 * path and everything below it.
 */
export function routeRules(): Record<string, RouteRule> {
  const noStore: RouteRule = { cache: false, headers: { "cache-control": "no-store" } };
  const buildFile: RouteRule = { headers: { "cache-control": BUILD_FILES_CACHE_CONTROL } };
  const rules: Record<string, RouteRule> = {
    "/assets/**": { headers: { "cache-control": IMMUTABLE } },
    [`${BUILDS_PATH}/latest.json`]: buildFile,
    [`${BUILDS_PATH}/meta/**`]: buildFile,
  };
  for (const screen of entries.filter((entry) => isFormScreen(entry.id))) {
    // A screen with children (the contact hub) covers its sub-pages too.
    const suffix = entries.some((entry) => entry.parent === screen.id) ? "/**" : "";
    rules[screen.en + suffix] = noStore;
    rules[screen.tr + suffix] = noStore;
  }
  rules["/**"] = { cache: { swr: true, maxAge: PAGE_FRESH_MS / 1000, staleMaxAge: PAGE_STALE_MS / 1000 } };
  return rules;
}
