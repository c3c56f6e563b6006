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

/** Sanitizes HTML that is about to be stored or sent. */
export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, policy);
}

export function renderMarkdown(markdown: string): string {
  return sanitizeRichText(marked.parse(markdown, { async: false }));
}
