/**
 * A citable work as a reference manager's file: RIS and BibTeX through citation-js, EndNote's
 * tagged format (.enw) written here, as citation-js has no output for it.
 */
import { Cite, plugins } from "@citation-js/core";
import "@citation-js/plugin-bibtex";
import "@citation-js/plugin-ris";
import { toCsl } from "./csl.ts";
import { type CitationExport, citationExports } from "./styles.ts";
import { type CitableWork, fullTitle, type PersonName } from "./work.ts";

// Names and titles keep their letters (UTF-8, which biber, Zotero and JabRef read) rather than
// LaTeX escapes such as {\u g}. The entry's key is citation-js's usual surname-year-word.
plugins.config.get("@bibtex").format.asciiOnly = false;

const exportTypes: Record<CitationExport, string> = {
  ris: "application/x-research-info-systems",
  bibtex: "application/x-bibtex",
  endnote: "application/x-endnote-refer",
};

const sortName = (name: PersonName) => (name.given ? `${name.family}, ${name.given}` : name.family);

/** EndNote's tagged ("refer") format: one `%X value` line per field. */
export function toEndNote(work: CitableWork): string {
  const lines: [string, string | number | null | undefined][] = [];
  if (work.type === "article") {
    lines.push(["0", "Journal Article"], ["T", work.title]);
    for (const author of work.authors) lines.push(["A", sortName(author)]);
    lines.push(["J", work.journal.title], ["V", work.volume], ["N", work.issue]);
    const pages = work.firstPage != null ? [work.firstPage, work.lastPage].filter((p) => p != null).join("-") : null;
    lines.push(["P", pages], ["@", work.journal.issn]);
  } else {
    lines.push(["0", work.authors.length ? "Book" : "Edited Book"], ["T", fullTitle(work)]);
    for (const author of work.authors) lines.push(["A", sortName(author)]);
    for (const editor of work.editors) lines.push(["E", sortName(editor)]);
    lines.push(["I", work.publisher], ["@", work.isbn]);
  }
  lines.push(["D", work.year], ["R", work.doi], ["U", work.url], ["G", work.language === "tr" ? "Turkish" : "English"]);
  return `${lines
    .filter(([, value]) => value != null && value !== "")
    .map(([tag, value]) => `%${tag} ${String(value).replace(/\s+/g, " ")}`)
    .join("\n")}\n`;
}

/**
 * RIS from citation-js's tags, one line per value: its text output wraps values at 70
 * characters, which reference managers read back with a space inside the word.
 */
function toRis(work: CitableWork): string {
  const [entry] = new Cite(toCsl(work)).format("ris", { format: "object" }) as unknown as Record<string, string | string[]>[];
  const { TY, ...tags } = entry;
  const lines = [`TY  - ${TY}`];
  for (const [tag, values] of Object.entries(tags))
    for (const value of [values].flat()) lines.push(`${tag}  - ${String(value).replace(/\s+/g, " ")}`);
  return `${[...lines, "ER  - "].join("\n")}\n`;
}

/**
 * citation-js braces each capitalised word of a title so that BibTeX styles keep its case, but
 * splits words at letters outside ASCII ("{T}ürkçe", "{Politikas}ı"): the title is kept as
 * written by one pair of braces around it instead.
 */
function protectTitle(bibtex: string): string {
  return bibtex.replace(
    /^(\ttitle = \{)(.*)(\},)$/m,
    (_, open: string, value: string, close: string) => `${open}{${value.replace(/[{}]/g, "")}}${close}`,
  );
}

/** The work in one export format, as the file's text. */
export function exportCitation(work: CitableWork, format: CitationExport): string {
  if (format === "endnote") return toEndNote(work);
  if (format === "ris") return toRis(work);
  return `${protectTitle(new Cite(toCsl(work)).format("bibtex").trim())}\n`;
}

/** A download response: the format's type, UTF-8, and a file name made from the work's id. */
export function citationDownload(work: CitableWork, format: CitationExport): Response {
  return new Response(exportCitation(work, format), {
    headers: {
      "Content-Type": `${exportTypes[format]}; charset=utf-8`,
      "Content-Disposition": `attachment; filename="${work.id}.${citationExports[format]}"`,
      "Cache-Control": "public, max-age=600",
    },
  });
}
