/**
 * Formats a citable work in every offered style with citation-js (citeproc-js), on the server
 * only: the page receives the formatted strings, never the processor. APA, Vancouver and Harvard
 * are the styles @citation-js/plugin-csl ships; the others are this folder's CSL files.
 */
import { Cite, plugins } from "@citation-js/core";
import "@citation-js/plugin-csl";
import type { Locale } from "../../../i18n/locales.ts";
import { cslLocales, toCsl } from "./csl.ts";
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

/**
 * The entry's markup, keeping only italics, bold, superscript and subscript: citeproc-js escapes
 * every value, so what is left is text and those tags, safe to insert as HTML. A single reference
 * has no number in a list: the margin that holds Vancouver's and IEEE's "1." is left out.
 */
function entryHtml(html: string): string {
  return html
    .replace(/<div class="csl-left-margin">[^<]*<\/div>/, "")
    .replace(/<(?!\/?(?:i|b|sup|sub)>)[^>]*>/g, "")
    .trim();
}

/**
 * The work in one style. ISNAD is a Turkish system and is always written with Turkish terms; the
 * other styles use the page's language.
 */
export function formatCitation(work: CitableWork, style: CitationStyle, locale: Locale): FormattedCitation {
  const lang = cslLocales[style === "isnad" ? "tr" : locale];
  const cited = style === "apa" && work.sentenceTitle ? { ...work, title: work.sentenceTitle, subtitle: null } : work;
  return { style, html: entryHtml(new Cite(toCsl(cited)).format("bibliography", { template: templates[style], lang, format: "html" })) };
}

/** Works formatted lately: eight styles cost tens of milliseconds, and a page renders again every few seconds. */
const recent = new Map<string, FormattedCitation[]>();
const RECENT_MAX = 500;

/** The work in every style, in the order the page shows them. */
export function formatCitations(work: CitableWork, locale: Locale): FormattedCitation[] {
  // The key is the work's whole data: a re-import that changes it formats it again.
  const key = `${locale} ${JSON.stringify(work)}`;
  let citations = recent.get(key);
  if (!citations) {
    citations = citationStyles.map((style) => formatCitation(work, style, locale));
    if (recent.size >= RECENT_MAX) recent.delete(recent.keys().next().value as string);
  }
  recent.delete(key);
  recent.set(key, citations);
  return citations;
}
