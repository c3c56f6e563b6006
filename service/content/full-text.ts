/**
 * An article's body, rendered once on import: Markdown with the extensions content/README.md
 * documents (citations `[@id]`, `::: figure` and `::: table` blocks, `$$` LaTeX, footnotes), or a
 * JATS `<body>`, becomes the page's sanitized HTML, the JATS body the OAI-PMH records carry, the
 * outline of its sections and where each reference is cited. What is wrong with the source is
 * reported as problems, never thrown.
 */
import { Marked, type Tokens } from "marked";
import footnote from "marked-footnote";
import temml from "temml";
import { format } from "../../i18n/format.ts";
import type { Locale } from "../../i18n/locales.ts";
import { messages } from "../../i18n/messages/index.ts";
import { fold } from "../search/fold.ts";
import { escapeXml as escapeHtml } from "../xml.ts";
import { sanitizeBody } from "./full-text-html.ts";
import { htmlToJats, jatsToHtml } from "./full-text-jats.ts";

export interface FullText {
  html: string;
  /** The same body as a JATS 1.3 `<body>` element. */
  jats: string;
  /** The `##` sections: their anchors and titles, as plain text. */
  outline: { id: string; title: string }[];
  /** Reference id → the ids of the citation anchors that cite it, in order. */
  citedAt: Record<string, string[]>;
  /** The image files the body shows, relative to the article's folder. */
  figures: string[];
  problems: string[];
}

export interface FullTextSource {
  source: { markdown: string } | { jats: string };
  /** The article's language: the figure and table labels are printed in it. */
  language: Locale;
  /** The reference list's ids, in printed order: a citation prints their numbers. */
  referenceIds: string[];
  /** The URL an image file of the folder (`figures/…`) is served at. */
  figureUrl: (file: string) => string;
  /** An image file's size in pixels, when known: the page reserves its box before it loads. */
  figureSize?: (file: string) => { width: number; height: number } | undefined;
}

/** An anchor from a heading's text: folded (Turkish-aware), ASCII words joined by hyphens. */
const slugOf = (text: string) =>
  fold(text)
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "")
    .slice(0, 60) || "section";

const math = (tex: string, displayMode: boolean, problems: string[]) => {
  try {
    return temml.renderToString(tex, { displayMode, throwOnError: true });
  } catch (error) {
    problems.push(`the equation ${JSON.stringify(tex.slice(0, 40))} cannot be read: ${(error as Error).message}`);
    return `<code>${escapeHtml(tex)}</code>`;
  }
};

interface BlockToken extends Tokens.Generic {
  kind: "figure" | "table";
  id: string;
  number: number;
  alt: string;
  src: string;
  caption: Tokens.Generic[];
  body: Tokens.Generic[];
}

