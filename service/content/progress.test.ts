import { afterEach, describe, expect, it, vi } from "vitest";
import { progress } from "./progress.ts";

describe("a command's progress", () => {
  // The command's own clock, moved by the test: the interval and the rate are then exact.
  afterEach(() => {
    vi.useRealTimers();
  });

  it("says how much is done, at what rate and how long is left, at most once per interval, and nothing at the end", () => {
    vi.useFakeTimers({ toFake: ["performance"] });
    const lines: string[] = [];
    const report = progress("writing", "statements", { everyMs: 50, write: (line) => lines.push(line) });
    report(1, 4000);
    expect(lines).toEqual([]);
    vi.advanceTimersByTime(49);
    report(500, 4000);
    expect(lines).toEqual([]);
    vi.advanceTimersByTime(51);
    report(1000, 4000);
    report(1001, 4000);
    report(4000, 4000);
    expect(lines).toEqual(["writing: 1,000 of 4,000 statements (25 %), 10,000/s, about 1 s left"]);
  });
});
