import { longDate, PdfWriter, PDF_MARGIN, type Letterhead } from '../documents/pdf-document';
import type { SignatureRow } from './waivers.repository';

// The signed waiver as a PDF (issue 47 point 4), for the person (My page) and staff (the
// customer record). The document's font prints Latin and Thai: a text signed in Russian or
// Chinese is printed in English beside a line naming the language signed (decision 185).

const PRINTABLE = new Set(['en', 'de', 'fr', 'th']);

export interface WaiverPdfData {
  letterhead: Letterhead;
  signature: SignatureRow;
  /** The version's texts by language. */
  texts: Partial<Record<string, string>>;
  /** English labels of the declared conditions. */
  conditionLabels: string[];
}

export async function renderWaiverPdf(d: WaiverPdfData): Promise<Uint8Array> {
  const s = d.signature;
  const w = await PdfWriter.create({ title: `Waiver ${s.fullName}`, author: d.letterhead.legalName });
  w.letterhead(d.letterhead);
  w.text('WAIVER AND HEALTH DECLARATION', { size: 16, bold: true, after: 8 });
  const printed = PRINTABLE.has(s.language) && d.texts[s.language] ? s.language : 'en';
  const health = s.healthErasedAt
    ? `Removed after the retention period (${longDate(s.healthErasedAt)})`
    : [...d.conditionLabels, ...(s.conditionsText ? [s.conditionsText] : [])].join('; ') || 'None declared';
  w.rows(
    [
      ['Full name', s.fullName],
      ['Date of birth', longDate(s.birthDate)],
      ['Emergency contact', `${s.emergencyName}, ${s.emergencyPhone}`],
      ['Declared conditions', health],
      ['Version', `${s.version} (signed in ${s.language.toUpperCase()}${printed !== s.language ? '; English text printed' : ''})`],
      ['Signed', `${longDate(s.signedAt)}, ${s.signedAt.slice(11, 16)} UTC`],
    ],
    { after: 12 },
  );
  for (const para of (d.texts[printed] ?? '').split(/\n{2,}/)) if (para.trim()) w.text(para.trim(), { size: 10, after: 6 });
  w.space(10);
  w.text(`Signed as: ${s.signatureName}`, { bold: true, after: 4 });
  if (w.y < 160) w.newPage();
  const image = await w.image(Buffer.from(s.signaturePng, 'base64'));
  if (image) w.y -= w.drawImage(image, PDF_MARGIN, 180) + 6;
  return w.save();
}