export function renderFullText({ source, language, referenceIds, figureUrl, figureSize = () => undefined }: FullTextSource): FullText {
  const problems: string[] = [];
  const figures: string[] = [];
  const citedAt: Record<string, string[]> = {};
  const numberOf = new Map(referenceIds.map((id, index) => [id, index + 1]));
  const labels = messages[language].fullText;
  let anchors = 0;

  /**
   * The citation anchors of a list of reference ids, each linking to its reference: in brackets
   * unless the text around them holds its own (JATS's `[<xref>2</xref>]`).
   */
  const cite = (ids: string[], brackets = true) => {
    const cited = ids.flatMap((id) => {
      const number = numberOf.get(id);
      if (number === undefined) problems.push(`[@${id}] cites no reference of references.yaml`);
      return number === undefined ? [] : [{ id, number }];
    });
    // Printed in the references' order, the anchors numbered as printed (so in the page's order).
    const list = cited
      .sort((a, b) => a.number - b.number)
      .map(({ id, number }) => {
        const anchor = `cite-${++anchors}`;
        citedAt[id] = [...(citedAt[id] ?? []), anchor];
        return `<a href="#ref-${id}" id="${anchor}" class="xref-bibr">${number}</a>`;
      })
      .join(", ");
    return cited.length === 0 ? "" : brackets ? `[${list}]` : list;
  };

  let html: string;
  if ("markdown" in source) {
    const counters = { figure: 0, table: 0 };
    const headingIds = new Set<string>();
    const marked = new Marked({ gfm: true, async: false });
    marked.use(
      footnote({
        prefixId: "note-",
        description: labels.notes,
        refMarkers: false,
        headingClass: "notes-title",
        backRefLabel: format(labels.backToNote, { number: "{0}" }),
      }),
      {
        extensions: [
          {
            name: "block",
            level: "block",
            start: (src) => src.match(/^::: /m)?.index,
            tokenizer(src) {
              const match = /^::: *(figure|table) +([A-Za-z][\w-]*) *\n([\s\S]*?)\n::: *(?:\n+|$)/.exec(src);
              if (!match) return undefined;
              const [raw, kind, id, inner] = match as unknown as [string, "figure" | "table", string, string];
              const token = { type: "block", raw, kind, id, number: ++counters[kind], alt: "", src: "", caption: [], body: [] } as BlockToken;
              if (kind === "figure") {
                const image = /^!\[([^\]]*)\]\(([^)\s]+)\)\s*\n?([\s\S]*)$/.exec(inner.trim());
                if (!image) {
                  problems.push(`figure ${id} has no image line ![alternative text](figures/…) first`);
                  return token;
                }
                const [, alt, file, caption] = image as unknown as [string, string, string, string];
                if (alt.trim() === "") problems.push(`figure ${id} has no alternative text`);
                figures.push(file);
                Object.assign(token, { alt, src: file, caption: this.lexer.inlineTokens(caption.trim()) });
              } else {
                const [caption = "", ...rest] = inner.trim().split(/\n\s*\n/);
                token.caption = this.lexer.inlineTokens(caption.trim());
                token.body = this.lexer.blockTokens(rest.join("\n\n"));
                if (!token.body.some((t) => t.type === "table")) problems.push(`table ${id} has no table after its caption`);
              }
              if (token.caption.length === 0) problems.push(`${kind} ${id} has no caption`);
              return token;
            },
            renderer(token) {
              const t = token as BlockToken;
              const label = format(t.kind === "figure" ? labels.figure : labels.table, { number: String(t.number) });
              const caption = `<figcaption><span class="label">${escapeHtml(label)}.</span> ${this.parser.parseInline(t.caption)}</figcaption>`;
              const size = figureSize(t.src);
              const box = size ? ` width="${size.width}" height="${size.height}"` : "";
              return t.kind === "figure"
                ? `<figure id="${t.id}" class="fig"><img src="${escapeHtml(figureUrl(t.src))}" alt="${escapeHtml(t.alt)}"${box} loading="lazy" decoding="async">${caption}</figure>\n`
                : `<figure id="${t.id}" class="table-wrap">${caption}<div class="table-scroll" tabindex="0">${this.parser.parse(t.body)}</div></figure>\n`;
            },
          },
          {
            name: "displayMath",
            level: "block",
            start: (src) => src.match(/^\$\$/m)?.index,
            tokenizer(src) {
              const match = /^\$\$\s*([\s\S]+?)\s*\$\$ *(?:\n+|$)/.exec(src);
              return match ? { type: "displayMath", raw: match[0], tex: match[1] } : undefined;
            },
            // Focusable: a wide equation scrolls sideways, and a keyboard must be able to scroll it.
            renderer: (token) => `<div class="equation" tabindex="0">${math(token.tex, true, problems)}</div>\n`,
          },
          {
            name: "inlineMath",
            level: "inline",
            start: (src) => src.indexOf("$"),
            tokenizer(src) {
              const match = /^\$(?=\S)([^$\n]*?\S)\$(?!\d)/.exec(src);
              return match ? { type: "inlineMath", raw: match[0], tex: match[1] } : undefined;
            },
            renderer: (token) => math(token.tex, false, problems),
          },
          {
            name: "citation",
            level: "inline",
            start: (src) => src.indexOf("[@"),
            tokenizer(src) {
              const match = /^\[(@[\w:.-]+(?:\s*;\s*@[\w:.-]+)*)\]/.exec(src);
              return match ? { type: "citation", raw: match[0], ids: match[1].split(";").map((part) => part.trim().slice(1)) } : undefined;
            },
            renderer: (token) => cite(token.ids),
          },
        ],
        renderer: {
          heading({ tokens, depth }) {
            const inner = this.parser.parseInline(tokens);
            if (depth === 1) problems.push("a section heading is ## (the page's title is the article's)");
            const base = `sec-${slugOf(inner.replace(/<[^>]+>/g, ""))}`;
            let id = base;
            for (let n = 2; headingIds.has(id); n++) id = `${base}-${n}`;
            headingIds.add(id);
            return `<h${Math.max(depth, 2)} id="${id}">${inner}</h${Math.max(depth, 2)}>\n`;
          },
        },
      },
    );
    html = marked.parse(source.markdown) as string;
  } else {
    html = jatsToHtml(source.jats, { cite, figureUrl, labels, figures, problems });
  }

  const body = sanitizeBody(html);
  for (const id of body.brokenLinks) problems.push(`a link points to #${id}, which the body does not have`);
  // A body written here cites its whole list; one from a journal system (a PDF's extracted text) may tag no citation at all.
  if ("markdown" in source) for (const id of referenceIds) if (!citedAt[id]) problems.push(`reference ${id} is never cited`);
  return {
    html: body.html,
    jats: htmlToJats(body.html),
    outline: body.outline,
    citedAt,
    figures,
    problems,
  };
}
