// The letterhead of the gym's own documents (receipts, attendance statements) from Paramètres:
// the legal details where the owner filled them in, else the club's public name and address, so a
// buyer's receipt never waits for the paperwork (decision 150). The tax number is the receipt's.
import { receiptTaxNumber } from '../../shared/legal-details';
import type { SiteSettings } from '../../shared/schemas/site-settings';
import { satangToDecimal } from '../../shared/money';
import type { Letterhead } from './pdf-document';

const filled = (v: string | null | undefined): string | null => (v && v.trim() !== '' ? v.trim() : null);

export function gymLetterhead(s: SiteSettings): Letterhead {
  const a = s.address;
  const publicAddress = [a.street, [a.locality, a.region, a.postalCode].filter(Boolean).join(' '), a.country].filter(Boolean).join(', ');
  return {
    legalName: filled(s.legal.name) ?? s.name,
    registrationNumber: receiptTaxNumber(s),
    address: filled(s.legal.address) ?? publicAddress,
    phone: filled(s.legal.phone) ?? s.whatsapp,
    email: filled(s.legal.email) ?? s.email,
  };
}

/** "1,500.00 THB": an amount as a receipt prints it, from integers (no float, no currency glyph to miss). */
export function thb(satang: number): string {
  const sign = satang < 0 ? '-' : '';
  const [baht, rest] = satangToDecimal(Math.abs(satang)).split('.');
  const groups: string[] = [];
  for (let end = baht.length; end > 0; end -= 3) groups.unshift(baht.slice(Math.max(0, end - 3), end));
  return `${sign}${groups.join(',')}.${rest} THB`;
}
