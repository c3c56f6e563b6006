/**
 * The enhanced country control: a button showing the selected country's flag and dial code that
 * opens the country list, under a search field. Keyboard use follows a select: Enter, Space or
 * the arrows open it, arrows, Home/End and PageUp/PageDown move through it, letters find a
 * country, Enter or Space picks, Escape closes and returns to the button, Tab closes and moves on
 * (Shift+Tab goes up to the search field); a click outside closes it. The search field (the
 * only way to search on a touch screen) narrows the list by name or dial code; there the arrows
 * move through what it found, and Enter picks.
 */
import { type KeyboardEvent, useCallback, useEffect, useMemo, useRef, useState } from "react";
import type { PhoneCountry } from "../../../forms/phone-shared.ts";
import { format } from "../../../i18n/format.ts";
import type { Locale } from "../../../i18n/locales.ts";
import { useFormMessages } from "../form/messages.ts";
import { filterCountries } from "./country-filter.ts";
import { CountryList } from "./country-list.tsx";
import { CountrySearch } from "./country-search.tsx";
import { Flag } from "./flag.tsx";
import { navigate } from "./list-keys.ts";
import { LIST_MAX_HEIGHT, type ListPlacement, listPlacement } from "./list-placement.ts";
import { typesCharacter, useTypeToFind } from "./use-type-to-find.ts";

interface CountryPickerProps {
  /** The phone input's id; the picker's own ids derive from it. */
  id: string;
  countries: PhoneCountry[];
  value: string;
  locale: Locale;
  labels: { country: string; countries: string };
  onChange: (code: string) => void;
}

