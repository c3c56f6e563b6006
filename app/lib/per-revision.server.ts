/**
 * What is the same for every request of a page at one content revision (the root's data, an
 * article's citations): kept, so that it is worked out once per revision instead of once per
 * request. Everything kept is dropped when the revision moves (an import) or the publisher's
 * calendar day turns, since a work dated today appears without an import (service/published.ts).
 *
 * Only what was computed without trouble is kept. A computation is not shared by simultaneous
 * requests: each request's API client tells the server of its own failures (the page is then
 * degraded and kept by no cache), and a request that waited on another's failure would not be
 * told. Simultaneous misses are rare (the first requests after an import) and merely compute twice.
 */
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
  let revision = "";
  const kept = new Map<string, T>();
  const valid = (context: Readonly<RouterContextProvider>) => {
    const now = revisionOf(context);
    if (now !== revision) {
      kept.clear();
      revision = now;
    }
    return now;
  };
  const remember = (at: string, key: string, value: T) => {
    // The revision moved on while the value was computed: it may be the old revision's.
    if (at !== revision) return;
    if (kept.size >= maxEntries) kept.delete(kept.keys().next().value as string);
    kept.set(key, deepFreeze(value));
  };
  const recall = (key: string) => {
    const value = kept.get(key);
    if (value === undefined) return undefined;
    kept.delete(key);
    kept.set(key, value);
    return value;
  };
  return {
    async get(context: Readonly<RouterContextProvider>, key: string, compute: () => Promise<Computed<T>>): Promise<T> {
      const at = valid(context);
      const found = recall(key);
      if (found !== undefined) return found;
      const { value, keep } = await compute();
      if (keep) remember(at, key, value);
      return value;
    },
  };
}
