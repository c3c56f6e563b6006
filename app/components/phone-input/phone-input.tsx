/**
 * A phone number field with a country control (spec §5, §9). Server-rendered it is a native
 * country select and a tel input, which submit in a plain form post. After hydration the select
 * becomes a button with the country's flag and dial code opening a searchable list, and the
 * number is formatted and checked as it is typed (libphonenumber, loaded only here, when the
 * number field first gets focus).
 * The country is submitted as `${name}Country` either way.
 */
import { useEffect, useRef, useState } from "react";
import { DEFAULT_PHONE_COUNTRY, fallbackCountry, PHONE_MAX_LENGTH, type PhoneCountry, type PhoneValue } from "../../../forms/phone-shared.ts";
import type { Locale } from "../../../i18n/locales.ts";
import { CountryPicker } from "./country-picker.tsx";
import { NativeCountrySelect } from "./native-country-select.tsx";
import { usePhoneField } from "./use-phone-field.ts";

export interface PhoneInputProps {
  /** The number input's id (the form's label points at it). */
  id: string;
  /** The number input's name; the country is submitted as `${name}Country`. */
  name: string;
  /** From phoneCountries() in the route's loader. */
  countries: PhoneCountry[];
  defaultValue?: string;
  /** Two-letter code; Turkey by default. */
  defaultCountry?: string;
  /** "auto" (default), "international" or "national"; anything else reads as international. */
  mode?: string;
  allowedCountries?: string[];
  ignoredCountries?: string[];
  /** The custom validity message of an invalid number; empty by default (spec §5). */
  invalidMessage?: string;
  placeholder: string;
  locale: Locale;
  /** Accessible names of the country control and of the country list. */
  labels: { country: string; countries: string };
  required?: boolean;
  /** The server reported an error for this field. */
  invalid?: boolean;
  describedBy?: string;
  /** Called with the number read, once the phone library has loaded (after the field's first focus) and then on every change. */
  onChange?: (value: PhoneValue) => void;
}

export function PhoneInput({
  id,
  name,
  countries,
  defaultValue = "",
  defaultCountry = DEFAULT_PHONE_COUNTRY,
  mode = "auto",
  allowedCountries,
  ignoredCountries,
  invalidMessage = "",
  placeholder,
  locale,
  labels,
  required,
  invalid,
  describedBy,
  onChange,
}: PhoneInputProps) {
  const [enhanced, setEnhanced] = useState(false);
  const nativeSelect = useRef<HTMLSelectElement>(null);
  const field = usePhoneField({
    countries,
    // A default country the list does not offer (restricted by allowed/ignored) gives way to the first offered.
    initialCountry: fallbackCountry(
      countries.map((country) => country.code),
      [defaultCountry],
    ),
    mode,
    allowedCountries,
    ignoredCountries,
    invalidMessage,
    onChange,
  });
  const { select } = field;

  // Progressive enhancement: swap the native select for the picker once React runs, keeping a
  // country the visitor chose in the select before hydration.
  useEffect(() => {
    const chosen = nativeSelect.current?.value;
    if (chosen) select(chosen);
    setEnhanced(true);
  }, [select]);

  const countryName = `${name}Country`;
  return (
    <div className="relative flex w-full">
      {enhanced ? (
        <>
          <CountryPicker id={id} countries={countries} value={field.country} locale={locale} labels={labels} onChange={field.chooseCountry} />
          <input type="hidden" name={countryName} value={field.country} />
        </>
      ) : (
        <NativeCountrySelect name={countryName} countries={countries} defaultValue={field.country} label={labels.country} selectRef={nativeSelect} />
      )}
      <input
        ref={field.input}
        id={id}
        name={name}
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        maxLength={PHONE_MAX_LENGTH}
        defaultValue={defaultValue}
        placeholder={placeholder}
        required={required}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        onChange={field.onInputChange}
        onKeyDown={field.onInputKeyDown}
        onFocus={field.onInputFocus}
        className="relative -ml-px h-10.5 min-w-0 flex-1 rounded-r-md border border-stone-300 bg-white px-3 text-base text-stone-900 tabular-nums shadow-sm placeholder:text-stone-500 hover:border-stone-400 focus:border-orange-600 focus-visible:z-10 aria-invalid:border-red-700"
      />
    </div>
  );
}
