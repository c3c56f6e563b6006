/**
 * Turkish-aware text folding for search. The index stores folded text and queries are folded the
 * same way, so matching ignores case (with Turkish rules: İ/i and I/ı), the dotted/dotless i
 * distinction itself, and diacritics: "ISTANBUL", "istanbul" and "İstanbul" are one word, and
 * "kadikoy" finds "Kadıköy". Both databases then match plain lowercase ASCII-like words.
 */

const COMBINING_MARKS = /\p{M}+/gu;
const NOT_WORD = /[^\p{L}\p{N}]+/u;

/**
 * A whole text folded: Turkish lowercase, marks stripped, ı as i. The result can differ in length
 * from the text; snippetOf then folds it again one character at a time.
 */
function foldChars(text: string): string {
  return text.toLocaleLowerCase("tr").normalize("NFD").replace(COMBINING_MARKS, "").replace(/ı/g, "i");
}

/** The words of a text, folded: what the index holds and what a query looks for. */
function foldedWords(text: string): string[] {
  return foldChars(text).split(NOT_WORD).filter(Boolean);
}

/** A text folded for the index: its folded words separated by single spaces. */
export function foldForSearch(...texts: (string | null | undefined)[]): string {
  return texts.flatMap((text) => (text ? foldedWords(text) : [])).join(" ");
}

/** At most this many words of a query are looked for (a longer query adds nothing but cost). */
const MAX_QUERY_WORDS = 12;

/** The words a query looks for, folded, without repeats; the last one is matched as a prefix. */
export function queryWords(query: string): string[] {
  return [...new Set(foldedWords(query))].slice(0, MAX_QUERY_WORDS);
}

/**
 * A short excerpt of `text` around the first place a query word occurs (folded comparison),
 * or its beginning; cut at word boundaries, with an ellipsis where it was cut. A text of at most
 * `length` characters is the snippet whole.
 */
export function snippetOf(text: string, words: string[], length = 200): string {
  if (text.length <= length) return text;
  // Folding usually keeps every character's place; when it does not, fold character by character,
  // remembering where each folded character came from.
  let folded = foldChars(text);
  let origin: number[] | undefined;
  if (folded.length !== text.length) {
    folded = "";
    origin = [];
    for (let i = 0; i < text.length; i++) {
      const piece = foldChars(text[i]);
      folded += piece;
      for (let k = 0; k < piece.length; k++) origin.push(i);
    }
  }
  const positions = words.map((word) => folded.search(new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(word)}`, "u"))).filter((p) => p >= 0);
  const first = positions.length > 0 ? Math.min(...positions) : 0;
  const hit = origin ? origin[first] : first;
  let start = Math.max(0, hit - Math.floor(length / 3));
  if (start > 0) start = text.indexOf(" ", start) + 1 || start;
  let end = Math.min(text.length, start + length);
  if (end < text.length) end = text.lastIndexOf(" ", end) > start ? text.lastIndexOf(" ", end) : end;
  return `${start > 0 ? "… " : ""}${text.slice(start, end).trim()}${end < text.length ? " …" : ""}`;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
