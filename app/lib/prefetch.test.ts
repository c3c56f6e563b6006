import { describe, expect, it } from "vitest";
import { prefetchMode } from "./prefetch.ts";

describe("prefetchMode", () => {
  it("prefetches visible links on an ordinary connection, or when the browser does not tell", () => {
    expect(prefetchMode(undefined)).toBe("viewport");
    expect(prefetchMode({})).toBe("viewport");
    expect(prefetchMode({ saveData: false, effectiveType: "4g" })).toBe("viewport");
    expect(prefetchMode({ effectiveType: "3g" })).toBe("viewport");
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
