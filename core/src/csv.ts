/**
 * The one CSV writer of every export (server report files, Traccar position exports, the web's list and
 * table downloads): RFC 4180 fields, CRLF records, and spreadsheet formula injection neutralised.
 *
 * A text cell that a spreadsheet would read as a formula (first character `=`, `+`, `-`, `@`, tab or
 * carriage return, also after leading spaces) is written with a single quote in front, as OWASP
 * recommends: the cell shows its text and never runs. Numbers are not text: a number value is written as
 * it is (-8.81 stays a number), and so is a text cell that is nothing but numeric data ("-8.81",
 * "-1 234,5", "-5%", "-8.8, 13.2"), since digits and separators alone cannot run anything.
 */

/** What a spreadsheet may take for the start of a formula. */
const FORMULA_START = /^[\s]*[=+\-@]|^[\t\r]/;
/**
 * Numeric data as the app formats it: a sign, then only digits, `.`, `,`, `:`, spaces and `%` (a number
 * with group and decimal separators, a percentage, a "lat, lon" pair, a negative duration), or a lone sign
 * (an empty value's dash). Nothing in it can name a function or join text, so it is left readable.
 */
const PLAIN_NUMBER = /^[+-]?(?:\d[\d.,:\u0020\u00a0\u202f%]*)?$/;

/** The text of a text cell as a spreadsheet may read it safely. */
export function neutraliseFormula(text: string): string {
  return FORMULA_START.test(text) && !PLAIN_NUMBER.test(text) ? `'${text}` : text;
}

/** One field: empty for null/undefined, JSON for objects, formula-neutralised text, quoted when needed. */
export function csvCell(value: unknown): string {
  let text: string;
  if (value === null || value === undefined) text = '';
  else if (typeof value === 'string') text = neutraliseFormula(value);
  else if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint')
    text = String(value);
  else text = neutraliseFormula(JSON.stringify(value) ?? '');
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const csvLine = (cells: readonly unknown[]): string => cells.map(csvCell).join(',');

/** Records joined by CRLF, ending with one; `bom` puts the UTF-8 byte order mark first (Excel reads accents). */
export function csvText(rows: readonly (readonly unknown[])[], options: { bom?: boolean } = {}): string {
  const body = rows.map(csvLine).join('\r\n') + '\r\n';
  return options.bom ? `\uFEFF${body}` : body;
}
