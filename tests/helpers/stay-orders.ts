import { customer } from './factories';

// The payload of POST /api/orders with a stay (issue 36), by a fresh customer; extra fields
// (a pass, a pickup, another method or language) go over it.

/** A PromptPay order of one room type for the dates, one guest unless told. */
export function stayBody(t: { roomTypeId: number; checkIn: string; checkOut: string; guests?: number }, extra: Record<string, unknown> = {}) {
  const who = customer();
  return {
    name: who.name,
    email: who.email,
    phone: null,
    language: 'en',
    method: 'promptpay',
    stay: { roomTypeId: t.roomTypeId, checkIn: t.checkIn, checkOut: t.checkOut, guests: t.guests ?? 1 },
    ...extra,
  };
}
