/**
 * A rich text's `##` sections as a table of contents: each h2 of the (sanitized) HTML gets an
 * anchor made from its text, and the list of anchors and titles is returned beside the HTML. Rich
 * text carries no ids (the content service's sanitizer drops them), so they are added here, as the
 * page is made.
 */
import { decodeHTML } from "entities";
import { fold } from "../../service/search/fold.ts";

export interface Section {
  id: string;
  title: string;
}

/** Ids the page's shell already uses: a heading never takes one of them. */
const TAKEN = ["main", "form-heading", "contents"];

const anchorOf = (title: string) =>
  fold(title)
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "")
    .slice(0, 60) || "section";

export function withSections(html: string): { html: string; sections: Section[] } {
  const sections: Section[] = [];
  const used = new Set(TAKEN);
  const anchored = html.replace(/<h2>([\s\S]*?)<\/h2>/g, (_, inner: string) => {
    const title = decodeHTML(inner.replace(/<[^>]*>/g, "")).trim();
    const base = anchorOf(title);
    let id = base;
    for (let n = 2; used.has(id); n++) id = `${base}-${n}`;
    used.add(id);
    sections.push({ id, title });
    return `<h2 id="${id}">${inner}</h2>`;
  });
  return { html: anchored, sections };
}
