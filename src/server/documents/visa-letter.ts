import QRCode from 'qrcode';
import { A4, PDF_MARGIN, PdfWriter, longDate, type Letterhead } from './pdf-document';

// The visa letter (issue 35): one A4 page in English on the gym's letterhead, written from a plain
// object (the service gathers it; nothing here reads the database). What a DTV application asks
// of the school, in the order an officer reads it, and a QR code to the verification page.

/** One weekly session of the programme's disciplines, in gym time. */
export interface LetterSession {
  /** ISO weekday: 1 = Monday … 7 = Sunday. */
  weekday: number;
  /** 'HH:MM', gym time. */
  start: string;
  durationMinutes: number;
  className: string;
}

export interface VisaLetterData {
  gym: Letterhead;
  reference: string;
  /** Gym date, YYYY-MM-DD. */
  issueDate: string;
  /** The embassy or consulate the traveller named; else the letter is to whom it may concern. */
  embassy: string | null;
  holder: { fullName: string; nationality: string; passportNumber: string; dateOfBirth: string };
  programme: {
    name: string;
    disciplines: string;
    /** Gym dates, both inclusive. */
    startDate: string;
    endDate: string;
    sessionsPerWeek: number;
    hoursPerWeek: number;
    timetable: LetterSession[];
    /** The IANA zone the times are in (GYM_TIMEZONE). */
    timezone: string;
  };
  /** 'full': enrolled and paid; 'deposit': enrolled, deposit paid. */
  paid: 'full' | 'deposit';
  signatory: { name: string; title: string };
  /** PNG or JPEG bytes (the service converts the uploads). */
  signaturePng: Uint8Array | null;
  stampPng: Uint8Array | null;
  verifyUrl: string;
}

const WEEKDAY_NAMES = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

/** The week's sessions, one line per weekday that has any: "07:00–08:30 Muay Thai". */
function timetableRows(sessions: LetterSession[]): string[][] {
  const rows: string[][] = [];
  for (let day = 1; day <= 7; day++) {
    const today = sessions.filter((s) => s.weekday === day).sort((a, b) => a.start.localeCompare(b.start));
    if (today.length === 0) continue;
    rows.push([WEEKDAY_NAMES[day - 1], today.map((s) => `${s.start}–${endTime(s.start, s.durationMinutes)} ${s.className}`).join(';  ')]);
  }
  return rows;
}

function endTime(start: string, minutes: number): string {
  const [h, m] = start.split(':').map(Number);
  const total = (h * 60 + m + minutes) % (24 * 60);
  return `${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`;
}

const hours = (n: number) => `${Number.isInteger(n) ? n : n.toFixed(1)} hour${n === 1 ? '' : 's'}`;

export async function visaLetterPdf(d: VisaLetterData): Promise<Uint8Array> {
  const w = await PdfWriter.create({ title: `Letter of enrolment ${d.reference}`, author: d.gym.legalName });
  w.letterhead(d.gym);

  const top = w.y;
  w.text(d.embassy ? `To: ${d.embassy}` : 'To whom it may concern', { size: 10.5 });
  w.y = top;
  w.text(`Reference: ${d.reference}`, { size: 10, x: A4.width - PDF_MARGIN - 170, width: 170 });
  w.text(`Date: ${longDate(d.issueDate)}`, { size: 10, x: A4.width - PDF_MARGIN - 170, width: 170, after: 10 });

  w.text('Letter of enrolment: Destination Thailand Visa (DTV), Thai soft power activity', { size: 13, bold: true, after: 6 });
  const paidWords = d.paid === 'full' ? 'is enrolled in and has paid in full for' : 'is enrolled in and has paid the deposit for';
  w.text(
    `${d.gym.legalName} certifies that the person named below ${paidWords} the structured training programme described here, ` +
      `taught in person at our premises at the address above.`,
    { after: 8 },
  );

  w.rows(
    [
      ['Full name (passport)', d.holder.fullName],
      ['Nationality', d.holder.nationality],
      ['Passport number', d.holder.passportNumber],
      ['Date of birth', longDate(d.holder.dateOfBirth)],
    ],
    { after: 8 },
  );

  const p = d.programme;
  w.rows(
    [
      ['Programme', p.name],
      ['Activity', p.disciplines],
      ['Start date', longDate(p.startDate)],
      ['End date', longDate(p.endDate)],
      ['Training load', `${p.sessionsPerWeek} sessions and ${hours(p.hoursPerWeek)} per week, in group classes led by the gym's coaches`],
      ['Enrolment', d.paid === 'full' ? 'Enrolled and paid in full' : 'Enrolled; deposit paid, balance due at the gym'],
    ],
    { after: 8 },
  );

  const rows = timetableRows(p.timetable);
  if (rows.length > 0) {
    w.text(`Weekly timetable of the classes the programme gives access to (times in Thailand, ${p.timezone}):`, { size: 9.5, bold: true, after: 2 });
    w.table(['Day', 'Classes'], rows, [0.18, 0.82], 8.5);
    w.space(6);
  }

  w.text(
    'The holder trains under this programme between the dates above. We will inform the issuing authority if the enrolment ends early: ' +
      'the verification page below always shows whether this letter is still valid.',
    { size: 9.5, after: 10 },
  );

  // Signature and stamp side by side, the QR code at the right edge.
  w.text('Signed for the school:', { size: 10, after: 4 });
  const imagesTop = w.y;
  let imageHeight = 0;
  for (const [bytes, x, width] of [
    [d.signaturePng, PDF_MARGIN, 120],
    [d.stampPng, PDF_MARGIN + 140, 80],
  ] as const) {
    if (!bytes) continue;
    const image = await w.image(bytes);
    if (!image) continue;
    // Never taller than 70 points, whatever the upload's shape.
    const scaled = Math.min(width, (70 * image.width) / image.height);
    imageHeight = Math.max(imageHeight, w.drawImage(image, x, scaled));
  }
  const qrSize = 92;
  const qr = await w.image(await QRCode.toBuffer(d.verifyUrl, { type: 'png', margin: 1, scale: 6, errorCorrectionLevel: 'M' }));
  w.y = imagesTop + 16;
  if (qr) w.drawImage(qr, A4.width - PDF_MARGIN - qrSize, qrSize);
  w.y = imagesTop - Math.max(imageHeight, 40) - 4;
  w.text(d.signatory.name, { size: 10.5, bold: true, width: 300 });
  w.text(d.signatory.title, { size: 10, width: 300 });
  w.y = Math.min(w.y, imagesTop + 16 - qrSize - 4);
  w.text('Verify this letter:', { size: 8.5, muted: true, x: A4.width - PDF_MARGIN - 230, width: 230 });
  w.text(d.verifyUrl, { size: 8.5, muted: true, x: A4.width - PDF_MARGIN - 230, width: 230 });
  return w.save();
}
