import type { Locale } from "../../i18n/locales.ts";

// Intl formatters are costly to create and the pages format many numbers: one per locale.
const numberFormats: Record<Locale, Intl.NumberFormat> = { en: new Intl.NumberFormat("en"), tr: new Intl.NumberFormat("tr") };

/** Numbers with the locale's grouping and decimal mark (12,345.6 / 12.345,6). */
export const formatNumber = (value: number, locale: Locale) => numberFormats[locale].format(value);

/** A whole percentage in the locale's form (67% / %67). */
export const formatPercent = (percent: number, locale: Locale) => new Intl.NumberFormat(locale, { style: "percent" }).format(percent / 100);

/** A calendar date (YYYY-MM-DD) in the locale's long form, the same on server and browser. */
export const formatDate = (isoDate: string, locale: Locale) =>
  new Intl.DateTimeFormat(locale, { dateStyle: "long", timeZone: "UTC" }).format(new Date(`${isoDate}T00:00:00Z`));

/** Names joined as the locale joins a list ("A, B and C" / "A, B ve C"). */
export const formatList = (names: string[], locale: Locale) => new Intl.ListFormat(locale, { type: "conjunction" }).format(names);
