import { describe, expect, it } from "vitest";
import { phoneCountries } from "./phone-countries.server.ts";

describe("phoneCountries", () => {
  it("lists every country with its name in the locale and its dial code, sorted by the locale's collation", () => {
    const en = phoneCountries("en");
    expect(en.length).toBeGreaterThan(240);
    expect(en.find((country) => country.code === "TR")).toEqual({
      code: "TR",
      name: new Intl.DisplayNames(["en"], { type: "region" }).of("TR"),
      dialCode: "+90",
    });
    expect(en.find((country) => country.code === "DE")).toEqual({ code: "DE", name: "Germany", dialCode: "+49" });
    const collator = new Intl.Collator("en");
    expect(en.map((country) => country.name)).toEqual(en.map((country) => country.name).sort(collator.compare));
  });

  it("sorts Turkish names the Turkish way (Ç after C, İ after I)", () => {
    const tr = phoneCountries("tr");
    expect(tr.find((country) => country.code === "DE")?.name).toBe("Almanya");
    const names = tr.map((country) => country.name);
    expect(names).toEqual([...names].sort(new Intl.Collator("tr").compare));
    expect(names.indexOf("Irak")).toBeLessThan(names.indexOf("İran"));
    expect(names.indexOf("Çin")).toBeGreaterThan(names.indexOf("Cezayir"));
  });

  it("keeps only allowed countries, drops ignored ones and puts preferred ones first in their order", () => {
    expect(phoneCountries("en", { allowedCountries: ["TR", "DE", "gb"] }).map((country) => country.name)).toEqual([
      "Germany",
      "Türkiye",
      "United Kingdom",
    ]);
    const list = phoneCountries("en", { ignoredCountries: ["US"], preferredCountries: ["TR", "GB", "US"] });
    expect(list.slice(0, 2).map((country) => country.code)).toEqual(["TR", "GB"]);
    expect(list.filter((country) => country.code === "TR")).toHaveLength(1);
    expect(list.some((country) => country.code === "US")).toBe(false);
  });

  it("builds each list once per locale and options", () => {
    expect(phoneCountries("tr")).toBe(phoneCountries("tr"));
    expect(phoneCountries("en", { preferredCountries: ["TR"] })).toBe(phoneCountries("en", { preferredCountries: ["TR"] }));
    expect(phoneCountries("en")).not.toBe(phoneCountries("tr"));
  });
});
