export interface CacheOptions {
  /** The clock, in ms (Date.now unless a test sets it). */
  now?: () => number;
  /** The value is computed again when this changes (unset: it never does). */
  version?: () => number;
}

/**
 * Keeps a computed value for `ttlMs`, or until `version` changes, sharing one computation among
 * concurrent callers. For catalogue-wide figures that change only with an import (the version is
 * the content's revision, service/api/revision.ts).
 * @example const statistics = cached(60_000, () => readStatistics(db), { version: revision });
 */
export function cached<T>(ttlMs: number, compute: () => Promise<T>, { now = Date.now, version = () => 0 }: CacheOptions = {}): () => Promise<T> {
  let value: Promise<T> | undefined;
  let expires = 0;
  let computedAt: number | undefined;
  return () => {
    if (!value || now() >= expires || version() !== computedAt) {
      expires = now() + ttlMs;
      computedAt = version();
      value = compute().catch((error) => {
        value = undefined; // a failure is not kept
        throw error;
      });
    }
    return value;
  };
}
