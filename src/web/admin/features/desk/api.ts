import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Attendance } from '../../../../shared/constants';
import { apiGet, apiRequest } from '../../../lib/api-client';
import type { Reservation } from '../../lib/types';
import type { DeskRosterEntryDto } from '../../../../shared/api-types';
import type { DeskBookingPayload } from '../../../../shared/schemas/desk';

// The desk: the day view of the reservations screen (GET /api/desk/day), attendance marks
// (PUT /api/reservations/:id/attendance) and bookings made by staff (POST /api/desk/bookings).

/** One session of the day with its roster (seats taken counts the bookings that hold a seat). */
export interface DeskSession {
  /** '<weeklySessionId>:<date>' */
  id: string;
  weeklySessionId: number;
  course: string;
  level: string;
  coach: string | null;
  /** Gym time, 'HH:MM'. */
  time: string;
  startsAt: string;
  endsAt: string;
  durationMinutes: number;
  capacity: number;
  taken: number;
  spotsLeft: number;
  cancelled: boolean;
  roster: RosterEntry[];
}

/** A roster booking with the pass that paid for it and what its customer owes (satang). */
export type RosterEntry = Reservation & Partial<Pick<DeskRosterEntryDto, 'pass' | 'owedSatang' | 'waiver'>>;

export interface DeskDay {
  date: string;
  timezone: string;
  zoneLabel: string;
  closed: boolean;
  sessions: DeskSession[];
}

const DESK_KEY = ['/api/desk'] as const;
export const deskDayKey = (date: string) => [...DESK_KEY, 'day', date] as const;

export const useDeskDay = (date: string) =>
  useQuery<DeskDay>({ queryKey: deskDayKey(date), queryFn: () => apiGet<DeskDay>(`/api/desk/day?date=${encodeURIComponent(date)}`) });

/** What a desk write makes stale: the day, the reservation list (and menu badge), the dashboard, the public seats. */
function useDeskInvalidation() {
  const qc = useQueryClient();
  return () => Promise.all([DESK_KEY, ['/api/reservations'], ['/api/dashboard-stats']].map((queryKey) => qc.invalidateQueries({ queryKey })));
}

/**
 * Present / no-show / unmarked. The mark shows at once (the day's cached roster is updated
 * before the answer) and is put back if the server refuses it.
 */
export function useSetAttendance(date: string) {
  const qc = useQueryClient();
  const invalidate = useDeskInvalidation();
  return useMutation({
    mutationFn: ({ id, attendance }: { id: number; attendance: Attendance | null }) =>
      apiRequest<Reservation>('PUT', `/api/reservations/${id}/attendance`, { attendance }),
    onMutate: async ({ id, attendance }) => {
      const key = deskDayKey(date);
      await qc.cancelQueries({ queryKey: key });
      const previous = qc.getQueryData<DeskDay>(key);
      if (previous) {
        qc.setQueryData<DeskDay>(key, {
          ...previous,
          sessions: previous.sessions.map((s) => ({ ...s, roster: s.roster.map((r) => (r.id === id ? { ...r, attendance } : r)) })),
        });
      }
      return { previous };
    },
    onError: (_err, _vars, context) => {
      if (context?.previous) qc.setQueryData(deskDayKey(date), context.previous);
    },
    onSettled: invalidate,
  });
}

export function useDeskBooking() {
  const invalidate = useDeskInvalidation();
  return useMutation({
    mutationFn: (data: DeskBookingPayload) => apiRequest<Reservation>('POST', '/api/desk/bookings', data),
    onSettled: invalidate,
  });
}
