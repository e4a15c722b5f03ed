import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DiscountCodeDto } from '../../../../shared/api-types';
import type { DiscountCodePayload } from '../../../../shared/schemas/discount-codes';
import { apiRequest } from '../../../lib/api-client';

// Discount codes (issue 48 point 6): GET/POST /api/discount-codes, PATCH /api/discount-codes/{id},
// POST /api/discount-codes/{id}/disable. A write refreshes the list and the dashboard's takings.

export const CODES_KEY = ['/api/discount-codes'] as const;

export const useDiscountCodes = () => useQuery<DiscountCodeDto[]>({ queryKey: CODES_KEY });

function useCodeWrite<T>(fn: (vars: T) => Promise<DiscountCodeDto>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: CODES_KEY });
      void qc.invalidateQueries({ queryKey: ['/api/discount-codes/takings'] });
    },
  });
}

export const useSaveCode = () =>
  useCodeWrite(({ id, data }: { id: number | null; data: DiscountCodePayload }) =>
    id === null ? apiRequest<DiscountCodeDto>('POST', '/api/discount-codes', data) : apiRequest<DiscountCodeDto>('PATCH', `/api/discount-codes/${id}`, data),
  );

export const useDisableCode = () => useCodeWrite((id: number) => apiRequest<DiscountCodeDto>('POST', `/api/discount-codes/${id}/disable`, {}));
