import { Fragment } from "react";

/**
 * An identifier cut where it may wrap: after a slash (not inside "//"), before an "@", and after a
 * dot that is not between two digits — so "10.5555" and "2024.001" stay whole and a hyphenated
 * ISSN or ORCID iD never wraps at all.
 * @example identifierParts("https://doi.org/10.5555/jsi.2024.001") // ["https://", "doi.", "org/", "10.5555/", "jsi.", "2024.001"]
 */
export function identifierParts(text: string): string[] {
  const parts: string[] = [];
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const [previous, char, next] = [text[i - 1] ?? "", text[i], text[i + 1] ?? ""];
    const after = (char === "/" && next !== "/" && next !== "") || (char === "." && !(/\d/.test(previous) && /\d/.test(next)) && next !== "");
    if (next === "@" || after) {
      parts.push(text.slice(start, i + 1));
      start = i + 1;
    }
  }
  if (start < text.length) parts.push(text.slice(start));
  return parts;
}

/**
 * A DOI, URL, e-mail address, ISSN or ORCID iD as text that wraps only between its parts
 * (identifierParts), never inside one: each part keeps together, a <wbr> lies between them.
 */
export function Identifier({ children }: { children: string }) {
  return identifierParts(children).map((part, i) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one string, in order, never reordered.
    <Fragment key={i}>
      {i > 0 && <wbr />}
      <span className="whitespace-nowrap">{part}</span>
    </Fragment>
  ));
}
