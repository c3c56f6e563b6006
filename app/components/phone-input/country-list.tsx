/**
 * The open country list: a listbox whose options show flag, name and dial code, under the search
 * field. It takes focus when opened and names its active option with aria-activedescendant; the
 * keyboard handling and state live in the picker.
 */
import { type KeyboardEvent, type MouseEvent, type RefObject, useLayoutEffect } from "react";
import type { PhoneCountry } from "../../../forms/phone-shared.ts";
import { Flag } from "./flag.tsx";

interface CountryListProps {
  id: string;
  label: string;
  countries: PhoneCountry[];
  selected: string;
  active: number;
  open: boolean;
  optionId: (code: string) => string;
  listRef: RefObject<HTMLDivElement | null>;
  onKeyDown: (event: KeyboardEvent<HTMLDivElement>) => void;
  onKeyUp: (event: KeyboardEvent<HTMLDivElement>) => void;
  onActivate: (index: number) => void;
  onChoose: (code: string) => void;
}

export function CountryList({ id, label, countries, selected, active, open, optionId, listRef, ...handlers }: CountryListProps) {
  const activeCode = countries[active]?.code;

  // Scrolls the list itself, not the page (which scrollIntoView would also move), to show the active option.
  useLayoutEffect(() => {
    const list = listRef.current;
    const option = activeCode && open ? list?.querySelector<HTMLElement>(`[data-code="${activeCode}"]`) : null;
    if (!list || !option) return;
    if (option.offsetTop < list.scrollTop) list.scrollTop = option.offsetTop;
    else if (option.offsetTop + option.offsetHeight > list.scrollTop + list.clientHeight) {
      list.scrollTop = option.offsetTop + option.offsetHeight - list.clientHeight;
    }
  }, [activeCode, open, listRef]);

  const optionAt = (event: MouseEvent) => (event.target as Element).closest<HTMLElement>("[data-code]");

  return (
    <div
      ref={listRef}
      id={id}
      role="listbox"
      aria-label={label}
      aria-activedescendant={open && activeCode ? optionId(activeCode) : undefined}
      // In the tab order while open (the popup is hidden otherwise), as a scrollable listbox should be.
      tabIndex={0}
      // No option matches the search: nothing to show (the popup says so).
      hidden={countries.length === 0}
      className="min-h-0 flex-1 overflow-y-auto overscroll-contain py-1 outline-none"
      // One handler for all options: they are not focusable, the list is (aria-activedescendant).
      onClick={(event) => {
        const code = optionAt(event)?.dataset.code;
        if (code) handlers.onChoose(code);
      }}
      onMouseMove={(event) => {
        const index = Number(optionAt(event)?.dataset.index ?? -1);
        if (index >= 0 && index !== active) handlers.onActivate(index);
      }}
      onKeyDown={handlers.onKeyDown}
      onKeyUp={handlers.onKeyUp}
    >
      {countries.map((country, index) => (
        // biome-ignore lint/a11y/useFocusableInteractive: options are reached through the focused list's aria-activedescendant (a listbox), not focused themselves.
        <div
          key={country.code}
          id={optionId(country.code)}
          role="option"
          aria-selected={country.code === selected}
          data-code={country.code}
          data-index={index}
          data-active={index === active ? "" : undefined}
          className="flex cursor-pointer items-center gap-3 px-3 py-2 text-sm text-stone-800 aria-selected:font-semibold data-active:bg-orange-100 data-active:text-orange-950"
        >
          <Flag code={country.code} lazy />
          <span className="min-w-0 flex-1">{country.name}</span>
          <span className="shrink-0 text-stone-600 tabular-nums">{country.dialCode}</span>
        </div>
      ))}
    </div>
  );
}
