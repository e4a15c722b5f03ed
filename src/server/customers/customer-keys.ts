// How a person is recognised across bookings, orders and conversations: by e-mail, or by phone
// when there is no e-mail (DESIGN.md §6).
import { normalizeEmail } from '../../shared/schemas/common';

/** The e-mail as a key: trimmed, lower-cased; null when empty. */
export const emailKey = (email: string | null | undefined): string | null => {
  const v = email == null ? '' : normalizeEmail(email);
  return v === '' ? null : v;
};

/** The phone as a key: '+' and its digits ("+66 81-234 5678" → "+66812345678"); null when too short to be a number. */
export const phoneKey = (phone: string | null | undefined): string | null => {
  const digits = (phone ?? '').replace(/\D/g, '');
  return digits.length >= 6 ? `+${digits}` : null;
};
