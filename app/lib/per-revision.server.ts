/**
 * What is the same for every request of a page at one content revision (the root's data, an
 * article's citations): kept, so that it is worked out once per revision instead of once per
 * request. A value is kept under the revision and the publisher's calendar day it was computed at,
 * so it is asked for no more once the revision moves (an import) or the day turns, since a work
 * dated today appears without an import (service/published.ts); the new revision's values push the
 * old ones out, least recently used first.
 *
 * Only what was computed without trouble is kept. A computation is not shared by simultaneous
 * requests: each request's API client tells the server of its own failures (the page is then
 * degraded and kept by no cache), and a request that waited on another's failure would not be
 * told. Simultaneous misses are rare (the first requests after an import) and merely compute twice.
 */
import { LRUCache } from "lru-cache";
import type { RouterContextProvider } from "react-router";
import { today } from "../../service/published.ts";
import { revisionContext } from "../context.server.ts";

/** What a computation gives: its value, and whether it may be kept (false when the page is degraded). */
export interface Computed<T> {
  value: T;
  keep: boolean;
}

/** The publisher's day, read at most once a second (formatting a date in a time zone costs more than a page's other keys). */
let day = { readAt: Number.NEGATIVE_INFINITY, value: "" };
function currentDay(): string {
  const now = Date.now();
  if (now - day.readAt >= 1000) day = { readAt: now, value: today() };
  return day.value;
}

/** The current revision and day, "revision day", from a loader's context. */
const revisionOf = (context: Readonly<RouterContextProvider>) => `${context.get(revisionContext)()} ${currentDay()}`;

/**
 * Every request shares what is kept: it is frozen, so that a loader or a component that changed
 * it (and so every later page) fails at once instead.
 */
function deepFreeze<T>(value: T): T {
  if (value === null || typeof value !== "object" || Object.isFrozen(value)) return value;
  Object.freeze(value);
  for (const inner of Object.values(value)) deepFreeze(inner);
  return value;
}

/**
 * A store of values kept per revision, at most `maxEntries` of them (the least recently used go
 * first). `get(context, key, compute)`: the value kept under `key` at the context's revision, or
 * `compute`'s, kept when it says so.
 */
export function perRevision<T>(maxEntries: number) {
  // Boxed: a value may be null, which lru-cache does not keep.
  const kept = new LRUCache<string, { value: T }>({ max: maxEntries });
  return {
    async get(context: Readonly<RouterContextProvider>, key: string, compute: () => Promise<Computed<T>>): Promise<T> {
      const at = revisionOf(context);
      const found = kept.get(`${at} ${key}`);
      if (found) return found.value;
      const { value, keep } = await compute();
      // The revision moved on while the value was computed: no request asks for the old revision's values, and
      // this one, perhaps half of each, would only push a current one out.
      if (keep && revisionOf(context) === at) kept.set(`${at} ${key}`, { value: deepFreeze(value) });
      return value;
    },
  };
}
