import { describe, expect, it } from "vitest";
import {
  callingCode,
  fallbackCountry,
  formatAsYouType,
  type PhoneValue,
  phoneMode,
  readPhone,
  readsInternational,
  typedCountry,
  withCallingCode,
} from "./phone.ts";

describe("phoneMode", () => {
  it("keeps the three modes", () => {
    expect(phoneMode("auto")).toBe("auto");
    expect(phoneMode("international")).toBe("international");
    expect(phoneMode("national")).toBe("national");
  });

  it("is auto when no mode is set (spec §5: mode is auto)", () => {
    expect(phoneMode(undefined)).toBe("auto");
    expect(phoneMode(null)).toBe("auto");
  });

  it("falls back to international for any other value (spec §5)", () => {
    for (const value of ["AUTO", "e164", "", 1, {}]) expect(phoneMode(value)).toBe("international");
  });
});

describe("readPhone: the numbering rules of the number's country", () => {
  it("reads a Turkish mobile number typed nationally, with every field", () => {
    expect(readPhone("0532 123 45 67", "TR")).toEqual<PhoneValue>({
      phone: "+905321234567",
      country: "TR",
      nationalNumber: "5321234567",
      formatted: "0532 123 45 67",
      valid: true,
      possible: true,
    });
  });

  it("trims the input and accepts it without formatting", () => {
    expect(readPhone("  05321234567 ", "TR")).toMatchObject({ phone: "+905321234567", formatted: "0532 123 45 67", valid: true });
  });

  it("rejects a Turkish number that is too short", () => {
    expect(readPhone("0532 123 45", "TR")).toMatchObject({ valid: false, possible: false, formatted: "0532 123 45" });
  });

  it("rejects a Turkish number of the right length outside any numbering range", () => {
    // 0132… has the length of a Turkish number (possible) but no Turkish range starts with 1.
    expect(readPhone("0132 123 45 67", "TR")).toMatchObject({ valid: false, possible: true, country: "TR" });
  });

  it("validates British, American and German numbers in their own country", () => {
    expect(readPhone("020 7946 0958", "GB")).toMatchObject({ phone: "+442079460958", country: "GB", formatted: "020 7946 0958", valid: true });
    expect(readPhone("(201) 555-0123", "US")).toMatchObject({ phone: "+12015550123", country: "US", nationalNumber: "2015550123", valid: true });
    expect(readPhone("030 901820", "DE")).toMatchObject({ phone: "+4930901820", country: "DE", valid: true });
  });

  it("reads a national number in the selected country's rules: a German number is not Turkish, a Turkish one not American", () => {
    expect(readPhone("030 901820", "TR").valid).toBe(false);
    expect(readPhone("0532 123 45 67", "US").valid).toBe(false);
  });

  it("accepts the country code in any case", () => {
    expect(readPhone("0532 123 45 67", "tr")).toMatchObject({ country: "TR", valid: true });
  });

  it("answers the trimmed input as phone when nothing parses", () => {
    expect(readPhone(" hello ", "TR")).toEqual<PhoneValue>({
      phone: "hello",
      country: "TR",
      nationalNumber: "",
      formatted: "hello",
      valid: false,
      possible: false,
    });
    expect(readPhone("", "TR")).toMatchObject({ phone: "", valid: false, possible: false });
  });
});

