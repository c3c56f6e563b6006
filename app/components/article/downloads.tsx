import type { Galley } from "../../../contract/api-types.ts";
import type { Locale } from "../../../i18n/locales.ts";
import { format, useLocale, useMessages } from "../../i18n.ts";
import { formatNumber } from "../../lib/formatting.ts";

const kindNames = { pdf: "PDF", epub: "EPUB" } as const;

/** A file's size as readers read it: kB or MB, in the page's digits. */
const size = (bytes: number, locale: Locale) =>
  bytes >= 1_000_000
    ? `${formatNumber(Math.round(bytes / 100_000) / 10, locale)} MB`
    : `${formatNumber(Math.max(1, Math.round(bytes / 1000)), locale)} kB`;

/**
 * One download menu for the article's galleys: a disclosure (details/summary), which opens and
 * closes with the keyboard and without JavaScript. A single galley is a plain link.
 */
export function DownloadMenu({ galleys, pathOf }: { galleys: Galley[]; pathOf: (kind: Galley["kind"]) => string }) {
  const t = useMessages();
  const locale = useLocale();
  if (galleys.length === 0) return null;
  const label = (g: Galley) =>
    g.bytes === null ? kindNames[g.kind] : format(t.article.downloadGalley, { kind: kindNames[g.kind], size: size(g.bytes, locale) });
  // A galley at the journal system is a link there (a download attribute does not cross origins).
  const href = (g: Galley) => g.url ?? pathOf(g.kind);
  if (galleys.length === 1) {
    const [galley] = galleys;
    return (
      <a href={href(galley)} className="btn-primary inline-flex" download>
        {t.article.download} {label(galley)}
      </a>
    );
  }
  return (
    <details className="relative">
      <summary className="btn-primary inline-flex cursor-pointer list-none">{t.article.download}</summary>
      <ul className="absolute z-10 mt-1 grid min-w-48 rounded border border-stone-200 bg-white py-1 shadow-lg">
        {galleys.map((g) => (
          <li key={g.kind}>
            <a href={href(g)} className="block px-4 py-2 text-sm hover:bg-stone-100 focus-visible:bg-stone-100" download>
              {label(g)}
            </a>
          </li>
        ))}
      </ul>
    </details>
  );
}
