/**
 * "How to cite": a work's reference in each style (formatted on the server; the page carries
 * only the strings), each in a disclosure with a Copy button, and the reference as RIS, BibTeX
 * and EndNote files. Without JavaScript the references are plain selectable text and the
 * buttons are not shown.
 */
import { useEffect, useRef, useState } from "react";
import { format, useLocale, useMessages } from "../i18n.ts";
import { type CitedWorkRef, citationDownloadPath } from "../lib/citations/paths.ts";
import { type CitationExport, citationExports, type FormattedCitation } from "../lib/citations/styles.ts";

const COPIED_MS = 2500;

export function HowToCite({ citations, work }: { citations: FormattedCitation[]; work: CitedWorkRef }) {
  const t = useMessages();
  const locale = useLocale();
  const [canCopy, setCanCopy] = useState(false);
  const [copied, setCopied] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState("");
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => {
    setCanCopy(typeof navigator.clipboard?.writeText === "function");
    return () => clearTimeout(timer.current);
  }, []);

  /** Copies a reference as plain text, read from its shown markup, and announces whether it was copied. */
  async function copy(citation: FormattedCitation, reference: HTMLElement | null | undefined) {
    const style = t.citations.styles[citation.style];
    clearTimeout(timer.current);
    try {
      await navigator.clipboard.writeText(reference?.textContent ?? "");
      setCopied(citation.style);
      setAnnouncement(format(t.citations.copiedAnnouncement, { style }));
    } catch {
      setCopied(null);
      setAnnouncement(t.citations.copyFailed);
    }
    timer.current = setTimeout(() => setCopied(null), COPIED_MS);
  }

  return (
    <section aria-labelledby="how-to-cite" className="mt-10 print:hidden">
      <h2 id="how-to-cite" className="font-serif text-h2">
        {t.citations.title}
      </h2>
      <p className="mt-2 text-stone-600">{t.citations.lead}</p>
      <div className="mt-4 divide-y divide-stone-200 border-y border-stone-200">
        {citations.map((citation, index) => (
          <details key={citation.style} open={index === 0} className="group py-3" data-style={citation.style}>
            <summary className="cursor-pointer font-medium">{t.citations.styles[citation.style]}</summary>
            <div className="mt-2 flex flex-col gap-3 sm:flex-row sm:items-start">
              <Reference html={citation.html} />
              {canCopy && (
                <button
                  type="button"
                  className="btn-ghost shrink-0 self-start"
                  aria-label={format(t.citations.copyLabel, { style: t.citations.styles[citation.style] })}
                  onClick={(event) => copy(citation, event.currentTarget.parentElement?.querySelector("p"))}
                >
                  {copied === citation.style ? t.citations.copied : t.citations.copy}
                </button>
              )}
            </div>
          </details>
        ))}
      </div>
      <p role="status" className="sr-only">
        {announcement}
      </p>
      <h3 className="mt-5 font-semibold">{t.citations.download}</h3>
      <ul className="mt-2 flex flex-wrap gap-3">
        {(Object.keys(citationExports) as CitationExport[]).map((kind) => (
          <li key={kind}>
            <a href={citationDownloadPath(work, kind, locale)} download className="btn-ghost inline-flex items-baseline gap-2 hover:border-stone-400">
              {t.citations.formats[kind]}
              <span className="text-xs font-normal text-stone-600">.{citationExports[kind]}</span>
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** A reference's markup: escaped text with only <i>, <b>, <sup> and <sub> (format.server.ts). */
function Reference({ html }: { html: string }) {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: the markup is escaped text and four inline tags, made on the server.
  return <p className="flex-1 select-all font-serif text-stone-800" dangerouslySetInnerHTML={{ __html: html }} />;
}
