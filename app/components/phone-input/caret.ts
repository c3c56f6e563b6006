/**
 * Keeping the caret where the visitor expects it while the field re-formats itself: formatting
 * only adds or removes spaces, brackets and dashes, so the caret is pinned to the count of digits
 * (and "+") before it rather than to a character offset.
 */

const significant = (character: string | undefined) => character !== undefined && /[\d+]/.test(character);

/** How many digits and "+" signs come before `position`. */
export function significantBefore(text: string, position: number): number {
  let count = 0;
  for (let i = 0; i < position && i < text.length; i++) if (significant(text[i])) count++;
  return count;
}

/** The offset just after the `count`-th digit or "+" of `text` (0 for none, the end when it has fewer). */
export function offsetAfter(text: string, count: number): number {
  if (count <= 0) return 0;
  let seen = 0;
  for (let i = 0; i < text.length; i++) {
    if (significant(text[i])) seen++;
    if (seen === count) return i + 1;
  }
  return text.length;
}

/**
 * Where Backspace or Delete should act from so it removes a digit, not a space the formatter
 * would put straight back (which would leave the caret stuck): past the formatting characters
 * next to the caret, when a digit lies beyond them. Undefined when the caret can stay.
 */
export function deletionStart(text: string, caret: number, key: "Backspace" | "Delete"): number | undefined {
  let position = caret;
  if (key === "Backspace") {
    while (position > 0 && !significant(text[position - 1])) position--;
    return position !== caret && position > 0 ? position : undefined;
  }
  while (position < text.length && !significant(text[position])) position++;
  return position !== caret && position < text.length ? position : undefined;
}
