/**
 * The last step of rendering a full text: only the elements and attributes a body needs are kept
 * (no script, style, event handler or foreign link scheme, whatever the source held), and what
 * the page needs from the result is read off it: the outline and the in-page links that lead
 * nowhere.
 */

import { type ChildNode, type Element, isTag } from "domhandler";
import { textContent } from "domutils";
import { parseDocument } from "htmlparser2";
import sanitizeHtml from "sanitize-html";
import { richTextTags } from "./markdown.ts";

/** MathML's presentation elements, as temml writes them. */
const mathTags = [
  "math",
  "semantics",
  "annotation",
  "mrow",
  "mi",
  "mo",
  "mn",
  "ms",
  "mtext",
  "mspace",
  "msup",
  "msub",
  "msubsup",
  "mfrac",
  "msqrt",
  "mroot",
  "mstyle",
  "mpadded",
  "mphantom",
  "menclose",
  "mover",
  "munder",
  "munderover",
  "mtable",
  "mtr",
  "mtd",
  "mlabeledtr",
  "mmultiscripts",
  "mprescripts",
  "none",
];
const mathAttributes = [
  "display",
  "mathvariant",
  "stretchy",
  "fence",
  "separator",
  "lspace",
  "rspace",
  "width",
  "height",
  "depth",
  "columnalign",
  "rowspacing",
  "columnspacing",
  "encoding",
  "accent",
  "accentunder",
  "displaystyle",
  "scriptlevel",
  "notation",
  "symmetric",
  "largeop",
  "movablelimits",
  "minsize",
  "maxsize",
  "linethickness",
  "class",
];

const policy: sanitizeHtml.IOptions = {
  allowedTags: [...richTextTags, "sup", "sub", "pre", "figure", "figcaption", "img", "caption", "div", "span", "section", ...mathTags],
  allowedAttributes: {
    "*": ["id", "class"],
    a: ["href", "id", "class", "aria-label", "aria-describedby"],
    img: ["src", "alt", "loading", "decoding", "width", "height"],
    // A region that scrolls sideways (a wide table or equation) takes the keyboard's focus.
    div: ["class", "tabindex"],
    th: ["align", "scope"],
    td: ["align"],
    ...Object.fromEntries(mathTags.map((tag) => [tag, mathAttributes])),
  },
  allowedSchemes: ["http", "https", "mailto"],
  allowedSchemesByTag: { img: [] },
  allowProtocolRelative: false,
  // A Markdown table's column alignment comes as style="text-align: …": kept as align.
  transformTags: {
    th: (tagName, attribs) => ({ tagName, attribs: alignOf(attribs) }),
    td: (tagName, attribs) => ({ tagName, attribs: alignOf(attribs) }),
  },
};

function alignOf(attribs: sanitizeHtml.Attributes): sanitizeHtml.Attributes {
  const align = /text-align:\s*(left|right|center)/.exec(attribs.style ?? "")?.[1] ?? attribs.align;
  return align ? { align } : {};
}

function* elements(nodes: ChildNode[]): Generator<Element> {
  for (const node of nodes) {
    if (!isTag(node)) continue;
    yield node;
    yield* elements(node.children);
  }
}

export interface SanitizedBody {
  html: string;
  outline: { id: string; title: string }[];
  /** Targets of `#…` links that no element of the body has (the references, `#ref-…`, are the page's). */
  brokenLinks: string[];
}

export function sanitizeBody(html: string): SanitizedBody {
  const clean = sanitizeHtml(html, policy);
  const all = [...elements(parseDocument(clean).children)];
  const ids = new Set(all.map((el) => el.attribs.id).filter(Boolean));
  const outline = all
    .filter((el) => el.name === "h2" && el.attribs.id && el.attribs.id !== "note-label")
    .map((el) => ({ id: el.attribs.id as string, title: textContent(el).trim() }));
  const brokenLinks = all
    .map((el) => (el.name === "a" ? el.attribs.href : undefined))
    .filter((href): href is string => href?.startsWith("#") === true && !href.startsWith("#ref-") && !ids.has(href.slice(1)))
    .map((href) => href.slice(1));
  return { html: clean, outline, brokenLinks };
}
