import type { Locale } from "../../i18n/locales.ts";

/**
 * One formatter per locale, made on first use: Intl formatters are costly to create (a long date
 * costs more to set up than to format), and the pages format many numbers and dates.
 */
function perLocale<T>(make: (locale: Locale) => T): (locale: Locale) => T {
  const made = new Map<Locale, T>();
  return (locale) => {
    let formatter = made.get(locale);
    if (!formatter) {
      formatter = make(locale);
      made.set(locale, formatter);
    }
    return formatter;
  };
}

const numberFormat = perLocale((locale) => new Intl.NumberFormat(locale));
const percentFormat = perLocale((locale) => new Intl.NumberFormat(locale, { style: "percent" }));
const dateFormat = perLocale((locale) => new Intl.DateTimeFormat(locale, { dateStyle: "long", timeZone: "UTC" }));
const listFormat = perLocale((locale) => new Intl.ListFormat(locale, { type: "conjunction" }));

/** Numbers with the locale's grouping and decimal mark (12,345.6 / 12.345,6). */
export const formatNumber = (value: number, locale: Locale) => numberFormat(locale).format(value);

/** A whole percentage in the locale's form (67% / %67). */
export const formatPercent = (percent: number, locale: Locale) => percentFormat(locale).format(percent / 100);

/** A calendar date (YYYY-MM-DD) in the locale's long form, the same on server and browser. */
export const formatDate = (isoDate: string, locale: Locale) => dateFormat(locale).format(new Date(`${isoDate}T00:00:00Z`));

/** Names joined as the locale joins a list ("A, B and C" / "A, B ve C"). */
export const formatList = (names: string[], locale: Locale) => listFormat(locale).format(names);
