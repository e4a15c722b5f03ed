import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SavedReplyInput } from '../../../../shared/schemas/saved-replies';
import { apiRequest } from '../../../lib/api-client';
import type { SavedReply } from '../../lib/types';

export const SAVED_REPLIES_KEY = ['/api/saved-replies'] as const;

export const useSavedReplies = () => useQuery<SavedReply[]>({ queryKey: SAVED_REPLIES_KEY });

export function useSaveSavedReply() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, data }: { id: number | null; data: SavedReplyInput }) =>
      id === null ? apiRequest<SavedReply>('POST', '/api/saved-replies', data) : apiRequest<SavedReply>('PUT', `/api/saved-replies/${id}`, data),
    onSettled: () => qc.invalidateQueries({ queryKey: SAVED_REPLIES_KEY }),
  });
}

export function useDeleteSavedReply() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest('DELETE', `/api/saved-replies/${id}`),
    onSettled: () => qc.invalidateQueries({ queryKey: SAVED_REPLIES_KEY }),
  });
}
