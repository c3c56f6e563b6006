/** Plain text of sanitized rich text (an abstract's, a description's HTML). */

const named: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: "\u00A0" };

/** Tags dropped (a block's or a line break's for a space, so that `H<sub>2</sub>O` stays one word) and character references decoded. */
function textOf(html: string): string {
  return html
    .replace(/<\/?(?:p|div|li|ul|ol|h\d|blockquote|pre|table|tr|td|th|br)\b[^>]*>/gi, " ")
    .replace(/<[^>]*>/g, "")
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, ref: string) => {
      if (ref[0] !== "#") return named[ref.toLowerCase()] ?? whole;
      const code = ref[1] === "x" || ref[1] === "X" ? Number.parseInt(ref.slice(2), 16) : Number(ref.slice(1));
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    });
}

/** One line (meta tags, the search index, snippets): whitespace collapsed. */
export function plainText(html: string): string {
  return textOf(html).replace(/\s+/g, " ").trim();
}

/** The plain text of each paragraph, list item, heading and line (OAI-PMH's abstracts); none empty. */
export function paragraphsOf(html: string): string[] {
  return html
    .split(/<\/(?:p|li|h\d|blockquote)>|<br\s*\/?>/i)
    .map(plainText)
    .filter((line) => line !== "");
}

/** The paragraphs of `paragraphsOf`, each on a line of its own. */
export const plainParagraphs = (html: string) => paragraphsOf(html).join("\n");
