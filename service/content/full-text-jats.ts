/**
 * A full text between the page's HTML and JATS 1.3: the rendered (sanitized) HTML of a body
 * becomes the `<body>` of the article's JATS record, and a body exported from a journal system as
 * JATS becomes the page's HTML. Both walk the parsed tree; what has no counterpart keeps its text.
 */
import { type ChildNode, type Element, isTag, isText } from "domhandler";
import { textContent } from "domutils";
import { parseDocument } from "htmlparser2";
import { format } from "../../i18n/format.ts";
import type { Messages } from "../../i18n/messages/index.ts";
import { element, escapeXml, text } from "../xml.ts";

const hasClass = (el: Element, name: string) => (el.attribs.class ?? "").split(/\s+/).includes(name);
const children = (el: Element) => el.children;
/** A footnote's number in the text (marked-footnote's `#note-…`; its way back is `#note-ref-…`). */
const isNoteRef = (el: Element) => el.name === "a" && /^#note-(?!ref-)/.test(el.attribs.href ?? "");

/** HTML inline content as JATS inline content. */
function inlineJats(nodes: ChildNode[]): string {
  return nodes.map(inlineNode).join("");
}

function inlineNode(node: ChildNode): string {
  if (isText(node)) return escapeXml(node.data);
  if (!isTag(node)) return "";
  const inner = () => inlineJats(children(node));
  switch (node.name) {
    case "em":
      return element("italic", inner());
    case "strong":
      return element("bold", inner());
    case "sup":
      return node.children.some((c) => isTag(c) && isNoteRef(c)) ? inner() : element("sup", inner());
    case "sub":
      return element("sub", inner());
    case "code":
      return element("monospace", inner());
    case "br":
      return "<break/>";
    case "math":
      return element("inline-formula", mathml(node));
    case "a": {
      const href = node.attribs.href ?? "";
      if (hasClass(node, "xref-bibr")) return element("xref", inner(), { "ref-type": "bibr", rid: href.slice(5) });
      if (isNoteRef(node)) return element("xref", inner(), { "ref-type": "fn", rid: href.slice(1) });
      if (href.startsWith("#fig-")) return element("xref", inner(), { "ref-type": "fig", rid: href.slice(1) });
      if (href.startsWith("#tab-")) return element("xref", inner(), { "ref-type": "table", rid: href.slice(1) });
      if (href.startsWith("#")) return element("xref", inner(), { rid: href.slice(1) });
      return element("ext-link", inner(), { "ext-link-type": "uri", "xlink:href": href });
    }
    default:
      return inner();
  }
}

/** MathML with JATS's `mml:` prefix. */
function mathml(node: Element): string {
  const walk = (n: ChildNode): string => {
    if (isText(n)) return escapeXml(n.data);
    if (!isTag(n)) return "";
    const attrs = Object.fromEntries(Object.entries(n.attribs).filter(([name]) => name !== "class" && name !== "style"));
    return element(`mml:${n.name}`, n.children.map(walk), attrs);
  };
  return walk(node);
}

const caption = (el: Element) => {
  const figcaption = el.children.find((c): c is Element => isTag(c) && c.name === "figcaption");
  if (!figcaption) return "";
  const label = figcaption.children.find((c): c is Element => isTag(c) && hasClass(c, "label"));
  const rest = figcaption.children.filter((c) => c !== label);
  return (label ? text("label", textContent(label).replace(/\.$/, "")) : "") + element("caption", element("p", inlineJats(rest).trim()));
};

/** HTML block content as JATS block content (sections are made by the caller). */
function blockJats(node: ChildNode): string {
  if (isText(node)) return node.data.trim() ? element("p", escapeXml(node.data.trim())) : "";
  if (!isTag(node)) return "";
  switch (node.name) {
    case "p":
      return element("p", inlineJats(node.children));
    case "ul":
    case "ol":
      return element(
        "list",
        node.children.filter(isTag).map((li) => element("list-item", blockChildren(li))),
        { "list-type": node.name === "ul" ? "bullet" : "order" },
      );
    case "blockquote":
      return element("disp-quote", node.children.map(blockJats));
    case "pre":
      return element("preformat", escapeXml(textContent(node)));
    case "div":
      if (hasClass(node, "equation")) {
        const math = node.children.find((c): c is Element => isTag(c) && c.name === "math");
        return math ? element("disp-formula", mathml(math)) : "";
      }
      return node.children.map(blockJats).join("");
    case "figure": {
      if (hasClass(node, "table-wrap")) {
        const table = [...node.children].flatMap((c) => (isTag(c) ? [c, ...c.children] : [])).find((c) => isTag(c) && c.name === "table");
        return element("table-wrap", [caption(node), table && isTag(table) ? tableJats(table) : ""], { id: node.attribs.id });
      }
      const img = node.children.find((c): c is Element => isTag(c) && c.name === "img");
      const graphic = img ? element("graphic", text("alt-text", img.attribs.alt ?? ""), { "xlink:href": img.attribs.src ?? "" }) : "";
      return element("fig", [caption(node), graphic], { id: node.attribs.id });
    }
    case "section":
      return hasClass(node, "footnotes") ? notes(node) : node.children.map(blockJats).join("");
    default:
      return element("p", inlineJats([node]));
  }
}

