/**
 * XML written as strings (the OAI-PMH repository, the feeds, the sitemap): every text and
 * attribute value goes through `escapeXml`, which also drops the characters XML 1.0 cannot carry
 * at all (control characters).
 */

// biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters XML 1.0 forbids.
const FORBIDDEN = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;
const ENTITIES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" };

/** A text as XML character data or an attribute value. */
export const escapeXml = (text: string) => text.replace(FORBIDDEN, "").replace(/[&<>"']/g, (ch) => ENTITIES[ch]);

export type Attributes = Record<string, string | undefined>;

const attributes = (attrs: Attributes) =>
  Object.entries(attrs)
    .filter((entry): entry is [string, string] => entry[1] !== undefined)
    .map(([name, value]) => ` ${name}="${escapeXml(value)}"`)
    .join("");

/** An element with escaped text content (or empty when the text is empty). */
export const text = (name: string, value: string, attrs: Attributes = {}) =>
  value === "" ? `<${name}${attributes(attrs)}/>` : `<${name}${attributes(attrs)}>${escapeXml(value)}</${name}>`;

/** An element around markup that is already XML (children written with these helpers). */
export const element = (name: string, children: string | string[], attrs: Attributes = {}) =>
  `<${name}${attributes(attrs)}>${Array.isArray(children) ? children.join("") : children}</${name}>`;
