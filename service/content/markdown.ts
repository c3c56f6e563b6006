/**
 * Rich text: Markdown rendered to HTML, then sanitized to a small allow-list, so stored
 * rich text can never carry scripts, event handlers or javascript: links.
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

/**
 * Texts sanitized lately, and what they became: a page's stored text is sanitized again each time
 * it is sent, and the same texts are sent on every request for their pages, so the answer is
 * looked up instead (a Map finds a text by its value). At most SANITIZED_MAX_CHARACTERS are kept,
 * texts and answers together, the oldest going first; a text longer than a tenth of that is not kept.
 */
const sanitized = new Map<string, string>();
const SANITIZED_MAX_CHARACTERS = 4_000_000;
let sanitizedCharacters = 0;

/** Sanitizes HTML that is about to be stored or sent. */
export function sanitizeRichText(html: string): string {
  const known = sanitized.get(html);
  if (known !== undefined) return known;
  const clean = sanitizeHtml(html, policy);
  const size = html.length + clean.length;
  if (size <= SANITIZED_MAX_CHARACTERS / 10) {
    for (const [text, answer] of sanitized) {
      if (sanitizedCharacters + size <= SANITIZED_MAX_CHARACTERS) break;
      sanitized.delete(text);
      sanitizedCharacters -= text.length + answer.length;
    }
    sanitized.set(html, clean);
    sanitizedCharacters += size;
  }
  return clean;
}

/** Markdown to sanitized HTML, at import (each text once: not kept by sanitizeRichText). */
export function renderMarkdown(markdown: string): string {
  return sanitizeHtml(marked.parse(markdown, { async: false }), policy);
}