const blockChildren = (el: Element) =>
  el.children.some((c) => isTag(c) && ["p", "ul", "ol"].includes(c.name))
    ? el.children.map(blockJats).join("")
    : element("p", inlineJats(el.children).trim());

/** An HTML table in JATS's XHTML table model: the same elements, their text as JATS inline content. */
function tableJats(table: Element): string {
  const walk = (el: Element): string =>
    ["th", "td"].includes(el.name)
      ? element(el.name, inlineJats(el.children), { align: el.attribs.align })
      : element(el.name, el.children.filter(isTag).map(walk));
  return walk(table);
}

/** The footnotes' section: JATS keeps notes in a section's back matter. */
function notes(section: Element): string {
  const heading = section.children.find((c): c is Element => isTag(c) && c.name === "h2");
  const list = section.children.find((c): c is Element => isTag(c) && c.name === "ol");
  const items = (list?.children ?? []).filter(isTag).map((li) => {
    const paragraphs = li.children.filter(isTag).map((p) => {
      const kept = p.children.filter((c) => !(isTag(c) && c.name === "a" && c.attribs.href?.startsWith("#note-ref-")));
      return element("p", inlineJats(kept).trim());
    });
    return element("fn", paragraphs, { id: li.attribs.id });
  });
  return element("sec", [text("title", heading ? textContent(heading) : ""), element("fn-group", items)], { "sec-type": "notes" });
}

/** The sanitized HTML of a body as a JATS `<body>`: each h2 opens a section, each h3 a section within it. */
export function htmlToJats(html: string): string {
  const out: string[] = [];
  const open: number[] = [];
  const close = (depth: number) => {
    while (open.length > 0 && (open.at(-1) as number) >= depth) {
      out.push("</sec>");
      open.pop();
    }
  };
  for (const node of parseDocument(html).children) {
    if (isTag(node) && (node.name === "h2" || node.name === "h3" || node.name === "h4")) {
      const depth = Number(node.name[1]);
      close(depth);
      out.push(`<sec id="${escapeXml(node.attribs.id ?? "")}">`, element("title", inlineJats(node.children)));
      open.push(depth);
    } else if (isTag(node) && node.name === "section") {
      close(2);
      out.push(blockJats(node));
    } else {
      out.push(blockJats(node));
    }
  }
  close(0);
  return element("body", out);
}

export interface JatsContext {
  cite: (ids: string[], brackets: boolean) => string;
  figureUrl: (file: string) => string;
  labels: Messages["fullText"];
  figures: string[];
  problems: string[];
}

