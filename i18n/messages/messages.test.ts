import { describe, expect, it } from "vitest";
import { messages } from "./index.ts";

/** Every message as [key path, text], such as ["menu.allServices", "All services"]. */
function flatten(value: unknown, prefix = ""): [string, string][] {
  if (typeof value === "string") return [[prefix, value]];
  return Object.entries(value as object).flatMap(([key, inner]) => flatten(inner, prefix ? `${prefix}.${key}` : key));
}
const en = new Map(flatten(messages.en));
const tr = new Map(flatten(messages.tr));

describe("messages", () => {
  it("have the same keys in English and Turkish", () => {
    expect([...tr.keys()].sort()).toEqual([...en.keys()].sort());
  });

  it("include the header panels' all-items labels", () => {
    expect(en.get("menu.allServices")).toBe("All services");
    expect(tr.get("menu.allPolicies")).toBe("Tüm politikalar");
  });

  it("name the publisher in each language, as the page title does", () => {
    expect(en.get("site.name")).toBe("Meridian Academic Publishing");
    expect(tr.get("site.name")).toBe("Meridyen Akademik Yayıncılık");
  });

  it("keep the same placeholders in both languages", () => {
    const placeholders = (s = "") => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
    for (const [key, text] of tr) expect([key, placeholders(text)]).toEqual([key, placeholders(en.get(key))]);
  });
});
