import { longDate, PdfWriter, PDF_MARGIN, type Letterhead } from '../documents/pdf-document';
import type { SignatureRow } from './waivers.repository';

// The signed waiver as a PDF (issue 47 point 4), for the person (My page) and staff (the
// customer record). The names, the conditions and the text print as typed, in Latin, Thai,
// Cyrillic or Chinese script (pdf-fonts.ts, decision 191); the text in the language signed, or
// in English when that version has none.

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
  const printed = d.texts[s.language] ? s.language : 'en';
  // Everything typed by the person or the owner, so the fonts of its scripts are embedded.
  const covers = [
    s.fullName,
    s.emergencyName,
    s.signatureName,
    s.conditionsText ?? '',
    d.texts[printed] ?? '',
    d.letterhead.legalName,
    d.letterhead.address,
  ].join('\n');
  const w = await PdfWriter.create({ title: `Waiver ${s.fullName}`, author: d.letterhead.legalName, covers });
  w.letterhead(d.letterhead);
  w.text('WAIVER AND HEALTH DECLARATION', { size: 16, bold: true, after: 8 });
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
