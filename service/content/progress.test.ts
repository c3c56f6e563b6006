import { describe, expect, it } from "vitest";
import { progress } from "./progress.ts";

describe("a command's progress", () => {
  it("says how much is done, at what rate and how long is left, at most once per interval, and nothing at the end", async () => {
    const lines: string[] = [];
    const report = progress("writing", "statements", { everyMs: 50, write: (line) => lines.push(line) });
    report(1, 4000);
    expect(lines).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 100));
    report(1000, 4000);
    report(1001, 4000);
    report(4000, 4000);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^writing: 1,000 of 4,000 statements \(25 %\), [\d,]+\/s, about \d+ s left$/);
  });
});
