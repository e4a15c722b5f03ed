// Every CSV the gym exports (back-office lists, trainers' pay, a person's data) is written here,
// in the form a French spreadsheet opens in columns (decision 175).

/** What a CSV cell may hold. */
export type CsvCell = string | number | boolean | null | undefined;

// French spreadsheets (LibreOffice, Excel with French regional settings) split on semicolons:
// commas are their decimal mark.
const SEPARATOR = ';';
// Excel reads a file without it as Windows-1252 and garbles the accents.
const BOM = '\uFEFF';
// A cell starting with = + - @ (or tab/CR, which some spreadsheets strip first) would run as a
// formula when opened in a spreadsheet: prefix it with a quote so it stays text (OWASP advice).
const FORMULA_START = /^[=+\-@\t\r]/;

export function neutralizeCell(value: CsvCell): string {
  if (value == null) return '';
  const text = String(value);
  return FORMULA_START.test(text) ? `'${text}` : text;
}

// Every cell quoted, so a separator, a quote or a line break inside a cell never splits it.
const quoted = (value: CsvCell) => `"${neutralizeCell(value).replaceAll('"', '""')}"`;

/** The whole file (BOM, header, rows; CRLF line ends, RFC 4180): every cell quoted and neutralised. */
export function toCsv(header: string[], rows: CsvCell[][]): string {
  return BOM + [header, ...rows].map((row) => row.map(quoted).join(SEPARATOR)).join('\r\n');
}