describe("readPhone: modes", () => {
  it("auto reads a number starting with + as international and detects its country", () => {
    expect(readPhone("+44 20 7946 0958", "TR")).toEqual<PhoneValue>({
      phone: "+442079460958",
      country: "GB",
      nationalNumber: "2079460958",
      formatted: "+44 20 7946 0958",
      valid: true,
      possible: true,
    });
    expect(readPhone("+44 20 7946 0958", "TR", { mode: "auto" }).country).toBe("GB");
  });

  it("auto reads a number without + in the selected country", () => {
    expect(readPhone("0532 123 45 67", "TR", { mode: "auto" })).toMatchObject({ country: "TR", valid: true });
    // 44 20 7946 0958 is no Turkish number.
    expect(readPhone("44 20 7946 0958", "TR", { mode: "auto" }).valid).toBe(false);
  });

  it("auto takes a national number dialled with an international prefix as another country's, so invalid", () => {
    expect(readPhone("0044 20 7946 0958", "TR", { mode: "auto" })).toMatchObject({ phone: "+442079460958", country: "TR", valid: false });
  });

  it("international always reads an international number, with or without the +", () => {
    expect(readPhone("90 532 123 45 67", "US", { mode: "international" })).toMatchObject({
      phone: "+905321234567",
      country: "TR",
      formatted: "+90 532 123 45 67",
      valid: true,
    });
    expect(readPhone("+49 30 901820", "TR", { mode: "international" })).toMatchObject({ country: "DE", valid: true });
    expect(readPhone("0532 123 45 67", "TR", { mode: "international" }).valid).toBe(false);
  });

  it("national always reads in the selected country, even after a +", () => {
    expect(readPhone("0532 123 45 67", "TR", { mode: "national" })).toMatchObject({ country: "TR", formatted: "0532 123 45 67", valid: true });
    expect(readPhone("+44 20 7946 0958", "TR", { mode: "national" })).toMatchObject({ country: "TR", valid: false });
    expect(readPhone("+90 532 123 45 67", "TR", { mode: "national" })).toMatchObject({ country: "TR", valid: true });
  });

  it("an invalid mode reads as international", () => {
    expect(readPhone("90 532 123 45 67", "GB", { mode: "bogus" })).toMatchObject({ country: "TR", valid: true });
    expect(readPhone("0532 123 45 67", "TR", { mode: "bogus" }).valid).toBe(false);
    expect(readsInternational("0532", "bogus")).toBe(true);
    expect(readsInternational("0532", "auto")).toBe(false);
    expect(readsInternational(" +90", "auto")).toBe(true);
    expect(readsInternational("+90", "national")).toBe(false);
  });
});

describe("readPhone: allowed and ignored countries", () => {
  it("makes a number of a country outside the allowed ones invalid", () => {
    const rules = { allowedCountries: ["TR", "DE"] };
    expect(readPhone("0532 123 45 67", "TR", rules).valid).toBe(true);
    expect(readPhone("+49 30 901820", "TR", rules).valid).toBe(true);
    expect(readPhone("+44 20 7946 0958", "TR", rules)).toMatchObject({ country: "GB", possible: true, valid: false });
    expect(readPhone("020 7946 0958", "GB", rules).valid).toBe(false);
  });

  it("makes a number of an ignored country invalid", () => {
    const rules = { ignoredCountries: ["gb"] };
    expect(readPhone("+44 20 7946 0958", "TR", rules).valid).toBe(false);
    expect(readPhone("0532 123 45 67", "TR", rules).valid).toBe(true);
  });

  it("checks the country of the number itself, not the selected one, within a shared calling code", () => {
    // +1 201 is a US number; Canada shares +1.
    expect(readPhone("(201) 555-0123", "CA").valid).toBe(true);
    expect(readPhone("(201) 555-0123", "CA", { allowedCountries: ["CA"] }).valid).toBe(false);
  });

  it("rejects a number of no country (+800) when an allow-list is set", () => {
    expect(readPhone("+800 1234 5678", "TR").valid).toBe(true);
    expect(readPhone("+800 1234 5678", "TR", { allowedCountries: ["TR"] }).valid).toBe(false);
  });
});

describe("readPhone: the 25-character limit", () => {
  it("accepts 25 characters and rejects 26, even when the digits make a valid number", () => {
    const spaced25 = "+90   532   123   45   67"; // 25 characters
    expect(spaced25).toHaveLength(25);
    expect(readPhone(spaced25, "TR")).toMatchObject({ phone: "+905321234567", valid: true, possible: true });
    const spaced26 = "+90    532   123   45   67";
    expect(readPhone(spaced26, "TR")).toMatchObject({ phone: "+905321234567", valid: false, possible: false });
  });
});

