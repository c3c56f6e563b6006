import { describe, expect, it } from "vitest";
import type { PhoneCountry } from "../../../forms/phone-shared.ts";
import { filterCountries } from "./country-filter.ts";

const country = (code: string, name: string, dialCode: string): PhoneCountry => ({ code, name, dialCode });
const codes = (list: PhoneCountry[]) => list.map((entry) => entry.code);

describe("filterCountries", () => {
  const english = [
    country("AS", "American Samoa", "+1"),
    country("CI", "Côte d’Ivoire", "+225"),
    country("DE", "Germany", "+49"),
    country("GB", "United Kingdom", "+44"),
    country("GE", "Georgia", "+995"),
    country("MX", "Mexico", "+52"),
    country("US", "United States", "+1"),
  ];

  it("keeps the whole list for an empty or blank search", () => {
    expect(codes(filterCountries(english, "", "en"))).toEqual(codes(english));
    expect(codes(filterCountries(english, "   ", "en"))).toEqual(codes(english));
  });

  it("finds names containing the text, those starting with it first, whatever the case", () => {
    expect(codes(filterCountries(english, "m", "en"))).toEqual(["MX", "AS", "DE", "GB"]);
    expect(codes(filterCountries(english, "ge", "en"))).toEqual(["DE", "GE"]);
    expect(codes(filterCountries(english, "UNITED", "en"))).toEqual(["GB", "US"]);
    expect(codes(filterCountries(english, "ic", "en"))).toEqual(["AS", "MX"]);
    expect(codes(filterCountries(english, "united k", "en"))).toEqual(["GB"]);
  });

  it("finds names whatever their accents", () => {
    expect(codes(filterCountries(english, "cote", "en"))).toEqual(["CI"]);
    expect(codes(filterCountries(english, "Côte", "en"))).toEqual(["CI"]);
  });

  it("finds dial codes with or without +, the same code before longer ones", () => {
    expect(codes(filterCountries(english, "+44", "en"))).toEqual(["GB"]);
    expect(codes(filterCountries(english, "49", "en"))).toEqual(["DE"]);
    expect(codes(filterCountries(english, "+1", "en"))).toEqual(["AS", "US"]);
    expect(codes(filterCountries(english, "+ 22", "en"))).toEqual(["CI"]);
    expect(codes(filterCountries([...english, country("AI", "Anguilla", "+1264")], "1", "en"))).toEqual(["AS", "US", "AI"]);
  });

  it("finds nothing when nothing matches", () => {
    expect(filterCountries(english, "atlantis", "en")).toEqual([]);
    expect(filterCountries(english, "+999", "en")).toEqual([]);
  });

  describe("Turkish case rules on Turkish pages", () => {
    const turkish = [
      country("DE", "Almanya", "+49"),
      country("IQ", "Irak", "+964"),
      country("IR", "İran", "+98"),
      country("SE", "İsveç", "+46"),
      country("CH", "İsviçre", "+41"),
      country("IE", "İrlanda", "+353"),
      country("TR", "Türkiye", "+90"),
    ];

    it("reads i as the lower case of İ, and ı as that of I", () => {
      expect(codes(filterCountries(turkish, "i", "tr"))).toEqual(["IR", "SE", "CH", "IE", "TR"]);
      expect(codes(filterCountries(turkish, "İR", "tr"))).toEqual(["IR", "IE"]);
      expect(codes(filterCountries(turkish, "ır", "tr"))).toEqual(["IQ"]);
      expect(codes(filterCountries(turkish, "IRAK", "tr"))).toEqual(["IQ"]);
      expect(codes(filterCountries(turkish, "irak", "tr"))).toEqual([]);
    });

    it("with English rules, I and i are one letter and ı is another", () => {
      expect(codes(filterCountries(turkish, "irak", "en"))).toEqual(["IQ"]);
      expect(codes(filterCountries(turkish, "ır", "en"))).toEqual([]);
    });

    it("finds Almanya from alm, and names with Turkish letters typed without their marks", () => {
      expect(codes(filterCountries(turkish, "alm", "tr"))).toEqual(["DE"]);
      expect(codes(filterCountries(turkish, "ALM", "tr"))).toEqual(["DE"]);
      expect(codes(filterCountries(turkish, "turkiye", "tr"))).toEqual(["TR"]);
      expect(codes(filterCountries(turkish, "isvec", "tr"))).toEqual(["SE"]);
    });
  });
});
