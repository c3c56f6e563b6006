/**
 * The phone input's types and its rules that need no numbering metadata. They live apart from
 * phone.ts so the component, the route loaders and the server list can use them without pulling
 * libphonenumber (some 57 kB gzipped) into every page; phone.ts re-exports them.
 */

/** Spec §9: the field takes at most 25 characters. */
export const PHONE_MAX_LENGTH = 25;

/** Spec §5 and §9: Turkey unless the form says otherwise. */
export const DEFAULT_PHONE_COUNTRY = "TR";

export const PHONE_MODES = ["auto", "international", "national"] as const;

/** auto: international when the number starts with +, national otherwise; or always one of the two. */
export type PhoneMode = (typeof PHONE_MODES)[number];

/** One entry of the country list, names in the page's language. */
export interface PhoneCountry {
  /** ISO 3166-1 alpha-2, upper case ("TR"). */
  code: string;
  name: string;
  /** "+" and the country calling code ("+90"). */
  dialCode: string;
}

/** What the phone input reports (spec §3, "Phone value"). */
export interface PhoneValue {
  /** E.164 (+905321234567) when the number parses, the trimmed input otherwise. */
  phone: string;
  /** The detected country; for national input, the selected one. */
  country: string | undefined;
  /** The number without country calling code or national prefix ("5321234567"), "" when it does not parse. */
  nationalNumber: string;
  /** The number formatted as entered (international or national) when valid, the trimmed input otherwise. */
  formatted: string;
  valid: boolean;
  possible: boolean;
}

/** A form's restrictions; `mode` is taken as given (a form's setting) and checked by phoneMode(). */
export interface PhoneRules {
  mode?: unknown;
  allowedCountries?: string[];
  ignoredCountries?: string[];
}

/** The mode when a form sets none (spec §5: "Mode is auto"). */
export const DEFAULT_PHONE_MODE: PhoneMode = "auto";

/** Spec §5: no mode set means auto; a value other than the three modes falls back to international. */
export function phoneMode(value: unknown): PhoneMode {
  if (value === undefined || value === null) return DEFAULT_PHONE_MODE;
  return PHONE_MODES.includes(value as PhoneMode) ? (value as PhoneMode) : "international";
}

/** Country codes compare in upper case whatever case a form's settings use. */
export const countryCode = (code: string) => code.trim().toUpperCase();

/**
 * Whether a form's allowed/ignored lists let this country through. A number whose country is not
 * known cannot be shown to be allowed, so with an allow-list it is not.
 */
export function countryAllowed(country: string | undefined, { allowedCountries, ignoredCountries }: PhoneRules = {}): boolean {
  const code = country ? countryCode(country) : undefined;
  if (allowedCountries?.length && !(code && allowedCountries.some((allowed) => countryCode(allowed) === code))) return false;
  if (code && ignoredCountries?.some((ignored) => countryCode(ignored) === code)) return false;
  return true;
}

/**
 * Spec §5: the country to start with when the visitor's country cannot be guessed (the
 * IP-to-country lookup failed): the first preferred country that is offered, else the first
 * country offered, else Turkey.
 */
export function fallbackCountry(countries: string[], preferredCountries: string[] = []): string {
  const offered = countries.map(countryCode);
  return preferredCountries.map(countryCode).find((code) => offered.includes(code)) ?? offered[0] ?? DEFAULT_PHONE_COUNTRY;
}
