/**
 * Reading a page the site harness parsed (tests/site-harness.ts) as the browser tests read it with
 * Playwright's locators: elements by what they are for a visitor (a link or heading by its name,
 * a region by its heading, the main part, the footer), the text a visitor reads (no script), the
 * head's meta tags and the page's JSON-LD. Only what the tests under tests/site/ ask for.
 */
import { type AnyNode, type Element, isTag, isText } from "domhandler";
import { findAll, getAttributeValue, getElementById } from "domutils";

type Root = AnyNode | AnyNode[];
const nodes = (root: Root) => (Array.isArray(root) ? root : [root]);

/** Every element under `root` (in document order) for which `test` holds. */
export const elements = (root: Root, test: (element: Element) => boolean): Element[] => findAll(test, nodes(root));

/** The one element under `root` for which `test` holds; a test fails if there is none or more than one. */
export function only(root: Root, test: (element: Element) => boolean, what: string): Element {
  const found = elements(root, test);
  if (found.length !== 1) throw new Error(`${found.length} elements for ${what}, not 1`);
  return found[0];
}

export const attr = (element: Element, name: string) => getAttributeValue(element, name) ?? null;

/** The text as shown, whitespace collapsed as Playwright's toHaveText does; an image counts by its alt text, scripts not at all. */
export function text(root: Root): string {
  const walk = (node: AnyNode): string => {
    if (isText(node)) return node.data;
    if (!isTag(node)) return "";
    if (node.name === "script" || node.name === "style" || node.name === "template") return "";
    if (node.name === "img") return attr(node, "alt") ?? "";
    return node.children.map(walk).join("");
  };
  return nodes(root).map(walk).join("").replace(/\s+/g, " ").trim();
}

/** The elements under `root` whose text is exactly `value`, the innermost of each nest (Playwright's getByText with `exact`). */
export const withText = (root: Root, value: string) =>
  elements(root, (e) => text(e) === value && !e.children.some((child) => isTag(child) && text(child) === value));

/** The name a screen reader gives an element: its aria-label, the text of what aria-labelledby names, or its own text less what is aria-hidden. */
export function accessibleName(element: Element, document: Root): string {
  const label = attr(element, "aria-label");
  if (label !== null) return label;
  const labelledBy = attr(element, "aria-labelledby");
  if (labelledBy !== null)
    return labelledBy
      .split(/\s+/)
      .map((id) => {
        const named = getElementById(id, nodes(document));
        return named ? accessibleName(named, document) : "";
      })
      .join(" ");
  const shown = (node: AnyNode): AnyNode[] => (isTag(node) && attr(node, "aria-hidden") === "true" ? [] : [node]);
  return text(element.children.flatMap(shown));
}

/** The links under `root` named `name`. */
export const links = (root: Root, name: string, document: Root = root) =>
  elements(root, (e) => e.name === "a" && attr(e, "href") !== null && accessibleName(e, document) === name);

/** The headings under `root` of `level` named `name`. */
export const headings = (root: Root, level: number, name: string) => elements(root, (e) => e.name === `h${level}` && text(e) === name);

/** The page's main part (`<main>`), and its footer (the `<footer>` outside any article or section, which is the page's contentinfo). */
export const main = (document: Root) => only(document, (e) => e.name === "main", "<main>");
export const footer = (document: Root) =>
  only(document, (e) => e.name === "footer" && !ancestors(e).some((a) => a.name === "article" || a.name === "section"), "the footer");

/** The section named `name` by its heading (aria-labelledby) or its aria-label: a region, as Playwright's getByRole("region") finds it. */
export const region = (document: Root, name: string) =>
  only(
    document,
    (e) => e.name === "section" && (attr(e, "aria-labelledby") !== null || attr(e, "aria-label") !== null) && accessibleName(e, document) === name,
    `the region "${name}"`,
  );

/** The navigation landmark named `name`. */
export const navigations = (document: Root, name: string) => elements(document, (e) => e.name === "nav" && accessibleName(e, document) === name);

function ancestors(element: Element): Element[] {
  const found: Element[] = [];
  for (let at = element.parent; at && isTag(at); at = at.parent) found.push(at);
  return found;
}

/** The head's meta tags in document order, as [name or property, content]. */
export function metaTags(document: Root): [string, string][] {
  const head = only(document, (e) => e.name === "head", "<head>");
  return elements(head, (e) => e.name === "meta" && (attr(e, "name") !== null || attr(e, "property") !== null)).map((e) => [
    attr(e, "name") ?? attr(e, "property") ?? "",
    attr(e, "content") ?? "",
  ]);
}

export type Thing = Record<string, unknown> & { "@type": string };

/** The page's JSON-LD descriptions, each parsed. */
export const jsonLd = (document: Root): Thing[] =>
  elements(document, (e) => e.name === "script" && attr(e, "type") === "application/ld+json").map(
    (script) => JSON.parse(script.children.map((child) => (isText(child) ? child.data : "")).join("")) as Thing,
  );
