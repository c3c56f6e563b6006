import { describe, expect, it } from "vitest";
import { TYPE_TO_FIND_RESET_MS, typeToFind } from "./use-type-to-find.ts";

describe("type-to-find", () => {
  const english = ["Georgia", "Germany", "Ghana", "Greece", "South Africa", "South Korea"];

  it("builds a prefix from keys typed within 700 ms of each other", () => {
    const search = typeToFind(english, "en");
    expect(search.find("g", 0)).toBe(0);
    expect(search.find("e", 300)).toBe(0);
    expect(search.find("r", 600)).toBe(1);
    expect(search.find("m", 600 + TYPE_TO_FIND_RESET_MS)).toBe(1);
    expect(search.find("x", 700 + TYPE_TO_FIND_RESET_MS)).toBe(-1);
  });

  it("starts a new search when more than 700 ms passed since the last key", () => {
    const search = typeToFind(english, "en");
    search.find("g", 0);
    expect(search.find("r", TYPE_TO_FIND_RESET_MS + 1)).toBe(-1);
    expect(search.find("g", 2 * TYPE_TO_FIND_RESET_MS + 2)).toBe(0);
    expect(search.find("r", 2 * TYPE_TO_FIND_RESET_MS + 100)).toBe(3);
  });

  it("takes a space as part of the name while searching, and says when it is not", () => {
    const search = typeToFind(english, "en");
    expect(search.searching(0)).toBe(false);
    search.find("s", 0);
    search.find("o", 100);
    expect(search.searching(200)).toBe(true);
    expect([..."uth k"].map((ch, i) => search.find(ch, 200 + i * 100)).at(-1)).toBe(5);
    expect(search.searching(700 + TYPE_TO_FIND_RESET_MS + 1)).toBe(false);
  });

  it("lower-cases with Turkish rules on Turkish pages: i finds İ, ı finds I", () => {
    const turkish = ["Irak", "İran", "İsveç"];
    expect(typeToFind(turkish, "tr").find("i", 0)).toBe(1);
    expect(typeToFind(turkish, "tr").find("ı", 0)).toBe(0);
    expect(typeToFind(turkish, "tr").find("I", 0)).toBe(0);
    expect(typeToFind(turkish, "tr").find("İ", 0)).toBe(1);
  });
});
