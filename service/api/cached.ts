/**
 * Keeps a computed value for `ttlMs`, sharing one computation among concurrent callers. For
 * catalogue-wide figures that change only with an import (which may run in another process,
 * hence a time limit rather than an invalidation).
 * @example const statistics = cached(60_000, () => readStatistics(db));
 */
export function cached<T>(ttlMs: number, compute: () => Promise<T>, now = Date.now): () => Promise<T> {
  let value: Promise<T> | undefined;
  let expires = 0;
  return () => {
    if (!value || now() >= expires) {
      expires = now() + ttlMs;
      value = compute().catch((error) => {
        value = undefined; // a failure is not kept
        throw error;
      });
    }
    return value;
  };
}
