/**
 * Reading the XML a journal system answers: libxml2 (libxml2-wasm, the parser the exports'
 * validation already uses) says whether a document is well-formed, and htmlparser2 in XML mode
 * (the parser the full text's JATS goes through) gives the tree the mappings walk. Elements are
 * matched by local name: systems write the same vocabulary under different prefixes (`dc:title`,
 * a default JATS namespace, `jats:article`), and no two vocabularies a record mixes share a name
 * that matters here.
 */
import { type ChildNode, type Element, isTag } from "domhandler";
import { getOuterHTML, textContent } from "domutils";
import { parseDocument } from "htmlparser2";
import { XmlDocument } from "libxml2-wasm";

/** Null when `xml` is well-formed, else libxml2's first message (with its line). */
export function wellFormedError(xml: string): string | null {
  try {
    XmlDocument.fromString(xml).dispose();
    return null;
  } catch (error) {
    return (error as Error).message.split("\n")[0].trim() || "not well-formed XML";
  }
}

/** The document's tree (call wellFormedError first: this parser takes anything). */
export const parseXml = (xml: string): Element[] => parseDocument(xml, { xmlMode: true }).children.filter(isTag);

export const localName = (name: string) => name.slice(name.indexOf(":") + 1);

/** The element's child elements, those named `name` (by local name) when given. */
export const childrenOf = (node: Element | undefined, name?: string): Element[] =>
  (node?.children ?? []).filter((c: ChildNode): c is Element => isTag(c) && (name === undefined || localName(c.name) === name));

export const childOf = (node: Element | undefined, name: string): Element | undefined => childrenOf(node, name)[0];

/** The element at the end of a path of child names. */
export function pathOf(node: Element | undefined, ...names: string[]): Element | undefined {
  let at = node;
  for (const name of names) at = childOf(at, name);
  return at;
}

/** Every descendant element named `name`, in document order. */
export function descendantsOf(node: Element | undefined, name: string): Element[] {
  const found: Element[] = [];
  const walk = (n: Element) => {
    for (const child of childrenOf(n)) {
      if (localName(child.name) === name) found.push(child);
      walk(child);
    }
  };
  if (node) walk(node);
  return found;
}

/** An attribute by its local name (`xml:lang`, `xlink:href`, or without a prefix). */
export function attrOf(node: Element | undefined, name: string): string | undefined {
  if (!node) return undefined;
  if (node.attribs[name] !== undefined) return node.attribs[name];
  for (const [key, value] of Object.entries(node.attribs)) if (localName(key) === name) return value;
  return undefined;
}

/** The element's text, whitespace collapsed ("" without the element). */
export const textOf = (node: Element | undefined): string => (node ? textContent(node).replace(/\s+/g, " ").trim() : "");

/**
 * The element written back as XML, its text as characters: the serializer writes every character
 * past ASCII as a reference in XML mode, and those are turned back (only markup stays escaped).
 */
export const xmlOf = (node: Element): string =>
  getOuterHTML(node, { xmlMode: true }).replace(/&#x([0-9a-f]+);/gi, (ref, hex: string) => {
    const code = Number.parseInt(hex, 16);
    return code > 0x7f ? String.fromCodePoint(code) : ref;
  });
