import { useMessages } from "../i18n.ts";

/**
 * The publisher's mark: a meridian arc and the name in the current locale; `compact` shows the
 * short name where the desktop header is at its narrowest (lg to xl).
 */
export function Logo({ inverted = false, compact = false }: { inverted?: boolean; compact?: boolean }) {
  const t = useMessages();
  return (
    <span className="flex items-center gap-2.5">
      <svg viewBox="0 0 32 32" width="32" height="32" aria-hidden="true" className="shrink-0">
        <circle cx="16" cy="16" r="15" fill="#c2410c" />
        <path d="M16 3a13 13 0 0 1 0 26M16 3a6 13 0 0 0 0 26M3.5 16h25" fill="none" stroke="#fff7ed" strokeWidth="1.6" />
      </svg>
      {/*
        On a phone of 390 px the name takes two lines whatever the font: at 11 em its first two words
        fit and the third does not, in the web font and in its fallback alike, so the header does not
        move when the fonts arrive (left to the screen's width, one line or two was a matter of pixels).
      */}
      <span className={`max-w-[11em] font-serif text-base leading-tight sm:max-w-none sm:text-lg ${inverted ? "text-white" : "text-stone-900"}`}>
        {compact ? (
          <>
            {/* At xl and wider the full name, on one line: from there the header (the page's width) has room for it beside the links, in both languages. */}
            <span className="lg:hidden xl:block xl:whitespace-nowrap">{t.site.name}</span>
            <span className="hidden lg:inline xl:hidden">{t.site.shortName}</span>
          </>
        ) : (
          t.site.name
        )}
      </span>
    </span>
  );
}
