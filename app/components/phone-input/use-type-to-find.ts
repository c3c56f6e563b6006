/**
 * Type-to-find in the country list, as a native select does: letters typed in quick succession
 * build a prefix (spec §9: the buffer resets after 700 ms) and the first country whose name starts
 * with it becomes active. Names and keys are lower-cased with the page's locale so that Turkish
 * İ/ı and I/i match as Turkish readers expect.
 */
import { useCallback, useEffect, useMemo, useRef } from "react";
import type { Locale } from "../../../i18n/locales.ts";

export const TYPE_TO_FIND_RESET_MS = 700;

/** A key that types a character (not a shortcut, not Enter, Tab, arrows…). */
export const typesCharacter = (event: { key: string; ctrlKey: boolean; metaKey: boolean; altKey: boolean }) =>
  [...event.key].length === 1 && !event.ctrlKey && !event.metaKey && !event.altKey;

export function useTypeToFind(names: string[], locale: Locale) {
  const lowerNames = useMemo(() => names.map((name) => name.toLocaleLowerCase(locale)), [names, locale]);
  const buffer = useRef("");
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  /** Adds a typed character and answers the index of the first matching name, -1 for none. */
  const find = useCallback(
    (character: string) => {
      clearTimeout(timer.current);
      buffer.current += character.toLocaleLowerCase(locale);
      timer.current = setTimeout(() => {
        buffer.current = "";
      }, TYPE_TO_FIND_RESET_MS);
      const prefix = buffer.current;
      return lowerNames.findIndex((name) => name.startsWith(prefix));
    },
    [lowerNames, locale],
  );

  /** Whether a search is under way: a space then belongs to the name ("South Africa"), it does not select. */
  const searching = useCallback(() => buffer.current !== "", []);

  return { find, searching };
}
