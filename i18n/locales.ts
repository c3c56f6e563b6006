/** The site's locales: English at the root, Turkish under /tr. */
export const locales = ["en", "tr"] as const;
export type Locale = (typeof locales)[number];

export function isLocale(value: unknown): value is Locale {
  return value === "en" || value === "tr";
}

/** The site's other locale. */
export const otherLocale = (locale: Locale): Locale => (locale === "en" ? "tr" : "en");

/** The locale a path belongs to: /tr and /tr/… are Turkish, everything else English. */
export function localeOfPath(pathname: string): Locale {
  return pathname === "/tr" || pathname.startsWith("/tr/") ? "tr" : "en";
}

/** Upper-cases with the locale's rules (Turkish i → İ). */
export const upper = (text: string, locale: Locale) => text.toLocaleUpperCase(locale);
