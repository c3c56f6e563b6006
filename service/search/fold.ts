/**
 * Turkish-aware text folding for search. The index stores folded text and queries are folded the
 * same way, so matching ignores case (with Turkish rules: İ/i and I/ı), the dotted/dotless i
 * distinction itself, and diacritics: "ISTANBUL", "istanbul" and "İstanbul" are one word, and
 * "kadikoy" finds "Kadıköy". Both databases then match plain lowercase ASCII-like words. What the
 * index and a query make of the folded words (stems, identifiers) is in terms.ts.
 */

const COMBINING_MARKS = /\p{M}+/gu;
/** Between words: anything but letters, their marks and digits. */
const NOT_WORD = /[^\p{L}\p{M}\p{N}]+/u;

/**
 * A text or a word folded: Turkish lowercase, marks stripped, ı as i (a word of marks alone folds
 * to nothing). The result can differ in length from the text; snippetOf then folds it again one
 * character at a time.
 */
export function fold(text: string): string {
  return text.toLocaleLowerCase("tr").normalize("NFD").replace(COMBINING_MARKS, "").replace(/ı/g, "i");
}

/**
 * The words of a text, lowercased with Turkish rules but not folded: what the Turkish stemmer
 * needs (it reads ğ, ş, ı and the vowels' harmony), and what `fold` then folds.
 */
export function lowercaseWords(text: string): string[] {
  return text.toLocaleLowerCase("tr").split(NOT_WORD).filter(Boolean);
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
  let folded = fold(text);
  let origin: number[] | undefined;
  if (folded.length !== text.length) {
    folded = "";
    origin = [];
    for (let i = 0; i < text.length; i++) {
      const piece = fold(text[i]);
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
