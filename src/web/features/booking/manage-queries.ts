import { queryOptions } from '@tanstack/react-query';
import { ApiError, apiPost, apiGet, type GetJson } from '../../lib/api-client';

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
}

const manageUrl = (token: string) => `/api/bookings/manage/${encodeURIComponent(token)}`;

/** The booking behind a link; a wrong or used-up token is data (null): the not-found state. */
export const managedBookingQuery = (token: string, get: GetJson = apiGet) =>
  queryOptions({
    queryKey: ['managed-booking', token],
    queryFn: async () => {
      try {
        return await get<ManagedBooking>(manageUrl(token));
      } catch (err) {
        if (err instanceof ApiError && err.status === 404) return null;
        throw err;
      }
    },
  });

/** The only writes of the page, each on a button press (a GET never changes anything). */
export const cancelBooking = (token: string) => apiPost<ManagedBooking>(`${manageUrl(token)}/cancel`, {});
export const moveBooking = (token: string, sessionId: string) => apiPost<ManagedBooking>(`${manageUrl(token)}/move`, { sessionId });
