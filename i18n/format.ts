/**
 * Fills `{name}` placeholders of a message.
 * @example format("Page not found: {path}", { path: "/x" }) // "Page not found: /x"
 */
export function format(message: string, values: Record<string, string | number> = {}): string {
  return message.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

/**
 * A message that depends on a count: one text per plural category of the language (CLDR's, as
 * `Intl.PluralRules` gives them), `other` always. English needs `one` and `other`; Turkish says
 * "1 makale" and "3 makale" alike, but gives both, so that the two locales keep the same keys.
 */
export type Plural = Partial<Record<Intl.LDMLPluralRule, string>> & { other: string };

// Intl objects are costly to create and pages count many things: one per locale.
const pluralRules = new Map<string, Intl.PluralRules>();
const numberFormats = new Map<string, Intl.NumberFormat>();
function cached<T>(cache: Map<string, T>, locale: string, make: (locale: string) => T): T {
  let value = cache.get(locale);
  if (!value) {
    value = make(locale);
    cache.set(locale, value);
  }
  return value;
}

/**
 * Picks the text of a plural message for `count` in `locale` and fills it: `{count}` is the count
 * in the locale's digits (1,234 / 1.234), the other placeholders come from `values`.
 * @example plural("en", { one: "{count} member", other: "{count} members" }, 1) // "1 member"
 */
export function plural(locale: string, message: Plural, count: number, values: Record<string, string | number> = {}): string {
  const category = cached(pluralRules, locale, (l) => new Intl.PluralRules(l)).select(count);
  const text = message[category] ?? message.other;
  return format(text, { count: cached(numberFormats, locale, (l) => new Intl.NumberFormat(l)).format(count), ...values });
}
