import fontkit from '@pdf-lib/fontkit';
import { PDFDocument } from 'pdf-lib';
import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import { pdfInfo, pdfQrCode, pdfText } from '../../../tests/helpers/pdf-read';
import { A4, PDF_MARGIN, PdfWriter, longDate } from './pdf-document';
import { embedFamily } from './pdf-fonts';

describe('PDF documents', () => {
  it('writes dates that cannot be misread', () => {
    expect(longDate('2027-03-01')).toBe('1 March 2027');
    expect(longDate('2026-12-31T10:00:00Z')).toBe('31 December 2026');
  });

  it('prints a Thai address, rows, a table and a QR code on one A4 page, read back by poppler', async () => {
    const w = await PdfWriter.create({ title: 'Test', author: 'Gym' });
    w.letterhead({
      legalName: 'Chalong Fight Club Co., Ltd.',
      registrationNumber: '0835561234567',
      address: '12/3 ถนนเจ้าฟ้า ภูเก็ต 83130',
      phone: '+66 76 123 456',
      email: 'desk@gym.test',
    });
    w.rows([
      ['Holder', 'Jane Doe'],
      ['Programme', 'Muay Thai, 6 months'],
    ]);
    w.table(
      ['Month', 'Sessions'],
      [
        ['March 2027', '18'],
        ['April 2027', '20'],
      ],
      [0.5, 0.5],
    );
    const qr = await w.image(await QRCode.toBuffer('https://gym.test/verify/abc', { margin: 2, scale: 4 }));
    expect(qr).toBeDefined();
    w.space(w.drawImage(qr!, PDF_MARGIN, 90) + 10);
    w.text('x '.repeat(400), { size: 8 });
    const pdf = await w.save();
    const info = await pdfInfo(pdf);
    expect(info).toMatchObject({ pages: 1, width: A4.width, height: A4.height });
    const text = await pdfText(pdf);
    expect(text).toContain('Chalong Fight Club Co., Ltd.');
    expect(text).toContain('ภูเก็ต 83130');
    expect(text).toMatch(/Holder\s+Jane Doe/);
    expect(text).toMatch(/April 2027\s+20/);
    expect(text).toContain('Reg./Tax No. 0835561234567');
    expect(await pdfQrCode(pdf)).toBe('https://gym.test/verify/abc');
  });

  it('prints Latin, Latin Extended and Thai in one line, each character from a subset that has it', async () => {
    const w = await PdfWriter.create({ title: 'Scripts', author: 'Gym' });
    const line = 'Łukasz Šimek — 12/3 ถนนเจ้าฟ้า ภูเก็ต, 4 500 ฿ “paid”';
    w.text(line, { bold: true });
    w.text(line);
    const pdf = await w.save();
    const text = await pdfText(pdf);
    expect(text.split(line).length - 1, text).toBe(2);
    // Every character drawn from a font that has its glyph (no empty box).
    const { regular, bold } = await embedFamily(await PDFDocument.create().then((d) => (d.registerFontkit(fontkit), d)));
    for (const runs of [regular, bold]) {
      const parts = runs.runs(line);
      expect(parts.length).toBeGreaterThan(2);
      expect(parts.map((p) => p.text).join('')).toBe(line);
      for (const p of parts) for (const ch of p.text) expect(p.font.getCharacterSet(), ch).toContain(ch.codePointAt(0));
    }
  });

  it('starts a new page when the text does not fit', async () => {
    const w = await PdfWriter.create({ title: 'Long', author: 'Gym' });
    for (let i = 0; i < 80; i += 1) w.text(`Line ${i}`);
    expect(w.pageCount).toBe(2);
    expect(await pdfText(await w.save())).toContain('Line 79');
  });

  it('breaks a word wider than the line', async () => {
    const w = await PdfWriter.create({ title: 'Wrap', author: 'Gym' });
    const lines = w.wrap('a'.repeat(500), 10);
    expect(lines.length).toBeGreaterThan(1);
    expect(lines.join('')).toBe('a'.repeat(500));
  });
});
