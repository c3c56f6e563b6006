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

/**
 * The entry's markup, keeping only italics, bold, superscript and subscript: citeproc-js escapes
 * every value, so what is left is text and those tags, safe to insert as HTML.
 */
function entryHtml(html: string): string {
  return withoutNumber(html.replace(/<(?!\/?(?:i|b|sup|sub)>)[^>]*>/g, "").trim());
}

/** The plain text of the entry's markup (citeproc-js writes entities as numbers, and &amp; &lt; &gt;). */
const named: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: "\u00a0" };
function textOf(html: string): string {
  return html
    .replace(/<[^>]*>/g, "")
    .replace(/&(?:#(\d+)|#x([0-9a-f]+)|(\w+));/gi, (entity, dec, hex, name) =>
      dec ? String.fromCodePoint(Number(dec)) : hex ? String.fromCodePoint(Number.parseInt(hex, 16)) : (named[name] ?? entity),
    );
}

/**
 * The work in one style, as HTML and as plain text (one rendering: each costs a few
 * milliseconds). ISNAD is a Turkish system and is always written with Turkish terms; the other
 * styles use the page's language.
 */
export function formatCitation(work: CitableWork, style: CitationStyle, locale: Locale): FormattedCitation {
  const lang = style === "isnad" ? "tr-TR" : cslLocales[locale];
  const html = entryHtml(new Cite(toCsl(work)).format("bibliography", { template: templates[style], lang, format: "html" }));
  return { style, text: textOf(html), html };
}

/** The work in every style, in the order the page shows them. */
export function formatCitations(work: CitableWork, locale: Locale): FormattedCitation[] {
  return citationStyles.map((style) => formatCitation(work, style, locale));
}
