import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RoomClosureDto, RoomTypeDto } from '../../../../shared/api-types/stays';
import type { RoomClosureInput, RoomTypeCreateInput, RoomTypePatchInput } from '../../../../shared/schemas/stays';
import { apiRequest } from '../../../lib/api-client';

// "Hébergement" (issue 36 §1): room types and their rooms, and rooms closed for repairs.

const ROOM_TYPES_KEY = ['/api/stays/room-types'] as const;
const CLOSURES_KEY = ['/api/stays/closures'] as const;

export const useRoomTypes = () => useQuery<{ roomTypes: RoomTypeDto[] }>({ queryKey: ROOM_TYPES_KEY });
export const useClosures = () => useQuery<{ closures: RoomClosureDto[] }>({ queryKey: CLOSURES_KEY });

export function useSaveRoomType() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, data }: { id: number | null; data: RoomTypeCreateInput | RoomTypePatchInput }) =>
      id === null ? apiRequest<RoomTypeDto>('POST', '/api/stays/room-types', data) : apiRequest<RoomTypeDto>('PATCH', `/api/stays/room-types/${id}`, data),
    onSettled: () => qc.invalidateQueries({ queryKey: ROOM_TYPES_KEY }),
  });
}

export function useCloseRoom() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (data: RoomClosureInput) => apiRequest<{ id: number }>('POST', '/api/stays/closures', data),
    onSettled: () => qc.invalidateQueries({ queryKey: CLOSURES_KEY }),
  });
}

export function useReopenRoom() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest('DELETE', `/api/stays/closures/${id}`),
    onSettled: () => qc.invalidateQueries({ queryKey: CLOSURES_KEY }),
  });
}
