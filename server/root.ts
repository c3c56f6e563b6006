/**
 * The root's locale detection, in the specification's order: the i18n_redirected cookie (the
 * language menu's), then the browser's languages (Accept-Language, by quality, then by position),
 * then English; hono/language reads them, and sets no cookie of its own. Only "/" detects: every
 * other path is in the locale its prefix names. The English visitor is answered the home page at
 * "/", the Turkish one sent to /tr (or every visitor to ROOT_REDIRECT, when it is set).
 */
import type { Context, MiddlewareHandler } from "hono";
import { languageDetector } from "hono/language";
import { isLocale, type Locale, locales } from "../i18n/locales.ts";
import type { Config } from "./config.ts";

/** Detects the root's locale (`rootLocale`); mounted at "/" only. */
export const rootLanguage = (): MiddlewareHandler =>
  languageDetector({
    order: ["cookie", "header"],
    lookupCookie: "i18n_redirected",
    supportedLanguages: [...locales],
    fallbackLanguage: "en",
    caches: false,
  });

export const rootLocale = (c: Context): Locale => {
  const language = c.get("language");
  return isLocale(language) ? language : "en";
};

/** The root's answer depends on what the detection reads (said once, whichever handler answered). */
export function varyOnLocale(response: Response) {
  if (!response.headers.get("Vary")?.includes("Accept-Language")) response.headers.append("Vary", "Cookie, Accept-Language");
}

export function rootRedirect(config: Pick<Config, "ROOT_REDIRECT" | "ROOT_REDIRECT_STATUS">): MiddlewareHandler {
  return async (c, next) => {
    if (config.ROOT_REDIRECT) return c.redirect(config.ROOT_REDIRECT, config.ROOT_REDIRECT_STATUS as 302);
    const locale = rootLocale(c);
    if (locale === "en") await next();
    else c.res = c.redirect(`/${locale}${new URL(c.req.url).search}`, 302);
    varyOnLocale(c.res);
  };
}
