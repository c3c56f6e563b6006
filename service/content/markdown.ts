/**
 * Rich text: Markdown rendered to HTML, then sanitized to a small allow-list, so stored
 * rich text can never carry scripts, event handlers or javascript: links. The import does it,
 * once; the API sends what is stored as it is (docs/decisions/049-sanitised-at-import.md), so a
 * change to what this writes bumps the import's IMPORT_FORMAT, and a deploy imports again.
 */
import { marked } from "marked";
import sanitizeHtml from "sanitize-html";

/** The elements rich text may hold (a full text adds its own: full-text-html.ts). */
export const richTextTags = [
  "h2",
  "h3",
  "h4",
  "p",
  "ul",
  "ol",
  "li",
  "strong",
  "em",
  "a",
  "blockquote",
  "code",
  "br",
  "table",
  "thead",
  "tbody",
  "tr",
  "th",
  "td",
];

const policy: sanitizeHtml.IOptions = {
  allowedTags: richTextTags,
  allowedAttributes: { a: ["href", "title"] },
  allowedSchemes: ["http", "https", "mailto", "tel"],
  allowProtocolRelative: false,
};

/** Markdown, and any HTML written in it, to sanitized HTML: at import, and nowhere after. */
export function renderMarkdown(markdown: string): string {
  return sanitizeHtml(marked.parse(markdown, { async: false }), policy);
}
