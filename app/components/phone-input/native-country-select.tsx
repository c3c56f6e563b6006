/**
 * The country control without JavaScript (server render, and until hydration has run): a native
 * select that submits the country with the form. Same width as the enhanced button, so the number
 * field does not move when one replaces the other.
 */
import type { Ref } from "react";
import type { PhoneCountry } from "../../../forms/phone-shared.ts";

interface NativeCountrySelectProps {
  name: string;
  countries: PhoneCountry[];
  defaultValue: string;
  label: string;
  selectRef: Ref<HTMLSelectElement>;
}

export function NativeCountrySelect({ name, countries, defaultValue, label, selectRef }: NativeCountrySelectProps) {
  return (
    <select
      ref={selectRef}
      name={name}
      defaultValue={defaultValue}
      aria-label={label}
      className="relative h-10.5 w-28 shrink-0 rounded-l-md border border-stone-300 bg-stone-50 shadow-sm pr-1 pl-2 text-sm text-stone-800 hover:border-stone-400 focus-visible:z-10"
    >
      {countries.map((country) => (
        <option key={country.code} value={country.code}>
          {`${country.name} (${country.dialCode})`}
        </option>
      ))}
    </select>
  );
}
