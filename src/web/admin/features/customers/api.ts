import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CustomerAdoptDto, CustomerDetailDto, CustomerMergeDto, CustomerPageDto } from '../../../../shared/api-types';
import type { CustomerAdoptPayload } from '../../../../shared/schemas/customers';
import { apiRequest } from '../../../lib/api-client';
import { usePagedList } from '../../lib/list-state';

const CUSTOMERS_KEY = ['/api/customers'] as const;

/** A page of customers, searched in name, e-mail and phone. */
export const useCustomerPage = (query: string) => usePagedList<CustomerPageDto>('/api/customers', query);

/** One customer's history (a merged id answers the record it went into, with mergedFromId). */
export const useCustomer = (id: number | null) => useQuery<CustomerDetailDto>({ queryKey: ['/api/customers', id], enabled: id !== null });

/** Merges `otherId` into customer `id`; every customer query is refetched (both records changed). */
export function useMergeCustomer(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (otherId: number) => apiRequest<CustomerMergeDto>('POST', `/api/customers/${id}/merge`, { otherId }),
    onSettled: () => qc.invalidateQueries({ queryKey: CUSTOMERS_KEY }),
  });
}

/** The customer takes a value a visitor typed (decision 173); every customer query is refetched (the list shows it too). */
export function useAdoptDetail(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: CustomerAdoptPayload) => apiRequest<CustomerAdoptDto>('POST', `/api/customers/${id}/adopt`, body),
    onSettled: () => qc.invalidateQueries({ queryKey: CUSTOMERS_KEY }),
  });
}
