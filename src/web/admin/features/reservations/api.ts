import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { Reservation } from '../../lib/types';

export const RESERVATIONS_KEY = ['/api/reservations'] as const;

export const useReservations = () => useQuery<Reservation[]>({ queryKey: RESERVATIONS_KEY });

/** Unread, not archived: the menu badge and the "Non lues" tile. */
export const countUnread = (list: Reservation[] | undefined) => (list ?? []).filter((r) => r.status === 'unread').length;

function useReservationMutation<TVars>(fn: (vars: TVars) => Promise<unknown>) {
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

/** Staff cancel: the booking stays listed as 'cancelled' and its seat is freed (the desk's day and the dashboard change too). */
export function useCancelReservation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest('PUT', `/api/reservations/${id}/cancel`),
    onSettled: () => Promise.all([RESERVATIONS_KEY, ['/api/desk'], ['/api/dashboard-stats']].map((queryKey) => qc.invalidateQueries({ queryKey }))),
  });
}
