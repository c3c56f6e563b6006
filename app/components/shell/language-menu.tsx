import { useLocation, useMatches } from "react-router";
import { type Locale, locales, upper } from "../../../i18n/locales.ts";
import { useLocale, useMessages } from "../../i18n.ts";
import { alternatePaths } from "../../lib/alternates.ts";
import { useDisclosure } from "./use-disclosure.ts";

const COOKIE = "i18n_redirected";

/** Remembers the visitor's choice for the root's locale detection (365 days, path /, SameSite Lax, Secure over HTTPS). */
function remember(locale: Locale) {
  const secure = window.location.protocol === "https:" ? "; secure" : "";
  // biome-ignore lint/suspicious/noDocumentCookie: a plain first-party preference cookie.
  document.cookie = `${COOKIE}=${locale}; path=/; max-age=${365 * 24 * 3600}; samesite=lax${secure}`;
}

/**
 * Links to this very page in each locale (the home page where there is no counterpart), each
 * remembering the choice when followed. The query stays: a search, the journal filters and a
 * page number mean the same in both languages.
 */
export function LanguageLinks({ className }: { className: string }) {
  const t = useMessages();
  const current = useLocale();
  const { search } = useLocation();
  const alternates = alternatePaths(useMatches());
  const paths = alternates ? { en: alternates.en + search, tr: alternates.tr + search } : { en: "/", tr: "/tr" };
  return locales.map((locale) => (
    <li key={locale}>
      <a
        href={paths[locale]}
        hrefLang={locale}
        lang={locale}
        aria-current={locale === current ? "true" : undefined}
        onClick={() => remember(locale)}
        className={className}
      >
        {t.language[locale]}
      </a>
    </li>
  ));
}

/** The desktop language switcher: the current locale's code in capitals, opening English / Türkçe. */
export function LanguageMenu() {
  const t = useMessages();
  const current = useLocale();
  const { buttonProps, panelProps } = useDisclosure();
  return (
    <>
      <button {...buttonProps} className="nav-link inline-flex items-center gap-1.5" aria-label={`${t.language.label}: ${t.language[current]}`}>
        <svg viewBox="0 0 24 24" className="h-4 w-4" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="1.8">
          <circle cx="12" cy="12" r="9" />
          <path d="M3 12h18M12 3a14 14 0 0 1 0 18M12 3a14 14 0 0 0 0 18" />
        </svg>
        {/* A fixed width: the header's search box, left of it, stays put when the web fonts arrive. */}
        <span data-locale-code className="inline-block w-6 text-center">
          {upper(current, current)}
        </span>
      </button>
      {/* A popover, placed by CSS under the button: 8 px below the header, at the right edge of its content (.page). */}
      <ul
        {...panelProps}
        className="absolute top-20 right-[max(1.5rem,calc((100%-72rem)/2+1.5rem))] left-auto min-w-36 rounded-lg border border-stone-200 bg-white p-1 shadow-xl"
      >
        <LanguageLinks className="block rounded-md px-3 py-2 text-sm hover:bg-orange-50 aria-[current]:font-semibold aria-[current]:text-orange-800" />
      </ul>
    </>
  );
}
