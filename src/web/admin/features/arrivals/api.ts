import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ArrivalsBoardDto, OccupancyDto } from '../../../../shared/api-types/arrivals';
import { apiRequest } from '../../../lib/api-client';

// "Arrivées" (issue 36 §5): the board of a day and the next, check-in and check-out, the occupancy grid.

const boardKey = (date: string) => [`/api/stays/arrivals?date=${date}`] as const;
const occupancyKey = (from: string) => [`/api/stays/occupancy?from=${from}&days=30`] as const;

export const useArrivals = (date: string) => useQuery<ArrivalsBoardDto>({ queryKey: boardKey(date) });
export const useOccupancy = (from: string) => useQuery<OccupancyDto>({ queryKey: occupancyKey(from) });

export function useCheckIn() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ orderId, roomId }: { orderId: number; roomId: number }) => apiRequest('POST', `/api/stays/${orderId}/check-in`, { roomId }),
    onSettled: () => qc.invalidateQueries({ predicate: (q) => String(q.queryKey[0]).startsWith('/api/stays/arrivals') }),
  });
}

export function useCheckOut() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (orderId: number) => apiRequest('POST', `/api/stays/${orderId}/check-out`),
    onSettled: () => qc.invalidateQueries({ predicate: (q) => String(q.queryKey[0]).startsWith('/api/stays/') }),
  });
}
