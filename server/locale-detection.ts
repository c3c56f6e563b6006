/**
 * The root's locale detection, in the specification's order: the i18n_redirected cookie, then
 * the browser's languages (Accept-Language), then English. Only "/" detects; every other path
 * is in the locale its prefix names.
 */

import type { Context } from "hono";
import { getCookie } from "hono/cookie";
import { isLocale, type Locale } from "../i18n/locales.ts";

export const LOCALE_COOKIE = "i18n_redirected";

/** The supported locale the Accept-Language header prefers most, if any. */
export function preferredLocale(acceptLanguage: string | undefined): Locale | undefined {
  if (!acceptLanguage) return undefined;
  const ranked = acceptLanguage
    .split(",")
    .map((part, position) => {
      const [tag, ...params] = part.trim().split(";");
      const q = Number(
        params
          .find((p) => p.trim().startsWith("q="))
          ?.trim()
          .slice(2) ?? 1,
      );
      return { language: tag.trim().toLowerCase().split("-")[0], q: Number.isFinite(q) ? q : 0, position };
    })
    .filter((entry) => entry.q > 0)
    .sort((a, b) => b.q - a.q || a.position - b.position);
  return ranked.map((entry) => entry.language).find(isLocale);
}

export function detectLocale(c: Context): Locale {
  const cookie = getCookie(c, LOCALE_COOKIE);
  if (isLocale(cookie)) return cookie;
  return preferredLocale(c.req.header("accept-language")) ?? "en";
}
