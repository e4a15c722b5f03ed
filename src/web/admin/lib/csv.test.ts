import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { neutralizeCell, toCsv } from './csv';

describe('CSV cells cannot run as formulas', () => {
  it.each([
    ['=HYPERLINK("http://evil")', `'=HYPERLINK("http://evil")`],
    ['+66 81 000 0000', `'+66 81 000 0000`],
    ['-2+3', `'-2+3`],
    ['@SUM(A1:A2)', `'@SUM(A1:A2)`],
    ['\t=1+1', `'\t=1+1`],
    ['\r=1+1', `'\r=1+1`],
  ])('%j gets a leading quote', (input, expected) => {
    expect(neutralizeCell(input)).toBe(expected);
  });

  it.each([
    ['Muay Thai', 'Muay Thai'],
    ['a=b', 'a=b'],
    ['2030-03-04', '2030-03-04'],
    ["'already quoted", "'already quoted"],
    ['', ''],
  ])('%j stays as it is', (input, expected) => {
    expect(neutralizeCell(input)).toBe(expected);
  });

  it('writes null and undefined as empty cells and numbers as text', () => {
    expect(neutralizeCell(null)).toBe('');
    expect(neutralizeCell(undefined)).toBe('');
    expect(neutralizeCell(42)).toBe('42');
    expect(neutralizeCell(-1)).toBe("'-1");
  });

  it('builds a CSV that reads back to the neutralised cells, quoting commas, quotes and line breaks', () => {
    const csv = toCsv(
      ['Nom', 'Message'],
      [
        ['Eve', 'Hello, "coach"\nsee you'],
        ['=cmd', '+33 6 00'],
        ['Gus', null],
      ],
    );
    expect(csv.split('\r\n')[0]).toBe('Nom,Message');
    const rows = Papa.parse<string[]>(csv, { skipEmptyLines: true }).data;
    expect(rows).toEqual([
      ['Nom', 'Message'],
      ['Eve', 'Hello, "coach"\nsee you'],
      ["'=cmd", "'+33 6 00"],
      ['Gus', ''],
    ]);
  });
});
