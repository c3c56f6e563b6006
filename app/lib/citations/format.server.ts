/**
 * Formats a citable work in every offered style with citation-js (citeproc-js), on the server
 * only: the page receives the formatted strings, never the processor. APA, Vancouver and Harvard
 * are the styles @citation-js/plugin-csl ships; the others are this folder's CSL files.
 */
import { Cite, plugins } from "@citation-js/core";
import "@citation-js/plugin-csl";
import type { Locale } from "../../../i18n/locales.ts";
import { toCsl } from "./csl.ts";
import trTR from "./locales/tr-TR.xml?raw";
import ama from "./styles/ama.csl?raw";
import chicago from "./styles/chicago.csl?raw";
import ieee from "./styles/ieee.csl?raw";
import isnad from "./styles/isnad.csl?raw";
import mla from "./styles/mla.csl?raw";
import { type CitationStyle, citationStyles, type FormattedCitation } from "./styles.ts";
import type { CitableWork } from "./work.ts";

const csl = plugins.config.get("@csl");
csl.locales.add("tr-TR", trTR);
const ownStyles = { ama, chicago, ieee, isnad, mla };
for (const [name, xml] of Object.entries(ownStyles)) csl.styles.add(`meridian-${name}`, xml);

/** citation-js's template name for each style. */
const templates: Record<CitationStyle, string> = {
  apa: "apa",
  mla: "meridian-mla",
  chicago: "meridian-chicago",
  harvard: "harvard1",
  ieee: "meridian-ieee",
  vancouver: "vancouver",
  ama: "meridian-ama",
  isnad: "meridian-isnad",
};
const cslLocales = { en: "en-US", tr: "tr-TR" } as const;

/** A single reference has no number in a list: Vancouver's leading "1. " is left out. */
const withoutNumber = (entry: string) => entry.replace(/^\s*1\.\s*/, "");

function entryHtml(html: string): string {
  const inner = /<div[^>]*class="csl-entry"[^>]*>([\s\S]*?)<\/div>\s*<\/div>\s*$/.exec(html)?.[1] ?? html;
  return withoutNumber(inner.replace(/<\/?div[^>]*>/g, "").trim());
}

/**
 * The work in one style, as plain text and as HTML. ISNAD is a Turkish system and is always
 * written with Turkish terms; the other styles use the page's language.
 */
export function formatCitation(work: CitableWork, style: CitationStyle, locale: Locale): FormattedCitation {
  const cite = new Cite(toCsl(work));
  const options = { template: templates[style], lang: style === "isnad" ? "tr-TR" : cslLocales[locale] };
  const text = withoutNumber(cite.format("bibliography", { ...options, format: "text" }).trim());
  const html = entryHtml(cite.format("bibliography", { ...options, format: "html" }));
  return { style, text, html };
}

/** The work in every style, in the order the page shows them. */
export function formatCitations(work: CitableWork, locale: Locale): FormattedCitation[] {
  return citationStyles.map((style) => formatCitation(work, style, locale));
}
