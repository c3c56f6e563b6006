/**
 * The search field at the top of the open country list (a combobox controlling the listbox): a
 * text field that touch screens, which open no keyboard for the list itself, can type into.
 * The picker filters the list as it changes and handles its keys.
 */
import type { ChangeEvent, KeyboardEvent } from "react";
import { SearchIcon } from "../search-form.tsx";

interface CountrySearchProps {
  id: string;
  listId: string;
  label: string;
  value: string;
  open: boolean;
  /** The active option's id, when there is one. */
  activeId: string | undefined;
  onChange: (text: string) => void;
  onKeyDown: (event: KeyboardEvent<HTMLInputElement>) => void;
}

export function CountrySearch({ id, listId, label, value, open, activeId, onChange, onKeyDown }: CountrySearchProps) {
  return (
    <div className="relative shrink-0 border-b border-stone-200 p-2">
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <SearchIcon className="pointer-events-none absolute top-1/2 left-4.5 h-4 w-4 -translate-y-1/2 text-stone-500" />
      <input
        id={id}
        type="search"
        role="combobox"
        aria-expanded={open}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={activeId}
        autoComplete="off"
        autoCorrect="off"
        spellCheck={false}
        enterKeyHint="done"
        placeholder={label}
        value={value}
        onChange={(event: ChangeEvent<HTMLInputElement>) => onChange(event.currentTarget.value)}
        onKeyDown={onKeyDown}
        // 16 px text: phones do not zoom into the field when it gets focus.
        className="block h-10 w-full rounded-md border border-stone-300 bg-white pr-2 pl-8 text-base text-stone-900 placeholder:text-stone-500 focus:border-orange-600"
      />
    </div>
  );
}
