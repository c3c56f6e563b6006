/** The citation styles the site offers, in the order it shows them. */
export const citationStyles = ["apa", "mla", "chicago", "harvard", "ieee", "vancouver", "ama", "isnad"] as const;
export type CitationStyle = (typeof citationStyles)[number];

/** One style's rendering of a work, as the page receives it. */
export interface FormattedCitation {
  style: CitationStyle;
  /** Escaped text with only <i>, <b>, <sup> and <sub> tags (italic titles). */
  html: string;
}

/** The export formats and their download file extensions. */
export const citationExports = { ris: "ris", bibtex: "bib", endnote: "enw" } as const;
export type CitationExport = keyof typeof citationExports;
