import { writeFile } from 'node:fs/promises';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { pdfInfo, pdfPages, pdfQrCode, pdfText } from '../../../tests/helpers/pdf-read';
import { A4 } from './pdf-document';
import { visaLetterPdf, type VisaLetterData } from './visa-letter';

// The letter from a plain object: every fact the issue lists is read back from the PDF's text,
// the QR code decodes to the verification URL, and a full week's timetable still fits one A4 page.

const signature = () =>
  sharp({ create: { width: 300, height: 100, channels: 3, background: '#ffffff' } })
    .composite([
      { input: Buffer.from('<svg width="300" height="100"><path d="M10 80 C 80 10, 150 90, 290 20" stroke="#123" stroke-width="5" fill="none"/></svg>') },
    ])
    .png()
    .toBuffer();

async function sampleLetter(over: Partial<VisaLetterData> = {}): Promise<VisaLetterData> {
  const sessions = [];
  for (let day = 1; day <= 7; day++)
    for (const start of ['07:00', '09:00', '16:00', '18:00'])
      sessions.push({ weekday: day, start, durationMinutes: 90, className: day === 6 ? 'MMA' : 'Muay Thai' });
  return {
    gym: {
      legalName: 'Chalong Fight Club Co., Ltd.',
      registrationNumber: '0835561234567',
      address: '12/3 ถนนเจ้าฟ้า ภูเก็ต 83130, Thailand',
      phone: '+66 76 123 456',
      email: 'desk@gym.test',
    },
    reference: 'DTV-2026-0007',
    issueDate: '2026-11-28',
    embassy: 'Royal Thai Embassy, Berlin',
    holder: { fullName: 'JANE MARIE DOE', nationality: 'Germany', passportNumber: 'C01X00T47', dateOfBirth: '1994-03-01' },
    programme: {
      name: 'Muay Thai long stay, 6 months',
      disciplines: 'Muay Thai (Thai boxing)',
      startDate: '2027-03-01',
      endDate: '2027-08-31',
      sessionsPerWeek: 5,
      hoursPerWeek: 10,
      timetable: sessions,
      timezone: 'Asia/Bangkok',
    },
    paid: 'full',
    signatory: { name: 'Somchai Jaidee', title: 'Managing Director' },
    signaturePng: await signature(),
    stampPng: await sharp(Buffer.from('<svg width="160" height="160"><circle cx="80" cy="80" r="70" stroke="#a00" stroke-width="8" fill="none"/></svg>'))
      .png()
      .toBuffer(),
    verifyUrl: 'https://gym.test/verify/AbCdEfGhIjKlMnOpQrStUv',
    ...over,
  };
}

describe('the visa letter PDF', () => {
  it('prints everything an embassy asks for on one A4 page, with a QR code to the verification page', async () => {
    const pdf = await visaLetterPdf(await sampleLetter());
    expect(await pdfInfo(pdf)).toMatchObject({ pages: 1, width: A4.width, height: A4.height });
    const text = await pdfText(pdf);
    if (process.env.VISA_PNG) await writeFile(process.env.VISA_PNG, (await pdfPages(pdf, 80))[0]);
    for (const expected of [
      'Chalong Fight Club Co., Ltd.',
      'ภูเก็ต 83130',
      'Reg./Tax No. 0835561234567',
      '+66 76 123 456',
      'desk@gym.test',
      'To: Royal Thai Embassy, Berlin',
      'Reference: DTV-2026-0007',
      'Date: 28 November 2026',
      'JANE MARIE DOE',
      'Germany',
      'C01X00T47',
      '1 March 1994',
      'Muay Thai long stay, 6 months',
      '1 March 2027',
      '31 August 2027',
      '5 sessions and 10 hours per week',
      'Enrolled and paid in full',
      'Asia/Bangkok',
      'Somchai Jaidee',
      'Managing Director',
      'https://gym.test/verify/AbCdEfGhIjKlMnOpQrStUv',
    ])
      expect(text).toContain(expected);
    expect(text).toMatch(/Monday\s+07:00–08:30 Muay Thai/);
    expect(text).toMatch(/Saturday\s+07:00–08:30 MMA/);
    expect(await pdfQrCode(pdf)).toBe('https://gym.test/verify/AbCdEfGhIjKlMnOpQrStUv');
  });

  it('says when only the deposit is paid, and writes to whom it may concern without an embassy', async () => {
    const text = await pdfText(await visaLetterPdf(await sampleLetter({ paid: 'deposit', embassy: null, signaturePng: null, stampPng: null })));
    expect(text).toContain('To whom it may concern');
    expect(text).toMatch(/has\s+paid\s+the\s+deposit\s+for/);
    expect(text).toContain('deposit paid');
    expect(text).not.toContain('paid in full');
  });
});
