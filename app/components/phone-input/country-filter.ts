/**
 * The country list's search field: which countries a typed text finds. Digits, with or without
 * "+", search the dial codes (the same code first, then longer ones starting with it); other text
 * the names, lower-cased with the page's locale (Turkish İ→i, I→ı) and compared without accents
 * (ü, ç, é…), names starting with it before names containing it. The list's order holds within each group.
 */
import type { PhoneCountry } from "../../../forms/phone-shared.ts";
import type { Locale } from "../../../i18n/locales.ts";

const DIAL_CODE = /^\+?\s*(\d[\d\s]*)$/;

/** Lower case in the locale's rules, then without combining marks (Turkish ı has none, so it stays ı). */
export const searchForm = (text: string, locale: Locale) =>
  text.toLocaleLowerCase(locale).normalize("NFD").replace(/\p{M}/gu, "").replace(/\s+/g, " ");

export function filterCountries(countries: readonly PhoneCountry[], query: string, locale: Locale): PhoneCountry[] {
  const text = query.trim();
  if (!text) return [...countries];
  const digits = DIAL_CODE.exec(text)?.[1].replace(/\s/g, "");
  const wanted = searchForm(text, locale);
  const rank = digits
    ? (country: PhoneCountry) => {
        const code = country.dialCode.replace(/\D/g, "");
        return code === digits ? 0 : code.startsWith(digits) ? 1 : -1;
      }
    : (country: PhoneCountry) => {
        const name = searchForm(country.name, locale);
        return name.startsWith(wanted) ? 0 : name.includes(wanted) ? 1 : -1;
      };
  const ranked = countries.map((country) => ({ country, rank: rank(country) })).filter((entry) => entry.rank >= 0);
  // Array sort is stable: the list's own order within a rank.
  return ranked.sort((a, b) => a.rank - b.rank).map((entry) => entry.country);
}
