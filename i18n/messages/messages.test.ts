import { describe, expect, it } from "vitest";
import { messages } from "./index.ts";

/** Every key path of a messages object, such as "menu.allServices". */
function keys(value: unknown, prefix = ""): string[] {
  if (typeof value !== "object" || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, inner]) => keys(inner, prefix ? `${prefix}.${key}` : key));
}

describe("messages", () => {
  it("have the same keys in English and Turkish", () => {
    expect(keys(messages.tr).sort()).toEqual(keys(messages.en).sort());
  });

  it("include the header panels' all-items labels", () => {
    expect(messages.en.menu.allServices).toBe("All services");
    expect(messages.tr.menu.allPolicies).toBe("Tüm politikalar");
  });

  it("name the publisher in each language, as the page title does", () => {
    expect(messages.en.site.name).toBe("Meridian Academic Publishing");
    expect(messages.tr.site.name).toBe("Meridyen Akademik Yayıncılık");
  });

  it("keep the same placeholders in both languages", () => {
    const placeholders = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
    const en = Object.fromEntries(keys(messages.en).map((k) => [k, k.split(".").reduce<any>((o, p) => o[p], messages.en)]));
    for (const key of keys(messages.tr)) {
      const tr = key.split(".").reduce<any>((o, p) => o[p], messages.tr) as string;
      expect([key, placeholders(tr)]).toEqual([key, placeholders(en[key])]);
    }
  });
});
