import { type KeyboardEvent, useRef, useState, useSyncExternalStore } from "react";
import type { ArticleText, Locale } from "../../contract/api-types.ts";
import { useMessages } from "../i18n.ts";
import { RichText } from "./rich-text.tsx";

/** Below Tailwind's `lg`: where the two abstracts do not fit side by side. */
const NARROW = "(width < 64rem)";

/** Whether the viewport is narrow; false on the server and before hydration. */
function useNarrow(): boolean {
  return useSyncExternalStore(
    (changed) => {
      const query = matchMedia(NARROW);
      query.addEventListener("change", changed);
      return () => query.removeEventListener("change", changed);
    },
    () => matchMedia(NARROW).matches,
    () => false,
  );
}

/**
 * Where the abstracts are tabs: below `lg` in a browser that runs scripts. The server draws the
 * tabs for it too, and these classes (written out whole, for Tailwind to find them) show the
 * tablist and hide the unselected panel there, so that the hydrated tabs take the same room and
 * nothing moves; without scripts the abstracts simply follow one another.
 */
const asTabs = {
  tablist: "max-lg:[@media(scripting:enabled)]:flex",
  panel: "max-lg:[@media(scripting:enabled)]:not-data-selected:hidden",
  heading: "max-lg:[@media(scripting:enabled)]:sr-only",
};

/**
 * An article's abstract and keywords in each language: side by side on desktop; on a phone, once
 * the page runs its script, a tab per language (arrow keys, Home and End move between them).
 * Without the script they simply follow one another.
 */
export function AbstractTabs({ texts }: { texts: [Locale, ArticleText][] }) {
  const t = useMessages();
  // One language has nothing to switch between. The tablist is drawn whenever there are two
  // (hidden but below `lg`); the panels become tab panels once hydrated on a narrow screen.
  const several = texts.length > 1;
  const tabbed = useNarrow() && several;
  const [selected, setSelected] = useState(0);
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);

  const move = (event: KeyboardEvent) => {
    const last = texts.length - 1;
    const next = { ArrowRight: selected === last ? 0 : selected + 1, ArrowLeft: selected === 0 ? last : selected - 1, Home: 0, End: last }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    setSelected(next);
    tabs.current[next]?.focus();
  };

  return (
    <section aria-labelledby="abstract-heading">
      <h2 id="abstract-heading" className="font-serif text-h2">
        {t.article.abstract}
      </h2>
      {several && (
        <div
          role="tablist"
          aria-label={t.article.abstractLanguages}
          className={`mt-4 hidden gap-1 border-b border-stone-200 ${asTabs.tablist}`}
          onKeyDown={move}
        >
          {texts.map(([locale], i) => (
            <button
              key={locale}
              ref={(element) => {
                tabs.current[i] = element;
              }}
              type="button"
              id={`abstract-tab-${locale}`}
              role="tab"
              aria-selected={i === selected}
              aria-controls={`abstract-${locale}`}
              tabIndex={i === selected ? 0 : -1}
              onClick={() => setSelected(i)}
              className="-mb-px cursor-pointer border-b-2 border-transparent px-4 py-2 text-sm font-medium text-stone-600 aria-selected:border-orange-700 aria-selected:text-stone-900"
            >
              {t.language.names[locale]}
            </button>
          ))}
        </div>
      )}
      <div className={`mt-4 grid gap-8 ${several ? "lg:grid-cols-2" : "max-w-3xl"}`}>
        {texts.map(([locale, text], i) => (
          <div
            key={locale}
            id={`abstract-${locale}`}
            {...(tabbed ? { role: "tabpanel", "aria-labelledby": `abstract-tab-${locale}`, tabIndex: 0 } : {})}
            data-selected={i === selected || undefined}
            className={several ? asTabs.panel : undefined}
          >
            <h3 className={`text-sm font-semibold tracking-wide text-stone-500 uppercase ${several ? asTabs.heading : ""}`}>
              {t.language.names[locale]}
            </h3>
            <div lang={locale}>
              <RichText html={text.abstractHtml} />
            </div>
            {/* A record from a journal system may carry no keywords. */}
            {text.keywords.length > 0 && (
              <>
                <h4 className="mt-4 text-sm font-semibold">{t.article.keywords}</h4>
                <ul lang={locale} className="mt-2 flex flex-wrap gap-1.5">
                  {text.keywords.map((keyword) => (
                    <li key={keyword} className="tag">
                      {keyword}
                    </li>
                  ))}
                </ul>
              </>
            )}
          </div>
        ))}
      </div>
    </section>
  );
}
