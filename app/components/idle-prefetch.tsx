/**
 * Prefetching without intent (decision 027): once the page is idle after loading (the load event,
 * then an idle moment), the first visible links in document order prefetch their page's data and
 * code, one at a time (idle-prefetch-queue.tsx, whose code is itself fetched only then). The
 * site's Link and NavLink register their anchors here, and this keeps track of which are in view;
 * every other link prefetches on intent only. Nothing at all on data saver or 2g.
 */
import { lazy, Suspense, useEffect, useState } from "react";
import { type ConnectionInfo, prefetchMode } from "../lib/prefetch.ts";

/**
 * Decided once per page load. The server's answer does not matter: React Router renders the same
 * markup for "intent" and "none", and the idle prefetching starts only in the browser.
 */
export const linkPrefetch = prefetchMode(
  typeof navigator === "undefined" ? undefined : (navigator as Navigator & { connection?: ConnectionInfo }).connection,
);

const inView = new Set<HTMLAnchorElement>();
const listeners = new Set<() => void>();
let observer: IntersectionObserver | undefined;

/** The registered links at least half in view, and a way to hear when that changes. */
export const visibleLinks = {
  anchors: (): ReadonlySet<HTMLAnchorElement> => inView,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
};

let endFirstPage: () => void = () => {};
/**
 * Settles once the first page shown has prefetched what it will without intent: what waits for
 * it (the web fonts, decision 030) does not compete with the next page's files for a slow
 * connection. Never on a connection that saves data.
 */
export const firstPagePrefetched = new Promise<void>((resolve) => {
  endFirstPage = resolve;
});
/** Called by the queue when it has nothing more to prefetch (again and again: only the first counts). */
export const endIdlePrefetch = () => endFirstPage();

/** Runs `callback` once the document has loaded and the main thread is next idle. */
export function afterIdle(callback: () => void) {
  const idle = () =>
    typeof window.requestIdleCallback === "function" ? window.requestIdleCallback(callback, { timeout: 5000 }) : setTimeout(callback, 200);
  if (document.readyState === "complete") idle();
  else window.addEventListener("load", idle, { once: true });
}

/** A ref callback for a link's anchor: it may prefetch without intent while in view. */
export function watchForIdlePrefetch(anchor: HTMLAnchorElement | null): (() => void) | undefined {
  if (!anchor || linkPrefetch === "none" || typeof IntersectionObserver === "undefined") return undefined;
  observer ??= new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        const target = entry.target as HTMLAnchorElement;
        if (entry.isIntersecting) inView.add(target);
        else inView.delete(target);
      }
      for (const listener of listeners) listener();
    },
    // As React Router's "viewport" prefetching: half of the link in view.
    { threshold: 0.5 },
  );
  observer.observe(anchor);
  return () => {
    inView.delete(anchor);
    observer?.unobserve(anchor);
  };
}

// A prefetching whose code does not load is no error of the page's: it just does not happen.
const IdlePrefetchQueue = lazy(() =>
  import("./idle-prefetch-queue.tsx").catch(() => {
    endIdlePrefetch();
    return { default: () => null };
  }),
);

/** The idle prefetching, from the first idle moment after the page has loaded. */
export function IdlePrefetch() {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    if (linkPrefetch === "none") return;
    let mounted = true;
    afterIdle(() => mounted && setIdle(true));
    return () => {
      mounted = false;
    };
  }, []);
  return idle ? (
    <Suspense fallback={null}>
      <IdlePrefetchQueue />
    </Suspense>
  ) : null;
}
