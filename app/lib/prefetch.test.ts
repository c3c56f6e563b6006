import { describe, expect, it } from "vitest";
import { IDLE_PREFETCH_LIMIT, nextIdlePrefetch, prefetchMode } from "./prefetch.ts";

describe("prefetchMode", () => {
  it("prefetches on intent on an ordinary connection, or when the browser does not tell", () => {
    expect(prefetchMode(undefined)).toBe("intent");
    expect(prefetchMode({})).toBe("intent");
    expect(prefetchMode({ saveData: false, effectiveType: "4g" })).toBe("intent");
    expect(prefetchMode({ effectiveType: "3g" })).toBe("intent");
  });

  it("does not prefetch when data saver is on, whatever the speed", () => {
    expect(prefetchMode({ saveData: true })).toBe("none");
    expect(prefetchMode({ saveData: true, effectiveType: "4g" })).toBe("none");
  });

  it("does not prefetch on 2g or slow-2g", () => {
    expect(prefetchMode({ effectiveType: "2g" })).toBe("none");
    expect(prefetchMode({ effectiveType: "slow-2g", saveData: false })).toBe("none");
  });
});

describe("nextIdlePrefetch", () => {
  const state = { current: "/", done: new Set<string>(), count: 0 };

  it("takes the first visible link in document order", () => {
    expect(nextIdlePrefetch(["/journals", "/books"], state)).toBe("/journals");
  });

  it("skips the page shown and pages prefetched before", () => {
    expect(nextIdlePrefetch(["/", "/journals", "/books"], { ...state, done: new Set(["/journals"]) })).toBe("/books");
  });

  it("stops at the limit for the page, and when nothing visible is left", () => {
    expect(nextIdlePrefetch(["/journals"], { ...state, count: IDLE_PREFETCH_LIMIT })).toBeUndefined();
    expect(nextIdlePrefetch(["/journals"], { ...state, done: new Set(["/journals"]) })).toBeUndefined();
    expect(nextIdlePrefetch([], state)).toBeUndefined();
  });
});
