import { LRUCache } from "lru-cache";

export interface CacheOptions {
  /** The clock, in ms (Date.now unless a test sets it; lru-cache reads a time of 0 as none, so a test's starts above it). */
  now?: () => number;
  /** The value is computed again when this changes (unset: it never does). */
  version?: () => number;
}

/**
 * Keeps a computed value for `ttlMs`, or until `version` changes, sharing one computation among
 * concurrent callers. For catalogue-wide figures that change only with an import (the version is
 * the content's revision, service/api/revision.ts). The value is kept under its version, one at a
 * time: a new revision is computed before it is answered, never answered with the old one's; past
 * `ttlMs` it is computed again too, the callers waiting for it. A failure is not kept.
 * @example const statistics = cached(60_000, () => readStatistics(db), { version: revision });
 */
export function cached<T>(ttlMs: number, compute: () => Promise<T>, { now = Date.now, version = () => 0 }: CacheOptions = {}): () => Promise<T> {
  // Boxed: a value may be null or undefined, which lru-cache does not keep.
  const kept = new LRUCache<number, { value: T }>({
    max: 1,
    ttl: ttlMs,
    // The clock read at every look-up (lru-cache's default reads it once a millisecond, which a test's clock outruns).
    ttlResolution: 0,
    perf: { now },
    fetchMethod: async () => ({ value: await compute() }),
  });
  return async () => (await kept.forceFetch(version())).value;
}