export function CountryPicker({ id, countries, value, locale, labels, onChange }: CountryPickerProps) {
  const t = useFormMessages().forms.phone;
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState("");
  const [active, setActive] = useState(0);
  const [placement, setPlacement] = useState<ListPlacement>({ side: "bottom", maxHeight: LIST_MAX_HEIGHT });
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const list = useRef<HTMLDivElement>(null);
  const spacePicks = useRef(false);
  const shown = useMemo(() => filterCountries(countries, query, locale), [countries, query, locale]);
  const names = useMemo(() => shown.map((country) => country.name), [shown]);
  const { find, searching } = useTypeToFind(names, locale);

  const listId = `${id}-countries`;
  const optionId = useCallback((code: string) => `${id}-country-${code}`, [id]);
  const selectedIndex = Math.max(
    0,
    countries.findIndex((country) => country.code === value),
  );
  const selected = countries[selectedIndex] ?? { code: value, name: value, dialCode: "" };
  const activeCountry = shown[active];

  /** Opens on the whole list (any earlier search was cleared on closing), `index` active. */
  const show = (index: number) => {
    if (button.current) setPlacement(listPlacement(button.current.getBoundingClientRect(), window.innerHeight));
    setActive(index);
    setOpen(true);
  };
  const close = (refocus: boolean) => {
    setOpen(false);
    setQuery("");
    if (refocus) button.current?.focus();
  };
  const choose = (code: string) => {
    close(true);
    if (code !== value) onChange(code);
  };
  const onSearch = (text: string) => {
    setQuery(text);
    // The best match becomes active; with the search emptied, the selected country again.
    setActive(text.trim() ? 0 : selectedIndex);
  };

  // The list takes focus once shown, without scrolling the page to it.
  useEffect(() => {
    if (open) list.current?.focus({ preventScroll: true });
  }, [open]);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (root.current?.contains(event.target as Node)) return;
      setOpen(false);
      setQuery("");
    };
    document.addEventListener("pointerdown", onPointerDown);
    return () => document.removeEventListener("pointerdown", onPointerDown);
  }, [open]);

  const onButtonKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      show(selectedIndex);
    } else if (typesCharacter(event) && event.key !== " ") {
      // As on a closed select, a letter opens the list at the first match.
      event.preventDefault();
      const found = find(event.key);
      show(found >= 0 ? found : selectedIndex);
    }
  };

  /** The keys the list and the search field share: moving, picking, closing. Whether it was one. */
  const onPopupKeyDown = (event: KeyboardEvent<HTMLElement>, keys: (key: string, active: number, count: number) => number | undefined) => {
    const next = keys(event.key, active, shown.length);
    if (next !== undefined) {
      event.preventDefault();
      if (shown.length) setActive(next);
      return true;
    }
    if (event.key === "Enter") {
      // Never the form's submission, even with nothing found.
      event.preventDefault();
      if (activeCountry) choose(activeCountry.code);
      return true;
    }
    if (event.key === "Escape") {
      // Handled here, not by a page-level Escape handler (the header's panels).
      event.preventDefault();
      event.stopPropagation();
      close(true);
      return true;
    }
    return false;
  };

  const onListKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (onPopupKeyDown(event, navigate)) return;
    // Focus moves on by itself, to the number field that follows the list (or back to the search field).
    if (event.key === "Tab") {
      if (!event.shiftKey) close(false);
      return;
    }
    if (event.key === " " && !searching()) {
      // Picked on keyup: picking now would move focus to the button, whose keyup would click it open again.
      event.preventDefault();
      spacePicks.current = true;
      return;
    }
    if (typesCharacter(event)) {
      event.preventDefault();
      const found = find(event.key);
      if (found >= 0) setActive(found);
    }
  };

  const onListKeyUp = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== " " || !spacePicks.current) return;
    spacePicks.current = false;
    if (activeCountry) choose(activeCountry.code);
  };

  const onSearchKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    // Home and End move the caret in the text, as in any text field (the ARIA combobox pattern).
    if (onPopupKeyDown(event, (key, ...rest) => (key === "Home" || key === "End" ? undefined : navigate(key, ...rest)))) return;
    // Back to the button, closing; forwards, focus moves on to the list, or past it when it is empty (closing).
    if (event.key === "Tab" && (event.shiftKey || shown.length === 0)) close(false);
  };

  return (
    <div ref={root} className="shrink-0">
      <button
        ref={button}
        type="button"
        id={`${id}-country`}
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-controls={listId}
        aria-label={`${labels.country}: ${selected.name} ${selected.dialCode}`}
        onClick={() => (open ? close(false) : show(selectedIndex))}
        onKeyDown={onButtonKeyDown}
        className="relative flex h-10.5 w-28 cursor-pointer items-center gap-1.5 rounded-l-md border border-stone-300 bg-stone-50 pr-2 pl-3 text-sm shadow-sm text-stone-800 hover:border-stone-400 hover:bg-stone-100 focus-visible:z-10 aria-expanded:bg-stone-100"
      >
        <Flag code={selected.code} />
        <span className="tabular-nums">{selected.dialCode}</span>
        <svg viewBox="0 0 20 20" className="ml-auto h-4 w-4 shrink-0 text-stone-500" aria-hidden="true" fill="currentColor">
          <path d="M5.3 7.3a1 1 0 0 1 1.4 0L10 10.6l3.3-3.3a1 1 0 1 1 1.4 1.4l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 0 1 0-1.4Z" />
        </svg>
      </button>
      <div
        hidden={!open}
        data-placement={placement.side}
        // A steady height while searching, so that the search field does not move under the finger.
        style={{ height: placement.maxHeight }}
        className={`absolute inset-x-0 z-30 flex flex-col overflow-hidden rounded-md border border-stone-200 bg-white shadow-xl ${
          placement.side === "top" ? "bottom-full mb-1" : "top-full mt-1"
        }`}
      >
        <CountrySearch
          id={`${id}-country-search`}
          listId={listId}
          label={t.search}
          value={query}
          open={open}
          activeId={activeCountry ? optionId(activeCountry.code) : undefined}
          onChange={onSearch}
          onKeyDown={onSearchKeyDown}
        />
        <CountryList
          id={listId}
          label={labels.countries}
          countries={shown}
          selected={value}
          active={active}
          open={open}
          optionId={optionId}
          listRef={list}
          onKeyDown={onListKeyDown}
          onKeyUp={onListKeyUp}
          onActivate={setActive}
          onChoose={choose}
        />
        <p role="status" className={shown.length ? "sr-only" : "px-3 py-3 text-sm text-stone-700"}>
          {shown.length ? "" : format(t.noMatch, { query: query.trim() })}
        </p>
      </div>
    </div>
  );
}
