import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ClassCreatePayload,
  ClassDto,
  ClassUpdatePayload,
  ClosureCreatePayload,
  ClosureDto,
  HeldBookingDto,
  SessionCancellationDto,
  SessionCancellationPayload,
  WeeklySessionCreatePayload,
  WeeklySessionDto,
  WeeklySessionUpdatePayload,
} from '../../../../shared/schemas/timetable';
import { apiGet, apiRequest } from '../../../lib/api-client';

// The planning screen: classes, weekly sessions, one-off cancellations and closures
// (/api/timetable/*, staff and admins). Every write refreshes the whole planning, the day view
// of the desk and the dashboard (capacities and cancellations change the seats they show).

export const CLASSES_KEY = ['/api/timetable/classes'] as const;
export const WEEKLY_SESSIONS_KEY = ['/api/timetable/weekly-sessions'] as const;
export const CANCELLATIONS_KEY = ['/api/timetable/cancellations'] as const;
export const CLOSURES_KEY = ['/api/timetable/closures'] as const;

export const useClasses = () => useQuery<ClassDto[]>({ queryKey: CLASSES_KEY });
export const useWeeklySessions = () => useQuery<WeeklySessionDto[]>({ queryKey: WEEKLY_SESSIONS_KEY });
/** From today (gym time), as the server defaults. */
export const useCancellations = () => useQuery<SessionCancellationDto[]>({ queryKey: CANCELLATIONS_KEY });
export const useClosures = () => useQuery<ClosureDto[]>({ queryKey: CLOSURES_KEY });

/** Who is booked on one occurrence, shown before it is cancelled (refetched each time the dialog opens). */
export const useOccurrenceBookings = (weeklySessionId: number | null, date: string) =>
  useQuery<HeldBookingDto[]>({
    queryKey: ['/api/timetable/weekly-sessions', weeklySessionId, 'bookings', date],
    queryFn: () => apiGet<HeldBookingDto[]>(`/api/timetable/weekly-sessions/${weeklySessionId}/bookings?date=${date}`),
    enabled: weeklySessionId !== null && /^\d{4}-\d{2}-\d{2}$/.test(date),
    staleTime: 0,
  });

/** The bookings a closure of these dates would cancel. */
export const useClosurePreview = (startDate: string, endDate: string, enabled: boolean) =>
  useQuery<HeldBookingDto[]>({
    queryKey: ['/api/timetable/closures/preview', startDate, endDate],
    queryFn: () => apiGet<HeldBookingDto[]>(`/api/timetable/closures/preview?startDate=${startDate}&endDate=${endDate}`),
    enabled: enabled && /^\d{4}-\d{2}-\d{2}$/.test(startDate) && endDate >= startDate,
    staleTime: 0,
  });

function usePlanningMutation<TVars, TResult = unknown>(fn: (vars: TVars) => Promise<TResult>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () =>
      Promise.all(
        [CLASSES_KEY, WEEKLY_SESSIONS_KEY, CANCELLATIONS_KEY, CLOSURES_KEY, ['/api/desk'], ['/api/dashboard-stats'], ['/api/reservations']].map((queryKey) =>
          qc.invalidateQueries({ queryKey }),
        ),
      ),
  });
}

export const useCreateClass = () => usePlanningMutation((data: ClassCreatePayload) => apiRequest<ClassDto>('POST', '/api/timetable/classes', data));
export const useUpdateClass = () =>
  usePlanningMutation(({ id, data }: { id: number; data: ClassUpdatePayload }) => apiRequest<ClassDto>('PATCH', `/api/timetable/classes/${id}`, data));

export const useCreateWeeklySession = () =>
  usePlanningMutation((data: WeeklySessionCreatePayload) => apiRequest<WeeklySessionDto>('POST', '/api/timetable/weekly-sessions', data));
export const useUpdateWeeklySession = () =>
  usePlanningMutation(({ id, data }: { id: number; data: WeeklySessionUpdatePayload }) =>
    apiRequest<WeeklySessionDto & { bookingsChanged: number }>('PATCH', `/api/timetable/weekly-sessions/${id}`, data),
  );
export const useDeleteWeeklySession = () => usePlanningMutation((id: number) => apiRequest('DELETE', `/api/timetable/weekly-sessions/${id}`));

export const useCancelOccurrence = () =>
  usePlanningMutation(({ weeklySessionId, data }: { weeklySessionId: number; data: SessionCancellationPayload }) =>
    apiRequest<SessionCancellationDto & { bookingsCancelled: number }>('POST', `/api/timetable/weekly-sessions/${weeklySessionId}/cancellations`, data),
  );
export const useRestoreOccurrence = () =>
  usePlanningMutation(({ weeklySessionId, date }: { weeklySessionId: number; date: string }) =>
    apiRequest('DELETE', `/api/timetable/weekly-sessions/${weeklySessionId}/cancellations/${date}`),
  );

export const useCreateClosure = () =>
  usePlanningMutation((data: ClosureCreatePayload) => apiRequest<ClosureDto & { bookingsCancelled: number }>('POST', '/api/timetable/closures', data));
export const useDeleteClosure = () => usePlanningMutation((id: number) => apiRequest('DELETE', `/api/timetable/closures/${id}`));
