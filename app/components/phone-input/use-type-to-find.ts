/**
 * Type-to-find in the country list, as a native select does: letters typed in quick succession
 * build a prefix (spec §9: the buffer resets after 700 ms) and the first country whose name starts
 * with it becomes active. Names and keys are lower-cased with the page's locale so that Turkish
 * İ/ı and I/i match as Turkish readers expect.
 */
import { useMemo } from "react";
import type { Locale } from "../../../i18n/locales.ts";

export const TYPE_TO_FIND_RESET_MS = 700;

/** A key that types a character (not a shortcut, not Enter, Tab, arrows…). */
export const typesCharacter = (event: { key: string; ctrlKey: boolean; metaKey: boolean; altKey: boolean }) =>
  [...event.key].length === 1 && !event.ctrlKey && !event.metaKey && !event.altKey;

/** The search over `names`; `now` is the time of the key press (a parameter, for the tests). */
export function typeToFind(names: readonly string[], locale: Locale) {
  const lowerNames = names.map((name) => name.toLocaleLowerCase(locale));
  let buffer = "";
  let lastKeyAt = Number.NEGATIVE_INFINITY;
  const current = (now: number) => (now - lastKeyAt > TYPE_TO_FIND_RESET_MS ? "" : buffer);
  return {
    /** Adds a typed character and answers the index of the first matching name, -1 for none. */
    find(character: string, now = Date.now()): number {
      buffer = current(now) + character.toLocaleLowerCase(locale);
      lastKeyAt = now;
      return lowerNames.findIndex((name) => name.startsWith(buffer));
    },
    /** Whether a search is under way: a space then belongs to the name ("South Africa"), it does not select. */
    searching: (now = Date.now()) => current(now) !== "",
  };
}

export function useTypeToFind(names: string[], locale: Locale) {
  return useMemo(() => typeToFind(names, locale), [names, locale]);
}
