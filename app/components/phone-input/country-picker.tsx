/**
 * The enhanced country control: a button showing the selected country's flag and dial code that
 * opens the country list. Keyboard use follows a select: Enter, Space or the arrows open it,
 * arrows, Home/End and PageUp/PageDown move through it, letters find a country, Enter or Space
 * picks, Escape closes and returns to the button, Tab closes and moves on; a click outside closes it.
 */
import { type KeyboardEvent, useCallback, useEffect, useMemo, useRef, useState } from "react";
import type { PhoneCountry } from "../../../forms/phone-shared.ts";
import type { Locale } from "../../../i18n/locales.ts";
import { CountryList } from "./country-list.tsx";
import { Flag } from "./flag.tsx";
import { navigate } from "./list-keys.ts";
import { type ListPlacement, listPlacement } from "./list-placement.ts";
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
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const [placement, setPlacement] = useState<ListPlacement>({ side: "bottom", maxHeight: 288 });
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const list = useRef<HTMLDivElement>(null);
  const spacePicks = useRef(false);
  const names = useMemo(() => countries.map((country) => country.name), [countries]);
  const { find, searching } = useTypeToFind(names, locale);

  const listId = `${id}-countries`;
  const optionId = useCallback((code: string) => `${id}-country-${code}`, [id]);
  const selectedIndex = Math.max(
    0,
    countries.findIndex((country) => country.code === value),
  );
  const selected = countries[selectedIndex] ?? { code: value, name: value, dialCode: "" };

  const show = (index: number) => {
    if (button.current) setPlacement(listPlacement(button.current.getBoundingClientRect(), window.innerHeight));
    setActive(index);
    setOpen(true);
  };
  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) button.current?.focus();
  };
  const choose = (code: string) => {
    close(true);
    if (code !== value) onChange(code);
  };

  // The list takes focus once shown, without scrolling the page to it.
  useEffect(() => {
    if (open) list.current?.focus({ preventScroll: true });
  }, [open]);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
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

  const onListKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const next = navigate(event.key, active, countries.length);
    if (next !== undefined) {
      event.preventDefault();
      return setActive(next);
    }
    if (event.key === "Enter") {
      event.preventDefault();
      return choose(countries[active].code);
    }
    if (event.key === "Escape") {
      // Handled here, not by a page-level Escape handler (the header's panels).
      event.preventDefault();
      event.stopPropagation();
      return close(true);
    }
    // Focus moves on by itself, to the number field that follows the list.
    if (event.key === "Tab") return close(false);
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
    choose(countries[active].code);
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
      <CountryList
        id={listId}
        label={labels.countries}
        countries={countries}
        selected={value}
        active={active}
        open={open}
        placement={placement}
        optionId={optionId}
        listRef={list}
        onKeyDown={onListKeyDown}
        onKeyUp={onListKeyUp}
        onActivate={setActive}
        onChoose={choose}
      />
    </div>
  );
}
