import { describe, expect, it } from "vitest";
import { preferredLocale } from "./locale-detection.ts";

describe("the browser's preferred locale", () => {
  it("takes the first supported language by quality, then by position", () => {
    expect(preferredLocale("tr-TR,tr;q=0.9,en;q=0.8")).toBe("tr");
    expect(preferredLocale("de-DE,de;q=0.9,tr;q=0.7,en;q=0.6")).toBe("tr");
    expect(preferredLocale("en;q=0.5, tr;q=0.8")).toBe("tr");
    expect(preferredLocale("en-GB,en;q=0.9,tr;q=0.8")).toBe("en");
  });

  it("finds nothing in a header without a supported language", () => {
    expect(preferredLocale("de,fr;q=0.8")).toBeUndefined();
    expect(preferredLocale("tr;q=0")).toBeUndefined();
    expect(preferredLocale(undefined)).toBeUndefined();
    expect(preferredLocale("")).toBeUndefined();
  });
});
