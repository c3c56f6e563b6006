/**
 * A chunk that fails to load (spec §8), typically a route module a deploy has removed, reloads the
 * page so it gets the new build's, at most once per path within 10 s: the guard is kept in
 * sessionStorage, across the reload, so a chunk that keeps failing shows the error page instead
 * of reloading in a loop. Both Vite's dynamic imports and React Router's route modules
 * (scripts/route-module-errors.ts) report the failure as a cancelable `vite:preloadError` event.
 */

export const RELOAD_GUARD_MS = 10_000;
const STORAGE_KEY = "meridian:chunk-reloads";

type StorageLike = Pick<Storage, "getItem" | "setItem">;

/** The recorded reloads, path → time; a damaged record counts as none. */
function recordedReloads(storage: StorageLike): Record<string, number> {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(STORAGE_KEY) ?? "{}");
    return parsed && typeof parsed === "object" ? (parsed as Record<string, number>) : {};
  } catch {
    return {};
  }
}

/**
 * Whether a failed chunk on `path` may reload the page at `now`, and if so records it. Storage that
 * cannot be written refuses: without the guard, a reload could repeat forever.
 */
export function mayReloadAfterChunkFailure(storage: StorageLike, path: string, now: number): boolean {
  const recent = Object.entries(recordedReloads(storage)).filter(([, at]) => typeof at === "number" && at <= now && now - at < RELOAD_GUARD_MS);
  if (recent.some(([recentPath]) => recentPath === path)) return false;
  try {
    storage.setItem(STORAGE_KEY, JSON.stringify({ ...Object.fromEntries(recent), [path]: now }));
    return true;
  } catch {
    return false;
  }
}

/** Reloads the page on a failed chunk when the guard allows; returns the listener's removal. */
export function reloadOnChunkFailure(): () => void {
  const onPreloadError = (event: Event) => {
    let storage: Storage;
    try {
      storage = window.sessionStorage;
    } catch {
      return; // Storage is disabled: without the guard, no reload.
    }
    if (!mayReloadAfterChunkFailure(storage, window.location.pathname, Date.now())) return;
    event.preventDefault();
    window.location.reload();
  };
  window.addEventListener("vite:preloadError", onPreloadError);
  return () => window.removeEventListener("vite:preloadError", onPreloadError);
}
