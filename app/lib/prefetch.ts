/**
 * When links prefetch (spec §7, decision 027): on intent (a pointer over the link, focus, a touch),
 * and, once the page is idle after loading, the first few visible links one at a time; never
 * while the page is still loading its own files. Nothing at all on a connection whose owner asked
 * to save data or that is too slow (2g, slow-2g) for speculative downloads to pay off.
 */

/** The part of the Network Information API (`navigator.connection`, Chromium only) read here. */
export interface ConnectionInfo {
  saveData?: boolean;
  effectiveType?: string;
}

const SLOW_CONNECTIONS = new Set(["slow-2g", "2g"]);

/** React Router's prefetch mode for the site's links on this connection. */
export function prefetchMode(connection: ConnectionInfo | undefined): "intent" | "none" {
  if (connection?.saveData) return "none";
  if (connection?.effectiveType && SLOW_CONNECTIONS.has(connection.effectiveType)) return "none";
  return "intent";
}

/** How many visible links a page prefetches without intent, after it is idle. */
export const IDLE_PREFETCH_LIMIT = 3;

export interface IdlePrefetchState {
  /** The page shown (path and query), which is never prefetched. */
  current: string;
  /** The pages prefetched already during this visit. */
  done: ReadonlySet<string>;
  /** How many the page shown has prefetched so far. */
  count: number;
}

/**
 * The next page to prefetch while idle: the first visible link's (in document order) that is
 * neither the page shown nor prefetched before, while the page has prefetched fewer than the limit.
 */
export function nextIdlePrefetch(visible: readonly string[], { current, done, count }: IdlePrefetchState, limit = IDLE_PREFETCH_LIMIT) {
  if (count >= limit) return undefined;
  return visible.find((page) => page !== current && !done.has(page));
}
