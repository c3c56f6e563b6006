import { useMatches } from "react-router";
import { type Locale, locales, upper } from "../../i18n/locales.ts";
import { useLocale, useMessages } from "../i18n.ts";
import { alternatePaths } from "../lib/alternates.ts";

const COOKIE = "i18n_redirected";

/** Remembers the visitor's choice for the root's locale detection (365 days, path /, SameSite Lax). */
function remember(locale: Locale) {
  // biome-ignore lint/suspicious/noDocumentCookie: a plain first-party preference cookie.
  document.cookie = `${COOKIE}=${locale}; path=/; max-age=${365 * 24 * 3600}; samesite=lax`;
}

/** Links to this very page in each locale (the home page where there is no counterpart). */
export function LanguageSwitcher({ className = "" }: { className?: string }) {
  const current = useLocale();
  const t = useMessages();
  const paths = alternatePaths(useMatches()) ?? { en: "/", tr: "/tr" };
  return (
    <nav aria-label={t.language.label} className={`flex items-center gap-1 text-sm ${className}`}>
      <span aria-hidden="true" className="mr-1 font-semibold text-stone-500">
        {upper(current, current)}
      </span>
      {locales.map((locale) => (
        <a
          key={locale}
          href={paths[locale]}
          hrefLang={locale}
          lang={locale}
          aria-current={locale === current ? "true" : undefined}
          onClick={() => remember(locale)}
          className="rounded px-2 py-1 hover:bg-stone-100 aria-[current]:font-semibold aria-[current]:text-orange-800"
        >
          {t.language[locale]}
        </a>
      ))}
    </nav>
  );
}
