/**
 * The idle prefetching's queue (decision 027), loaded once the page is first idle
 * (idle-prefetch.tsx): the first visible links in document order prefetch their page's data and
 * code, one at a time, the next only once the previous one's files have arrived and the page is
 * idle again; at most IDLE_PREFETCH_LIMIT per page shown, and each page once per visit.
 */
import { useEffect, useRef, useSyncExternalStore } from "react";
import { type PageLinkDescriptor, PrefetchPageLinks, useLocation } from "react-router";
import { nextIdlePrefetch } from "../lib/prefetch.ts";
import { afterIdle, endIdlePrefetch, visibleLinks } from "./idle-prefetch.tsx";

/** Past this, a prefetch whose files never reported counts as done, so the next can start. */
const PREFETCH_TIMEOUT_MS = 10_000;
/** How long a prefetch that rendered no files (nothing new to fetch) may take to show some. */
const EMPTY_PREFETCH_MS = 1000;

const done = new Set<string>();
const listeners = new Set<() => void>();
/** The page being prefetched. */
let current: string | undefined;
/** The page shown, how many it has prefetched, and whether the next may start (idle, none under way). */
let shown = { page: "", count: 0, ready: false, generation: 0 };

const notify = () => {
  for (const listener of listeners) listener();
};

/** The page an anchor opens (path and query), when it is one of this site's. */
function pageOf(anchor: HTMLAnchorElement): string | undefined {
  if (anchor.origin !== window.location.origin || anchor.target === "_blank" || anchor.hasAttribute("download")) return undefined;
  return anchor.pathname + anchor.search;
}

function visiblePages(): string[] {
  const ordered = [...visibleLinks.anchors()].filter((anchor) => anchor.isConnected);
  ordered.sort((a, b) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1));
  return ordered.map(pageOf).filter((page): page is string => page !== undefined);
}

function schedule() {
  if (!shown.ready || current !== undefined) return;
  const next = nextIdlePrefetch(visiblePages(), { current: shown.page, done, count: shown.count });
  if (next === undefined) {
    endIdlePrefetch();
    return;
  }
  shown = { ...shown, ready: false, count: shown.count + 1 };
  current = next;
  notify();
}

/** Lets the next prefetch start at the next idle moment, unless another page is shown by then. */
function readyWhenIdle() {
  const { generation } = shown;
  afterIdle(() => {
    if (shown.generation !== generation) return;
    shown = { ...shown, ready: true };
    schedule();
  });
}

/** The page shown changed (the first load, a navigation): its own prefetches start once it is idle. */
function pageShown(page: string) {
  shown = { page, count: 0, ready: false, generation: shown.generation + 1 };
  readyWhenIdle();
}

/** The current prefetch's files have arrived (or it gave up); one that had nothing to fetch does not count. */
function settled(page: string, counted: boolean) {
  if (current !== page) return;
  done.add(page);
  current = undefined;
  if (!counted) shown = { ...shown, count: Math.max(0, shown.count - 1) };
  notify();
  readyWhenIdle();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};

/**
 * A load handler keeps React from moving the links into the head, out of the box that counts
 * them. React Router passes its props on to every link, but its type does not list event handlers.
 */
const keepInPlace = { onLoad: () => {} } as Partial<PageLinkDescriptor>;

/**
 * Renders React Router's prefetch links for the page being prefetched, in a hidden box of its own,
 * and reports when they have all loaded.
 */
export default function IdlePrefetchQueue() {
  const { pathname, search } = useLocation();
  const page = useSyncExternalStore(
    subscribe,
    () => current,
    () => undefined,
  );
  const box = useRef<HTMLDivElement>(null);
  const loaded = useRef(new WeakSet<Element>());

  useEffect(() => visibleLinks.subscribe(schedule), []);

  useEffect(() => {
    pageShown(pathname + search);
  }, [pathname, search]);

  useEffect(() => {
    const element = box.current;
    if (!page || !element) return;
    const check = () => {
      const links = element.querySelectorAll("link");
      if (links.length > 0 && [...links].every((link) => loaded.current.has(link))) settled(page, true);
    };
    const onEvent = (event: Event) => {
      loaded.current.add(event.target as Element);
      check();
    };
    // Load and error do not bubble; they pass the box on their way down.
    element.addEventListener("load", onEvent, true);
    element.addEventListener("error", onEvent, true);
    // React Router adds the links once it has matched the page, which may be after this effect.
    const mutations = new MutationObserver(check);
    mutations.observe(element, { childList: true, subtree: true });
    const empty = setTimeout(() => {
      if (!element.querySelector("link")) settled(page, false);
    }, EMPTY_PREFETCH_MS);
    const timeout = setTimeout(() => settled(page, true), PREFETCH_TIMEOUT_MS);
    check();
    return () => {
      element.removeEventListener("load", onEvent, true);
      element.removeEventListener("error", onEvent, true);
      mutations.disconnect();
      clearTimeout(empty);
      clearTimeout(timeout);
    };
  }, [page]);

  if (!page) return null;
  return (
    <div ref={box} hidden>
      <PrefetchPageLinks page={page} {...keepInPlace} />
    </div>
  );
}
