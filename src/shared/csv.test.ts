import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { neutralizeCell, toCsv } from './csv';

// Decision 175: one CSV writer for every export, in the form a French spreadsheet opens in columns.

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
    [' =1+1', ' =1+1'],
    ['', ''],
  ])('%j stays as it is', (input, expected) => {
    expect(neutralizeCell(input)).toBe(expected);
  });

  it('writes null and undefined as empty cells, numbers and booleans as text', () => {
    expect(neutralizeCell(null)).toBe('');
    expect(neutralizeCell(undefined)).toBe('');
    expect(neutralizeCell(42)).toBe('42');
    expect(neutralizeCell(12.5)).toBe('12.5');
    expect(neutralizeCell(-1)).toBe("'-1");
    expect(neutralizeCell(true)).toBe('true');
  });
});

describe('toCsv', () => {
  it('starts with a UTF-8 BOM and separates cells with semicolons, records with CRLF', () => {
    expect(toCsv(['Nom', 'Cours'], [['Eve', 'Muay Thai']])).toBe('\uFEFF"Nom";"Cours"\r\n"Eve";"Muay Thai"');
  });

  it('quotes every cell, numbers and empty ones included', () => {
    expect(toCsv(['A', 'B', 'C', 'D', 'E'], [[42, 0, '', null, undefined]])).toBe('\uFEFF"A";"B";"C";"D";"E"\r\n"42";"0";"";"";""');
  });

  it('doubles quotes inside a cell and keeps separators and line breaks inside it', () => {
    const csv = toCsv(['Message'], [['Hello; "coach", see\r\nyou\nsoon']]);
    expect(csv).toBe('\uFEFF"Message"\r\n"Hello; ""coach"", see\r\nyou\nsoon"');
  });

  it.each(['=', '+', '-', '@', '\t', '\r'])('neutralises a cell starting with %j, in the header too', (start) => {
    expect(toCsv([`${start}h`], [[`${start}1`]])).toBe(`\uFEFF"'${start}h"\r\n"'${start}1"`);
  });

  it('reads back, with semicolons as the separator, to the neutralised cells', () => {
    const csv = toCsv(
      ['Nom', 'Message', 'Montant'],
      [
        ['Éva', 'Hello; "coach",\nsee you', 1500.5],
        ['=cmd', '+33 6 00', -3],
        ['Gus', null, 0],
      ],
    );
    expect(csv.startsWith('\uFEFF')).toBe(true);
    const parsed = Papa.parse<string[]>(csv.slice(1), { delimiter: ';', newline: '\r\n' });
    expect(parsed.errors).toEqual([]);
    expect(parsed.data).toEqual([
      ['Nom', 'Message', 'Montant'],
      ['Éva', 'Hello; "coach",\nsee you', '1500.5'],
      ["'=cmd", "'+33 6 00", "'-3"],
      ['Gus', '', '0'],
    ]);
  });

  it('writes only the header when there are no rows', () => {
    expect(toCsv(['Email', 'Nom'], [])).toBe('\uFEFF"Email";"Nom"');
  });
});
