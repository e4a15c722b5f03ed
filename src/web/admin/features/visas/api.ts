import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { VisaLetterDto, VisaLetterPageDto } from '../../../../shared/api-types';
import type { VisaLetterStatus } from '../../../../shared/visa-letters';
import { apiGet, apiRequest } from '../../../lib/api-client';

// The "Visas" screen (issue 35 §3): GET /api/visa-letters (passport data; every read is in the
// audit log), issuing and revoking.

export const VISAS_KEY = ['/api/visa-letters'] as const;

export const useVisaLetters = (status: VisaLetterStatus | 'all') =>
  useQuery<VisaLetterPageDto>({
    queryKey: [...VISAS_KEY, status],
    queryFn: () => apiGet<VisaLetterPageDto>(`/api/visa-letters?pageSize=100${status === 'all' ? '' : `&status=${status}`}`),
  });

/** The letter as issued, opened by the browser (the session's cookie goes with it). */
export const letterPdfUrl = (id: number) => `/api/visa-letters/${id}/letter.pdf`;

function useVisaWrite<TVars>(fn: (vars: TVars) => Promise<VisaLetterDto>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSettled: () => qc.invalidateQueries({ queryKey: VISAS_KEY }) });
}

export const useIssueLetter = () => useVisaWrite((id: number) => apiRequest<VisaLetterDto>('POST', `/api/visa-letters/${id}/issue`, {}));
export const useRevokeLetter = () =>
  useVisaWrite(({ id, reason }: { id: number; reason: string }) => apiRequest<VisaLetterDto>('POST', `/api/visa-letters/${id}/revoke`, { reason }));
