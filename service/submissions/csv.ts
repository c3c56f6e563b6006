/**
 * CSV as RFC 4180 writes it (CRLF line ends; a field with a comma, quote, CR or LF in quotes, its
 * quotes doubled), made safe to open in a spreadsheet: the values are what visitors typed, and a
 * cell starting with =, +, -, @, tab or CR would be run as a formula (CSV injection), so such a
 * value gets a leading apostrophe, which spreadsheets show as text.
 */

export type CsvValue = string | number | null | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

export function csvField(value: CsvValue): string {
  // A number is written by us, never typed by a visitor, and cannot hold a formula: -1 stays a number.
  if (typeof value === "number") return String(value);
  let text = value ?? "";
  if (FORMULA_START.test(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One record, with its CRLF. */
export function csvRow(values: readonly CsvValue[]): string {
  return `${values.map(csvField).join(",")}\r\n`;
}
