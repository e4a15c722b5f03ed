import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { ReservationPageDto } from '../../../../shared/api-types';
import type { BulkResult } from '../../../../shared/schemas/bulk';
import { usePagedList } from '../../lib/list-state';

export const RESERVATIONS_KEY = ['/api/reservations'] as const;

/** One page of a search (issue 13): the list screen reads pages, never the whole table. */
export const useReservationPage = (query: string) => usePagedList<ReservationPageDto>('/api/reservations', query);

/** The unread count for the menu badge: the counts of a one-row page, not every booking. */
export function useUnreadReservations(): number | undefined {
  return useReservationPage('pageSize=1').data?.counts.unread;
}

function useReservationMutation<TVars, TResult = unknown>(fn: (vars: TVars) => Promise<TResult>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: async () => {
      await Promise.all([qc.invalidateQueries({ queryKey: RESERVATIONS_KEY }), qc.invalidateQueries({ queryKey: ['/api/dashboard-stats'] })]);
    },
  });
}

export const useMarkReservationRead = () => useReservationMutation((id: number) => apiRequest('PUT', `/api/reservations/${id}/read`));
export const useArchiveReservation = () => useReservationMutation((id: number) => apiRequest('PUT', `/api/reservations/${id}/archive`));
export const useDeleteReservation = () => useReservationMutation((id: number) => apiRequest('DELETE', `/api/reservations/${id}`));
/** The archive toast's "Annuler" and the archived row's action: back to unread or read, as it was. */
export const useUnarchiveReservation = () => useReservationMutation((id: number) => apiRequest('PUT', `/api/reservations/${id}/unarchive`));
export const useMarkReservationUnread = () => useReservationMutation((id: number) => apiRequest('PUT', `/api/reservations/${id}/unread`));

export type ReservationBulkAction = 'read' | 'archive' | 'unarchive' | 'delete';
/** One request for the whole selection (POST /api/reservations/bulk/{action}). */
export const useBulkReservations = () =>
  useReservationMutation(({ action, ids }: { action: ReservationBulkAction; ids: number[] }) =>
    apiRequest<BulkResult>('POST', `/api/reservations/bulk/${action}`, { ids }),
  );

/** Staff cancel: the booking stays listed as 'cancelled' and its seat is freed (the desk's day and the dashboard change too). */
export function useCancelReservation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest('PUT', `/api/reservations/${id}/cancel`),
    onSettled: () => Promise.all([RESERVATIONS_KEY, ['/api/desk'], ['/api/dashboard-stats']].map((queryKey) => qc.invalidateQueries({ queryKey }))),
  });
}
