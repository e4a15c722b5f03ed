import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingPayload, contactPayload } from '../../../tests/helpers/factories';
import { doubleClickImportOptions, openInCalc, SEMICOLON_ONLY } from '../../../tests/helpers/libreoffice';
import { backends, createTestApp, type TestApp } from '../../../tests/helpers/test-app';

// Issue 45 point 7, decision 175: the personal-data CSV opens in columns in a French spreadsheet:
// UTF-8 BOM, semicolons, every cell quoted, formula-like cells neutralised.

const EMAIL = 'elodie.csv@example.com';
const NAME = 'Élodie Durand';
const PHONE = '+33 6 12 34 56 78';
// A separator of each kind, a quote and a line break, all inside one cell.
const MESSAGE = 'Genou fragile; pas de sparring, merci "coach"\nÀ mardi';
const SUBJECT = '-10 % ?';
const FORMULA = '=HYPERLINK("http://evil.example")';
const HEADER = ['Type', 'Id', 'Date', 'Nom', 'E-mail', 'Téléphone', 'Objet', 'Contenu', 'Statut'];

// The whole file, after the BOM: quoted cells (quotes inside doubled), ";" between them, CRLF between records.
const CELL = '"[^"]*(?:""[^"]*)*"';
const RECORD = `${CELL}(?:;${CELL})*`;
const FILE = new RegExp(`^${RECORD}(?:\\r\\n${RECORD})*$`);

describe.each(backends)('personal data CSV on %s', (backend) => {
  let t: TestApp;
  let staff: string;

  beforeAll(async () => {
    t = await createTestApp(backend);
    staff = (await t.signIn('staff')).token;
    const booked = await t.inject({
      method: 'POST',
      url: '/api/reservations',
      payload: bookingPayload({ name: NAME, email: EMAIL, phone: PHONE, message: MESSAGE }),
    });
    expect(booked.statusCode, booked.body).toBe(201);
    const asked = await t.inject({
      method: 'POST',
      url: '/api/contact',
      payload: contactPayload({ name: NAME, email: EMAIL, subject: SUBJECT, message: FORMULA }),
    });
    expect(asked.statusCode, asked.body).toBeLessThan(300);
  });
  afterAll(async () => {
    await t?.close();
  });

  const exportCsv = async () => {
    const res = await t.inject({ method: 'GET', url: `/api/personal-data/export?email=${encodeURIComponent(EMAIL)}&format=csv`, token: staff });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    return res.body;
  };

  it('is a BOM, then quoted cells separated by semicolons, formulas neutralised', async () => {
    const body = await exportCsv();
    expect(body.startsWith('\uFEFF"Type";"Id";"Date";"Nom";"E-mail";"Téléphone";"Objet";"Contenu";"Statut"\r\n')).toBe(true);
    expect(body.slice(1)).toMatch(FILE);
    expect(body).toContain(`"${MESSAGE.replaceAll('"', '""')}"`);

    const rows = Papa.parse<string[]>(body.slice(1), { delimiter: ';', newline: '\r\n' }).data;
    expect(rows[0]).toEqual(HEADER);
    for (const row of rows) expect(row).toHaveLength(HEADER.length);
    const booking = rows.find((r) => r[0] === 'réservation')!;
    expect([booking[3], booking[4], booking[5], booking[7]]).toEqual([NAME, EMAIL, `'${PHONE}`, MESSAGE]);
    const contact = rows.find((r) => r[0] === 'contact')!;
    expect([contact[6], contact[7]]).toEqual([`'${SUBJECT}`, `'${FORMULA}`]);
  });

  it('opens in columns in LibreOffice set to French, with semicolons only and double-clicked', { timeout: 240_000 }, async () => {
    const body = await exportCsv();
    const expected = Papa.parse<string[]>(body.slice(1), { delimiter: ';', newline: '\r\n' }).data;
    // A cell French Calc reads as a number ("3,5") and English as text: proof the locale is French.
    const files = { export: body, probe: '"3,5"\r\n' };
    for (const options of [SEMICOLON_ONLY, doubleClickImportOptions()]) {
      const sheets = await openInCalc(files, options);
      expect(sheets.probe.raw.trim(), `locale of LibreOffice (${options})`).toBe('3,5');
      const sheet = sheets.export.rows;
      expect(sheet[0], `header in LibreOffice (${options})`).toEqual(HEADER);
      const booking = sheet.find((r) => r[0] === 'réservation')!;
      expect([booking[3], booking[4], booking[5], booking[7]], `booking in LibreOffice (${options})`).toEqual([NAME, EMAIL, `'${PHONE}`, MESSAGE]);
      const contact = sheet.find((r) => r[0] === 'contact')!;
      expect([contact[6], contact[7]], `contact in LibreOffice (${options})`).toEqual([`'${SUBJECT}`, `'${FORMULA}`]);
      // Every record, whole: Id and Date become a number and a date in Calc; the other cells are the text written.
      const text = (r: string[]) => r.filter((_, c) => c !== 1 && c !== 2);
      expect(sheet.map(text), `rows in LibreOffice (${options})`).toEqual(expected.map(text));
      for (const row of sheet) expect(row, `a row in LibreOffice (${options})`).toHaveLength(HEADER.length);
    }
  });
});
