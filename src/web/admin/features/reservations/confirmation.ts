import { formatDateTime } from '../../lib/format';
import type { Reservation } from '../../lib/types';

/** A ready-to-send confirmation for the customer (customers are travellers: English). */
export function confirmationText(r: Reservation, gym: string): string {
  return [
    `Hello ${r.name},`,
    '',
    `Thank you for your booking at ${gym}. We confirm your ${r.course} class on ${formatDateTime(r.dateTime, 'en-US')}.`,
    '',
    'See you on the mats!',
    gym,
  ].join('\n');
}

export const whatsappLink = (r: Reservation, gym: string) =>
  `https://wa.me/${(r.phone ?? '').replace(/\D/g, '')}?text=${encodeURIComponent(confirmationText(r, gym))}`;
export const mailtoLink = (r: Reservation, gym: string) =>
  `mailto:${r.email}?subject=${encodeURIComponent(`Your booking at ${gym}`)}&body=${encodeURIComponent(confirmationText(r, gym))}`;
