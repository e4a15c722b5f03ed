import type { WaitlistEntryDto, WaitlistJoinedDto, WaitlistStaffEntryDto } from '../../shared/api-types';
import type { WaitlistEntry } from './waitlist.service';

// The waiting list's answers (shared/api-types/bookings.ts). The link's view names no address.

const offerEnd = (e: WaitlistEntry) => (e.row.status === 'offered' ? e.row.offer_expires_at : null);

export const presentWaitlistEntry = (e: WaitlistEntry): WaitlistEntryDto => ({
  state: e.row.status,
  position: e.position,
  course: e.row.course,
  startsAt: e.row.date_time,
  name: e.row.name,
  language: e.row.language,
  offerExpiresAt: offerEnd(e),
  held: e.row.status === 'offered' && Number(e.row.offer_held) === 1,
  reservationId: e.row.reservation_id,
  classPassed: e.classPassed ?? false,
  seatTaken: e.seatTaken ?? false,
  link: e.earlier ? 'earlier' : 'current',
});

export const presentWaitlistStaffEntry = (e: WaitlistEntry): WaitlistStaffEntryDto => ({
  id: e.row.id,
  name: e.row.name,
  email: e.row.email,
  phone: e.row.phone,
  state: e.row.status,
  position: e.position,
  offerExpiresAt: offerEnd(e),
  reservationId: e.row.reservation_id,
  createdAt: e.row.created_at,
});

/** What every accepted join answers, whoever the address is (decision 174): the link goes by e-mail. */
const WAITLIST_JOIN_ANSWER = 'Thank you. We sent you an e-mail with the link to your place on the waiting list (check your spam folder too).';
export const waitlistJoinedAnswer: WaitlistJoinedDto = { success: true, message: WAITLIST_JOIN_ANSWER };
