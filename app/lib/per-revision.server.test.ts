import { RouterContextProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { revisionContext } from "../context.server.ts";
import { perRevision } from "./per-revision.server.ts";

function contextAt(revision: { current: number }) {
  const context = new RouterContextProvider();
  context.set(revisionContext, () => revision.current);
  return context;
}

describe("values kept per content revision", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date("2026-11-26T09:00:00Z"));
  });
  afterEach(() => vi.useRealTimers());

  it("computes a value once per revision and key", async () => {
    const revision = { current: 1 };
    const context = contextAt(revision);
    const store = perRevision<{ n: number }>(10);
    let computed = 0;
    const compute = async () => ({ value: { n: ++computed }, keep: true });
    expect(await store.get(context, "a", compute)).toEqual({ n: 1 });
    expect(await store.get(context, "a", compute)).toEqual({ n: 1 });
    expect(await store.get(context, "b", compute)).toEqual({ n: 2 });
    revision.current = 2;
    expect(await store.get(context, "a", compute)).toEqual({ n: 3 });
  });

  it("computes it again on the publisher's next day, when works dated that day appear", async () => {
    const context = contextAt({ current: 1 });
    const store = perRevision<number>(10);
    let computed = 0;
    const compute = async () => ({ value: ++computed, keep: true });
    expect(await store.get(context, "a", compute)).toBe(1);
    vi.setSystemTime(new Date("2026-11-26T20:59:00Z")); // 23:59 in Istanbul
    expect(await store.get(context, "a", compute)).toBe(1);
    vi.setSystemTime(new Date("2026-11-26T21:01:00Z")); // the next day there
    expect(await store.get(context, "a", compute)).toBe(2);
  });

  it("keeps nothing a computation says not to keep, nor what failed", async () => {
    const context = contextAt({ current: 1 });
    const store = perRevision<string>(10);
    expect(await store.get(context, "a", async () => ({ value: "degraded", keep: false }))).toBe("degraded");
    await expect(store.get(context, "a", async () => Promise.reject(new Error("away")))).rejects.toThrow("away");
    expect(await store.get(context, "a", async () => ({ value: "whole", keep: true }))).toBe("whole");
    expect(await store.get(context, "a", async () => ({ value: "again", keep: true }))).toBe("whole");
  });

  it("does not keep a value computed while the revision moved on", async () => {
    const revision = { current: 1 };
    const context = contextAt(revision);
    const store = perRevision<string>(1);
    const { promise, resolve } = Promise.withResolvers<{ value: string; keep: boolean }>();
    const slow = store.get(context, "a", () => promise);
    revision.current = 2;
    expect(await store.get(context, "b", async () => ({ value: "new", keep: true }))).toBe("new");
    resolve({ value: "old", keep: true });
    expect(await slow).toBe("old");
    // The old revision's value took no place: the new one's is still kept.
    expect(await store.get(context, "b", async () => ({ value: "again", keep: true }))).toBe("new");
    expect(await store.get(context, "a", async () => ({ value: "new", keep: true }))).toBe("new");
  });

  it("keeps at most its number of values, dropping the least recently used", async () => {
    const context = contextAt({ current: 1 });
    const store = perRevision<string>(2);
    const value = (v: string) => async () => ({ value: v, keep: true });
    await store.get(context, "a", value("a1"));
    await store.get(context, "b", value("b1"));
    await store.get(context, "a", value("a2")); // a is used again: b is the oldest now
    await store.get(context, "c", value("c1"));
    expect(await store.get(context, "a", value("a3"))).toBe("a1");
    expect(await store.get(context, "b", value("b2"))).toBe("b2");
  });

  it("freezes what it keeps, which every request shares", async () => {
    const context = contextAt({ current: 1 });
    const store = perRevision<{ list: { title: string }[] }>(2);
    const kept = await store.get(context, "a", async () => ({ value: { list: [{ title: "x" }] }, keep: true }));
    expect(() => {
      kept.list[0].title = "changed";
    }).toThrow(TypeError);
    expect(() => kept.list.push({ title: "y" })).toThrow(TypeError);
  });
});
