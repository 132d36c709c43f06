/**
 * CSV as French spreadsheets open it (Excel, LibreOffice, Numbers): UTF-8 with a byte-order
 * mark (without it Excel reads accents as Latin-1), `;` between fields (a French Excel takes `,`
 * as the decimal comma), CRLF line ends, and RFC 4180 quoting. Written here rather than with a
 * library: the project has none, quoting is the few lines below, and no library neutralises
 * formulas by itself.
 */

const BOM = '\ufeff';
const SEPARATOR = ';';

/**
 * A cell a spreadsheet would run as a formula (`=`, `+`, `-`, `@`, and tab or carriage return,
 * which some read before one) gets a leading apostrophe: the visitor typed it, the agency opens it
 * (OWASP "CSV injection"). A phone number `+33…` thus reads `'+33…`, as a spreadsheet's own text cells do.
 */
const FORMULA = /^[=+\-@\t\r]/;

function cell(value: string): string {
  const safe = FORMULA.test(value) ? `'${value}` : value;
  return /[";\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** The whole file: a header line, then one line per row, every line ending in CRLF. */
export function csvDocument(header: readonly string[], rows: ReadonlyArray<readonly string[]>): string {
  return BOM + [header, ...rows].map((fields) => fields.map(cell).join(SEPARATOR) + '\r\n').join('');
}
