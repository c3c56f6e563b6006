import { describe, expect, it } from "vitest";
import { navigate } from "./list-keys.ts";
import { listPlacement } from "./list-placement.ts";

describe("navigate", () => {
  it("moves the active option with the arrows, Home, End and the page keys, inside the list", () => {
    expect(navigate("ArrowDown", 3, 10)).toBe(4);
    expect(navigate("ArrowDown", 9, 10)).toBe(9);
    expect(navigate("ArrowUp", 0, 10)).toBe(0);
    expect(navigate("Home", 5, 10)).toBe(0);
    expect(navigate("End", 5, 10)).toBe(9);
    expect(navigate("PageDown", 5, 100)).toBe(15);
    expect(navigate("PageUp", 5, 100)).toBe(0);
  });

  it("ignores other keys", () => {
    expect(navigate("Enter", 3, 10)).toBeUndefined();
    expect(navigate("a", 3, 10)).toBeUndefined();
  });
});

describe("listPlacement", () => {
  it("opens below with at least 200 px free under the field, above with less (spec §9)", () => {
    expect(listPlacement({ top: 400, bottom: 444 }, 644).side).toBe("bottom");
    expect(listPlacement({ top: 400, bottom: 444 }, 643).side).toBe("top");
  });

  it("keeps the list inside the viewport on its side, but never shorter than the search field and a few rows", () => {
    expect(listPlacement({ top: 100, bottom: 144 }, 900).maxHeight).toBe(336);
    expect(listPlacement({ top: 100, bottom: 144 }, 370).maxHeight).toBe(210);
    expect(listPlacement({ top: 200, bottom: 244 }, 300).maxHeight).toBe(184);
    expect(listPlacement({ top: 50, bottom: 94 }, 150).maxHeight).toBe(168);
  });
});
