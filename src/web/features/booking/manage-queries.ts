import { queryOptions } from '@tanstack/react-query';
import { apiPost, apiGet, type GetJson } from '../../lib/api-client';
import { readLink } from '../../lib/link-read';

/** GET /api/bookings/manage/:token: a booking as its holder sees it (gym date and time). */
export interface ManagedBooking {
  id: number;
  name: string;
  course: string;
  state: 'booked' | 'cancelled';
  startsAt: string;
  endsAt: string | null;
  /** Gym date 'YYYY-MM-DD' and time 'HH:MM' (GYM_TIMEZONE). */
  date: string;
  time: string;
  durationMinutes: number | null;
  /** "Krabi time (UTC+7)" */
  zoneLabel: string;
  timezone: string;
  started: boolean;
  canCancel: boolean;
  canMove: boolean;
  /** Null for a request outside the timetable (Private Training). */
  weeklySessionId: number | null;
  /** Who cancelled it: the gym's cancel says so and offers other sessions. */
  cancelledBy: 'customer' | 'gym' | 'staff' | null;
  cancelReason: string | null;
  /** Cancelled by the gym: another session may be booked from here in one tap (the move). */
  canRebook: boolean;
  /** Booked with a pass: whether a cancel now gives the credit back (cancelled: whether it did), and until when (instant). */
  pass?: { creditReturned: boolean; deadline: string };
  /** A private lesson still movable from its link (issue 37): its trainer and length. */
  lessonMove?: { trainerId: number; minutes: number; until: string };
  /** What became of it (issue 47 point 3): to come, under way, over, or cancelled by whom. */
  outcome: 'upcoming' | 'started' | 'took_place' | 'cancelled_by_customer' | 'cancelled_by_staff' | 'cancelled_by_gym' | 'cancelled';
  /** Which change of the gym cancelled it. */
  gymCause: 'session' | 'closure' | 'moved' | null;
  attendance: 'present' | 'no_show' | null;
  /** Booked and changed since booking. */
  moved: boolean;
  /** 'earlier': a newer e-mail replaced this link (it reads only). */
  link: 'current' | 'earlier';
}

const manageUrl = (token: string) => `/api/bookings/manage/${encodeURIComponent(token)}`;

/** The booking behind a link, whatever became of it; a token never given is null, an erased person's ERASED_LINK. */
export const managedBookingQuery = (token: string, get: GetJson = apiGet) =>
  queryOptions({
    queryKey: ['managed-booking', token],
    queryFn: () => readLink(() => get<ManagedBooking>(manageUrl(token))),
  });

/** The only writes of the page, each on a button press (a GET never changes anything). */
export const cancelBooking = (token: string) => apiPost<ManagedBooking>(`${manageUrl(token)}/cancel`, {});
export const moveBooking = (token: string, sessionId: string) => apiPost<ManagedBooking>(`${manageUrl(token)}/move`, { sessionId });
