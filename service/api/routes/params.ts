/** What the HTTP routes read from a request before they call the content service: the locale, single-valued query parameters, numbers. */
import { validator } from "hono/validator";
import { isLocale, type Locale } from "../../../i18n/locales.ts";
import { errorLocale, fail } from "../failure.ts";

/** The locale of the path, or a 404 that names the locales there are. */
export function localeParam(value: string): Locale {
  if (isLocale(value)) return value;
  return fail("en", 404, "not_found", "unknownLocale", { locale: value.slice(0, 40) });
}

/**
 * The query parameters `names`, each at most once: a second value is a 400 in the request's
 * language. The content service checks the values themselves.
 */
export function singleValues<Name extends string>(names: readonly Name[]) {
  return validator("query", (_value, c): Partial<Record<Name, string>> => {
    const locale = errorLocale(c.req.path, c.req.header("accept-language"));
    const query = c.req.queries();
    const values: Partial<Record<Name, string>> = {};
    for (const name of names) {
      const given = query[name] ?? [];
      if (given.length > 1) fail(locale, 400, "bad_request", "repeatedParameter", { name });
      if (given.length === 1) values[name] = given[0];
    }
    return values;
  });
}

/** A number parameter as the service takes it (it checks the range); absent, the service's default. */
export const numberParam = (value: string | undefined) => (value === undefined ? undefined : value.trim() === "" ? Number.NaN : Number(value));

export const PAGING = ["page", "pageSize"] as const;
