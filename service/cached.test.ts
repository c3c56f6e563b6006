import { describe, expect, it } from "vitest";
import { cached } from "./cached.ts";

describe("cached", () => {
  it("computes once within its lifetime, again after it, and never keeps a failure", async () => {
    let clock = 1_000_000;
    let calls = 0;
    let fail = false;
    const value = cached(
      1000,
      async () => {
        calls++;
        if (fail) throw new Error("down");
        return calls;
      },
      { now: () => clock },
    );
    expect(await Promise.all([value(), value()])).toEqual([1, 1]);
    clock += 999;
    expect(await value()).toBe(1);
    clock += 2;
    fail = true;
    await expect(value()).rejects.toThrow("down");
    fail = false;
    expect(await value()).toBe(3);
    expect(calls).toBe(3);
  });
});

describe("cached with a version", () => {
  it("computes again as soon as the version moves, within its lifetime", async () => {
    let version = 1;
    let calls = 0;
    const value = cached(60_000, async () => ++calls, { now: () => 1_000_000, version: () => version });
    expect([await value(), await value()]).toEqual([1, 1]);
    version = 2;
    expect([await value(), await value()]).toEqual([2, 2]);
  });
});
