/**
 * The phone input's country list, built on the server: names come from the runtime's ICU data,
 * which can differ between Node and a visitor's browser, so building the list in the loader keeps
 * the server markup and the hydrated markup identical and keeps the metadata out of the browser.
 */
import { getCountries, getCountryCallingCode } from "libphonenumber-js/max";
import { countryAllowed, countryCode, type PhoneCountry } from "../../forms/phone-shared.ts";
import type { Locale } from "../../i18n/locales.ts";

export interface PhoneCountryOptions {
  allowedCountries?: string[];
  ignoredCountries?: string[];
  /** Listed first, in this order; the rest follow sorted by name. */
  preferredCountries?: string[];
}

// ~245 names per build, the same for every request: each locale and option set is built once.
const lists = new Map<string, PhoneCountry[]>();

/** Every country the numbering metadata knows, allowed by the options, named in the locale. */
export function phoneCountries(locale: Locale, options: PhoneCountryOptions = {}): PhoneCountry[] {
  const key = JSON.stringify([locale, options.allowedCountries ?? [], options.ignoredCountries ?? [], options.preferredCountries ?? []]);
  let list = lists.get(key);
  if (!list) {
    list = buildList(locale, options);
    lists.set(key, list);
  }
  return list;
}

function buildList(locale: Locale, { allowedCountries, ignoredCountries, preferredCountries = [] }: PhoneCountryOptions): PhoneCountry[] {
  const names = new Intl.DisplayNames([locale], { type: "region" });
  const collator = new Intl.Collator(locale);
  const countries = getCountries()
    .filter((code) => countryAllowed(code, { allowedCountries, ignoredCountries }))
    .map((code) => ({ code, name: names.of(code) ?? code, dialCode: `+${getCountryCallingCode(code)}` }))
    .sort((a, b) => collator.compare(a.name, b.name));
  const preferred = [...new Set(preferredCountries.map(countryCode))]
    .map((code) => countries.find((country) => country.code === code))
    .filter((country) => country !== undefined);
  return [...preferred, ...countries.filter((country) => !preferred.includes(country))];
}
