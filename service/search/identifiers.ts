/**
 * Identifiers as single index terms: an article's DOI and its authors' ORCID iDs (a book's and its
 * chapters' DOIs). Folded as words, `10.5555/jsi.2025.14.2.1` would be six common words found in
 * many documents; as one term it finds the document that carries it. A DOI is case-insensitive and
 * may hold any character, so its term is `doi` and the hexadecimal of its lowercase UTF-8 (letters
 * and digits only, which both databases' tokenizers keep as one word, and no two DOIs alike); an
 * ORCID iD's is `orcid` and its sixteen digits.
 */

export const doiTerm = (doi: string) => `doi${Buffer.from(doi.toLowerCase(), "utf8").toString("hex")}`;
export const orcidTerm = (orcid: string) => `orcid${orcid.replace(/-/g, "").toLowerCase()}`;

/** A DOI as typed or pasted: bare, `doi:…`, or its resolver's URL. Punctuation ending a sentence is not part of it. */
const DOI = /(?:https?:\/\/(?:dx\.)?doi\.org\/|doi:\s*)?\b(10\.\d{4,9}\/[^\s"<>]+?)[.,;:]*(?=\s|$)/giu;
/** An ORCID iD, with or without its hyphens, bare or as its URL. */
const ORCID = /(?:https?:\/\/orcid\.org\/)?\b(\d{4})-?(\d{4})-?(\d{4})-?(\d{3}[\dX])\b/giu;

/** The identifiers a query names, as index terms, and the rest of the query, to be read as words. */
export function identifiersIn(query: string): { terms: string[]; rest: string } {
  const terms: string[] = [];
  const rest = query
    .replace(DOI, (_, doi: string) => {
      terms.push(doiTerm(doi));
      return " ";
    })
    .replace(ORCID, (_, ...groups: string[]) => {
      terms.push(orcidTerm(groups.slice(0, 4).join("")));
      return " ";
    });
  return { terms, rest };
}