/** A JATS `<body>` as the page's HTML, before sanitizing. */
export function jatsToHtml(jats: string, context: JatsContext): string {
  const document = parseDocument(jats, { xmlMode: true });
  const body = document.children.find((c): c is Element => isTag(c) && c.name === "body");
  if (!body) {
    context.problems.push("full-text.xml holds no <body> element");
    return "";
  }
  const counters = { fig: 0, table: 0 };
  const inline = (nodes: ChildNode[]): string => nodes.map(inlineHtml).join("");
  const inlineHtml = (node: ChildNode): string => {
    if (isText(node)) return escapeXml(node.data);
    if (!isTag(node)) return "";
    const inner = () => inline(node.children);
    switch (node.name) {
      case "italic":
        return `<em>${inner()}</em>`;
      case "bold":
        return `<strong>${inner()}</strong>`;
      case "sup":
      case "sub":
        return `<${node.name}>${inner()}</${node.name}>`;
      case "monospace":
        return `<code>${inner()}</code>`;
      case "xref":
        // Printed as its number, in brackets when the xref holds them ("[2]"); JATS written with them around it ("[<xref>2</xref>]") has them already.
        if (node.attribs["ref-type"] === "bibr") return context.cite((node.attribs.rid ?? "").split(/\s+/), /^\s*\[/.test(textContent(node)));
        // A note's number is raised, as the Markdown's footnotes are.
        if (node.attribs["ref-type"] === "fn") return `<sup><a href="#${escapeXml(node.attribs.rid ?? "")}">${inner()}</a></sup>`;
        return `<a href="#${escapeXml(node.attribs.rid ?? "")}">${inner()}</a>`;
      case "ext-link":
      case "uri":
        return `<a href="${escapeXml(node.attribs["xlink:href"] ?? textContent(node))}">${inner()}</a>`;
      case "inline-formula":
        return unprefixed(node);
      default:
        return inner();
    }
  };
  const captionHtml = (el: Element, label: string) => {
    const cap = el.children.find((c): c is Element => isTag(c) && c.name === "caption");
    const paragraphs = cap
      ? cap.children
          .filter(isTag)
          .map((p) => inline(p.children))
          .join(" ")
      : "";
    return `<figcaption><span class="label">${escapeXml(label)}.</span> ${paragraphs}</figcaption>`;
  };
  const block = (node: ChildNode, depth: number): string => {
    if (!isTag(node)) return "";
    switch (node.name) {
      case "sec": {
        const title = node.children.find((c): c is Element => isTag(c) && c.name === "title");
        const h = Math.min(depth, 4);
        const id = node.attribs.id ? ` id="${escapeXml(node.attribs.id)}"` : "";
        const heading = title ? `<h${h}${id}>${inline(title.children)}</h${h}>` : "";
        return (
          heading +
          node.children
            .filter((c) => c !== title)
            .map((c) => block(c, depth + 1))
            .join("")
        );
      }
      case "p":
        return `<p>${inline(node.children)}</p>`;
      case "list": {
        const tag = node.attribs["list-type"] === "order" ? "ol" : "ul";
        return `<${tag}>${node.children
          .filter(isTag)
          .map((li) => `<li>${li.children.map((c) => block(c, depth)).join("")}</li>`)
          .join("")}</${tag}>`;
      }
      case "fn-group":
        // The notes, each where the text's note numbers point (`#note-1`).
        return `<ol>${node.children
          .filter((c): c is Element => isTag(c) && c.name === "fn")
          .map((fn) => `<li id="${escapeXml(fn.attribs.id ?? "")}">${fn.children.map((c) => block(c, depth)).join("")}</li>`)
          .join("")}</ol>`;
      case "disp-quote":
        return `<blockquote>${node.children.map((c) => block(c, depth)).join("")}</blockquote>`;
      case "disp-formula":
        return `<div class="equation" tabindex="0">${unprefixed(node, "block")}</div>`;
      case "fig": {
        const graphic = node.children.find((c): c is Element => isTag(c) && c.name === "graphic");
        const file = graphic?.attribs["xlink:href"] ?? "";
        const alt = graphic ? textContent(graphic.children.filter((c) => isTag(c) && c.name === "alt-text")) : "";
        if (file) context.figures.push(file);
        if (!alt.trim()) context.problems.push(`figure ${node.attribs.id ?? ""} has no alternative text`);
        const label = format(context.labels.figure, { number: String(++counters.fig) });
        return `<figure id="${escapeXml(node.attribs.id ?? "")}" class="fig"><img src="${escapeXml(context.figureUrl(file))}" alt="${escapeXml(alt)}" loading="lazy" decoding="async">${captionHtml(node, label)}</figure>`;
      }
      case "table-wrap": {
        const table = node.children.find((c): c is Element => isTag(c) && c.name === "table");
        const label = format(context.labels.table, { number: String(++counters.table) });
        const cells = (el: Element): string =>
          ["th", "td"].includes(el.name)
            ? `<${el.name}${el.attribs.align ? ` align="${escapeXml(el.attribs.align)}"` : ""}>${inline(el.children)}</${el.name}>`
            : `<${el.name}>${el.children.filter(isTag).map(cells).join("")}</${el.name}>`;
        return `<figure id="${escapeXml(node.attribs.id ?? "")}" class="table-wrap">${captionHtml(node, label)}<div class="table-scroll" tabindex="0">${table ? cells(table) : ""}</div></figure>`;
      }
      default:
        return `<p>${inline(node.children)}</p>`;
    }
  };
  return body.children.map((c) => block(c, 2)).join("\n");
}

/** JATS's `mml:`-prefixed MathML as the MathML HTML pages carry. */
function unprefixed(node: Element, display?: "block"): string {
  const math = [...node.children].find((c): c is Element => isTag(c) && c.name.endsWith("math"));
  if (!math) return escapeXml(textContent(node));
  const walk = (n: ChildNode): string => {
    if (isText(n)) return escapeXml(n.data);
    if (!isTag(n)) return "";
    const name = n.name.replace(/^mml:/, "");
    const attrs = Object.entries(n.attribs)
      .filter(([a]) => !a.startsWith("xmlns"))
      .map(([a, v]) => ` ${a}="${escapeXml(v)}"`)
      .join("");
    return `<${name}${attrs}${name === "math" && display ? ` display="${display}"` : ""}>${n.children.map(walk).join("")}</${name}>`;
  };
  return walk(math);
}