describe("formatAsYouType", () => {
  it("formats a national number as it grows", () => {
    expect(formatAsYouType("0", "TR")).toBe("0");
    expect(formatAsYouType("0532", "TR")).toBe("0532");
    expect(formatAsYouType("05321234567", "TR")).toBe("0532 123 45 67");
    expect(formatAsYouType("2015550123", "US")).toBe("(201) 555-0123");
  });

  it("formats a + number by its own calling code in auto mode, whatever the country", () => {
    expect(formatAsYouType("+442079460958", "TR")).toBe("+44 20 7946 0958");
    expect(formatAsYouType("+44207", "TR", "auto")).toBe("+44 20 7");
    expect(formatAsYouType("+", "TR", "auto")).toBe("+");
  });

  it("adds the + in international mode (also for an invalid mode) and never in national mode", () => {
    expect(formatAsYouType("905321234567", "TR", "international")).toBe("+90 532 123 45 67");
    expect(formatAsYouType("905321234567", "TR", "nonsense")).toBe("+90 532 123 45 67");
    expect(formatAsYouType("5321234567", "TR", "national")).toBe("532 123 45 67");
  });

  it("drops what is not part of a phone number and keeps an empty field empty", () => {
    expect(formatAsYouType("0532abc", "TR")).toBe("0532");
    expect(formatAsYouType("", "TR")).toBe("");
    expect(formatAsYouType("   ", "TR", "international")).toBe("");
  });
});

describe("typedCountry", () => {
  it("follows the country of an international number", () => {
    expect(typedCountry("+44 20 7946 0958", "TR")).toBe("GB");
    expect(typedCountry("+49 30 901820", "TR")).toBe("DE");
  });

  it("picks the main country of a calling code while the number is incomplete", () => {
    expect(typedCountry("+44", "TR")).toBe("GB");
    expect(typedCountry("+1", "TR")).toBe("US");
    expect(typedCountry("+7", "TR")).toBe("RU");
  });

  it("keeps the current country while it shares the calling code", () => {
    expect(typedCountry("+1 2", "CA")).toBe("CA");
    expect(typedCountry("+1 201 555 0123", "CA")).toBe("US");
  });

  it("is undefined for national input, an incomplete code and a code of no country", () => {
    expect(typedCountry("0532", "TR")).toBeUndefined();
    expect(typedCountry("+44", "TR", "national")).toBeUndefined();
    expect(typedCountry("+", "TR")).toBeUndefined();
    expect(typedCountry("+800", "TR")).toBeUndefined();
  });

  it("reads input without + as international in international mode", () => {
    expect(typedCountry("49 30", "TR", "international")).toBe("DE");
  });
});

describe("withCallingCode", () => {
  it("swaps the calling code of an international number for the picked country's", () => {
    expect(withCallingCode("+44 20 7946 0958", "TR").replace(/ /g, "")).toBe("+902079460958");
    expect(withCallingCode("+90 532 123 45 67", "DE")).toBe("+49 5321 234567");
    expect(withCallingCode("+44", "DE")).toBe("+49");
    expect(withCallingCode("+", "DE")).toBe("+49");
  });

  it("starts an empty international field with the code, and leaves national input alone", () => {
    expect(withCallingCode("", "DE", "international")).toBe("+49");
    expect(withCallingCode("", "DE", "auto")).toBe("");
    expect(withCallingCode("0532 123 45 67", "DE")).toBe("0532 123 45 67");
    expect(withCallingCode("+44 20", "DE", "national")).toBe("+44 20");
  });
});

describe("callingCode", () => {
  it("answers the country calling code", () => {
    expect(callingCode("TR")).toBe("90");
    expect(callingCode("gb")).toBe("44");
    expect(callingCode("ZZ")).toBeUndefined();
  });
});

describe("fallbackCountry", () => {
  it("answers the first preferred country that is offered", () => {
    expect(fallbackCountry(["DE", "GB", "TR"], ["FR", "TR", "GB"])).toBe("TR");
    expect(fallbackCountry(["DE", "GB", "TR"], ["gb"])).toBe("GB");
  });

  it("answers the first country offered without a usable preference", () => {
    expect(fallbackCountry(["DE", "GB", "TR"])).toBe("DE");
    expect(fallbackCountry(["DE", "GB", "TR"], ["FR"])).toBe("DE");
  });

  it("answers Turkey when nothing is offered", () => {
    expect(fallbackCountry([])).toBe("TR");
  });
});
