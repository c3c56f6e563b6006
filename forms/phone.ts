/**
 * Phone numbers: reading, validating and formatting them with libphonenumber's full ("max")
 * metadata, the only metadata that checks a number against its country's numbering rules
 * (number ranges), not just its length. The browser loads this module with import() from the
 * phone input, so only pages with a phone field download the library.
 */
import { AsYouType, type CountryCode, getCountryCallingCode, isSupportedCountry, Metadata, parsePhoneNumberFromString } from "libphonenumber-js/max";
import { countryAllowed, countryCode, PHONE_MAX_LENGTH, type PhoneMode, type PhoneRules, type PhoneValue, phoneMode } from "./phone-shared.ts";

export {
  countryAllowed,
  DEFAULT_PHONE_COUNTRY,
  DEFAULT_PHONE_MODE,
  fallbackCountry,
  PHONE_MAX_LENGTH,
  PHONE_MODES,
  type PhoneCountry,
  type PhoneMode,
  type PhoneRules,
  type PhoneValue,
  phoneMode,
} from "./phone-shared.ts";

/** Whether the input is read as an international number in this mode (spec §5: auto follows the "+"). */
export function readsInternational(input: string, mode: unknown): boolean {
  const effective: PhoneMode = phoneMode(mode);
  return effective === "international" || (effective === "auto" && input.trimStart().startsWith("+"));
}

const supported = (country: string): CountryCode | undefined => {
  const code = countryCode(country);
  return isSupportedCountry(code) ? code : undefined;
};

// In international mode the "+" is implied: a visitor may type just the country code and number.
const withPlus = (text: string) => (text.startsWith("+") ? text : `+${text}`);

/** The calling code of a country ("90"), undefined for a code the metadata does not know. */
export function callingCode(country: string): string | undefined {
  const code = supported(country);
  return code ? getCountryCallingCode(code) : undefined;
}

/**
 * Reads what the visitor typed (spec §3 "Phone value", §5). Valid only when the number matches
 * its country's numbering rules, its country passes the form's allowed/ignored lists, and it is at
 * most 25 characters. A national number must belong to the selected country's calling code: "00 44…"
 * typed in Turkey's national format is a British number dialled from abroad, not a Turkish one.
 */
export function readPhone(input: string, country: string, rules: PhoneRules = {}): PhoneValue {
  const text = input.trim();
  const selected = supported(country);
  const international = readsInternational(text, rules.mode);
  const number = international
    ? parsePhoneNumberFromString(withPlus(text), { extract: false })
    : selected && parsePhoneNumberFromString(text, { defaultCountry: selected, extract: false });
  const fits = text.length <= PHONE_MAX_LENGTH;
  const reportedCountry = international ? number?.country : (selected ?? countryCode(country));
  if (!number) return { phone: text, country: reportedCountry, nationalNumber: "", formatted: text, valid: false, possible: false };
  const inCountry = international || number.countryCallingCode === callingCode(country);
  const valid = fits && inCountry && number.isValid() && countryAllowed(number.country ?? reportedCountry, rules);
  return {
    phone: number.number,
    country: reportedCountry,
    nationalNumber: number.nationalNumber,
    formatted: valid ? (international ? number.formatInternational() : number.formatNational()) : text,
    valid,
    possible: fits && number.isPossible(),
  };
}

/**
 * The input re-formatted as the visitor types (spec §5: auto-formatting is on): in international
 * reading without a default country, so the number's own calling code decides the format.
 */
export function formatAsYouType(input: string, country: string, mode?: unknown): string {
  const text = input.trimStart();
  if (!text) return "";
  if (readsInternational(text, mode)) return new AsYouType().input(withPlus(text));
  return new AsYouType(supported(country)).input(text);
}

// The main country of a calling code (US for +1, RU for +7, GB for +44) is in the metadata, but
// its accessor is not in the library's type declarations.
const metadata = new Metadata() as Metadata & { getCountryCodeForCallingCode(code: string): CountryCode | undefined };

/**
 * The country an international number being typed belongs to, for the country button to follow
 * it (spec §5, auto mode): the number's own country once known; while only the calling code is
 * known, the current country if it shares that code, else the code's main country. Undefined for
 * national input and for calling codes of no country (+800).
 */
export function typedCountry(input: string, current: string, mode?: unknown): string | undefined {
  const text = input.trim();
  if (!readsInternational(text, mode)) return undefined;
  const full = withPlus(text);
  const parsed = parsePhoneNumberFromString(full, { extract: false });
  if (parsed?.isValid() && parsed.country) return parsed.country;
  const typing = new AsYouType();
  typing.input(full);
  const code = typing.getCallingCode();
  if (!code) return undefined;
  if (callingCode(current) === code) return countryCode(current);
  return typing.getCountry() ?? metadata.getCountryCodeForCallingCode(code);
}

/**
 * The input with its calling code replaced by the country's, for when the visitor picks a country
 * while an international number is typed (else the next keystroke would switch the country back):
 * "+90 532 123 45 67" with Germany picked becomes "+49 5321 234567". An international field still
 * empty starts with the country's code; national input is left as it is.
 */
export function withCallingCode(input: string, country: string, mode?: unknown): string {
  const code = callingCode(country);
  const text = input.trim();
  if (!code || !readsInternational(text, mode)) return input;
  const typing = new AsYouType();
  typing.input(withPlus(text));
  const digits = text.replace(/\D/g, "");
  const current = typing.getCallingCode();
  const rest = current && digits.startsWith(current) ? digits.slice(current.length) : "";
  return formatAsYouType(`+${code}${rest}`, country, mode);
}
