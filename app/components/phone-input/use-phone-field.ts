/**
 * The number field's behaviour once the phone library is loaded (it is asked for when the field
 * first gets focus): formatting as the visitor types with the caret kept after the same digit,
 * the selected country following an international number, the custom validity message, and the
 * onChange report.
 */
import { type ChangeEvent, type KeyboardEvent, useCallback, useEffect, useRef, useState } from "react";
import { PHONE_MAX_LENGTH, type PhoneCountry, type PhoneValue } from "../../../forms/phone-shared.ts";
import { deletionStart, offsetAfter, significantBefore } from "./caret.ts";
import { usePhoneLibrary } from "./use-phone-library.ts";

export interface PhoneFieldOptions {
  countries: PhoneCountry[];
  initialCountry: string;
  mode: string;
  allowedCountries?: string[];
  ignoredCountries?: string[];
  invalidMessage: string;
  onChange?: (value: PhoneValue) => void;
}

export function usePhoneField(options: PhoneFieldOptions) {
  const [wanted, setWanted] = useState(false);
  const library = usePhoneLibrary(wanted);
  const [country, setCountry] = useState(options.initialCountry);
  const input = useRef<HTMLInputElement>(null);
  // Handlers read the latest props and country without being re-created on every render.
  const latest = useRef(options);
  latest.current = options;
  const current = useRef(country);

  const select = useCallback((code: string) => {
    current.current = code;
    setCountry(code);
  }, []);

  /** Formats and checks `text` in `selected`; `follow` lets an international number choose the country. */
  const apply = useCallback(
    (text: string, selected: string, follow: boolean) => {
      const field = input.current;
      if (!library || !field) return text;
      const { countries, mode, allowedCountries, ignoredCountries, invalidMessage, onChange } = latest.current;
      const formatted = library.formatAsYouType(text, selected, mode);
      // Formatting adds characters; past the limit the visitor's own text stays (and reads as invalid).
      const shown = formatted.length <= PHONE_MAX_LENGTH ? formatted : text;
      if (field.value !== shown) field.value = shown;
      const typed = follow ? library.typedCountry(shown, selected, mode) : undefined;
      const next = typed && countries.some((entry) => entry.code === typed) ? typed : selected;
      if (next !== current.current) select(next);
      const value = library.readPhone(shown, next, { mode, allowedCountries, ignoredCountries });
      field.setCustomValidity(value.valid || !shown.trim() ? "" : invalidMessage);
      onChange?.(value);
      return shown;
    },
    [library, select],
  );

  // Once loaded, whatever is already in the field (a default, or typed before) is formatted and checked.
  useEffect(() => {
    if (input.current) apply(input.current.value, current.current, true);
  }, [apply]);

  const onInputChange = (event: ChangeEvent<HTMLInputElement>) => {
    const field = event.currentTarget;
    const raw = field.value;
    const caret = field.selectionStart ?? raw.length;
    const digitsBefore = significantBefore(raw, caret);
    const shown = apply(raw, current.current, true);
    if (shown !== raw && document.activeElement === field) {
      const position = caret >= raw.length ? shown.length : offsetAfter(shown, digitsBefore);
      field.setSelectionRange(position, position);
    }
  };

  const onInputKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== "Backspace" && event.key !== "Delete") return;
    const field = event.currentTarget;
    if (!library || field.selectionStart === null || field.selectionStart !== field.selectionEnd) return;
    const start = deletionStart(field.value, field.selectionStart, event.key);
    if (start !== undefined) field.setSelectionRange(start, start);
  };

  /** A country picked from the list: an international number takes its calling code. */
  const chooseCountry = (code: string) => {
    const field = input.current;
    select(code);
    if (library && field) apply(library.withCallingCode(field.value, code, latest.current.mode), code, false);
  };

  /** The visitor turns to the number: time to fetch the library (typing before it arrives is formatted once it does). */
  const onInputFocus = () => setWanted(true);

  return { country, select, chooseCountry, input, onInputChange, onInputKeyDown, onInputFocus };
}
