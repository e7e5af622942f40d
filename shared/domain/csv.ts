/**
 * CSV writing for exports (spec: dashboards 9 "CSV comma-separated"), RFC 4180 style, safe
 * to open in a spreadsheet: a cell starting with = + - @ (or a tab / carriage return) is
 * prefixed with an apostrophe so it is shown as text and never run as a formula
 * (OWASP "CSV injection").
 */

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]|^\s|\s$/;

/** Byte order mark: lets Excel read the UTF-8 file (names with accents) correctly. */
export const CSV_BOM = '\uFEFF';
export const CSV_EOL = '\r\n';

/** One cell as CSV text: formula-neutralised, then quoted when it must be. */
export function csvCell(value: string | number | null | undefined): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  if (NEEDS_QUOTES.test(text)) return `"${text.replaceAll('"', '""')}"`;
  return text;
}

export function csvLine(cells: readonly (string | number | null | undefined)[]): string {
  return cells.map(csvCell).join(',');
}

/** Whole rows (the header first) as CSV text, CRLF line ends, without the BOM. */
export function toCsv(rows: readonly (readonly (string | number | null | undefined)[])[]): string {
  return rows.map(csvLine).join(CSV_EOL) + (rows.length > 0 ? CSV_EOL : '');
}
