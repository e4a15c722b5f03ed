import Papa from 'papaparse';

// A cell starting with = + - @ (or tab/CR, which some spreadsheets strip first) would run as a
// formula when opened in a spreadsheet: prefix it with a quote so it stays text (OWASP advice).
const FORMULA_START = /^[=+\-@\t\r]/;

/** What a CSV cell may hold. */
export type CsvCell = string | number | boolean | null | undefined;

export function neutralizeCell(value: CsvCell): string {
  if (value == null) return '';
  const text = String(value);
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** CSV text from a header row and data rows; every cell neutralised. */
export function toCsv(header: string[], rows: CsvCell[][]): string {
  return Papa.unparse({ fields: header.map(neutralizeCell), data: rows.map((r) => r.map(neutralizeCell)) }, { newline: '\r\n' });
}

/** Offers the CSV as a download; the BOM lets spreadsheets read accents as UTF-8. */
export function downloadCsv(filename: string, csv: string) {
  const blob = new Blob(['\uFEFF', csv], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
