import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ContactSubmissionPageDto, NewsletterSubscriberPageDto } from '../../../../shared/api-types';
import type { ContactStatus } from '../../../../shared/constants';
import { apiRequest } from '../../../lib/api-client';
import type { BulkResult } from '../../../../shared/schemas/bulk';
import { usePagedList } from '../../lib/list-state';

export const SUBSCRIBERS_KEY = ['/api/newsletter-subscribers'] as const;
export const CONTACTS_KEY = ['/api/contact-submissions'] as const;

// Pages of a search (issue 13); the keys start with the lists' paths, so every change refreshes them.
export const useSubscriberPage = (query: string) => usePagedList<NewsletterSubscriberPageDto>('/api/newsletter-subscribers', query);
export const useContactPage = (query: string) => usePagedList<ContactSubmissionPageDto>('/api/contact-submissions', query);

export function useDeleteSubscriber() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest('DELETE', `/api/newsletter-subscribers/${id}`),
    onSettled: () => Promise.all([qc.invalidateQueries({ queryKey: SUBSCRIBERS_KEY }), qc.invalidateQueries({ queryKey: ['/api/dashboard-stats'] })]),
  });
}

export function useSetContactStatus() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: number; status: ContactStatus }) => apiRequest('PUT', `/api/contact-submissions/${id}/status`, { status }),
    onSettled: () => qc.invalidateQueries({ queryKey: CONTACTS_KEY }),
  });
}

/** One request for the selection (POST /api/newsletter-subscribers/bulk/delete). */
export function useBulkDeleteSubscribers() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (ids: number[]) => apiRequest<BulkResult>('POST', '/api/newsletter-subscribers/bulk/delete', { ids }),
    onSettled: () => Promise.all([qc.invalidateQueries({ queryKey: SUBSCRIBERS_KEY }), qc.invalidateQueries({ queryKey: ['/api/dashboard-stats'] })]),
  });
}

/** Mark the selected contact messages read ('read') or unread ('new'), in one request. */
export function useBulkContactStatus() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ ids, status }: { ids: number[]; status: ContactStatus }) =>
      apiRequest<BulkResult>('POST', '/api/contact-submissions/bulk/status', { ids, status }),
    onSettled: () => qc.invalidateQueries({ queryKey: CONTACTS_KEY }),
  });
}
