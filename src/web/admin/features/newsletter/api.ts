import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ContactStatus } from '../../../../shared/constants';
import { apiRequest } from '../../../lib/api-client';
import type { ContactSubmission, NewsletterSubscriber } from '../../lib/types';

export const SUBSCRIBERS_KEY = ['/api/newsletter-subscribers'] as const;
export const CONTACTS_KEY = ['/api/contact-submissions'] as const;

export const useSubscribers = () => useQuery<NewsletterSubscriber[]>({ queryKey: SUBSCRIBERS_KEY });
export const useContactSubmissions = () => useQuery<ContactSubmission[]>({ queryKey: CONTACTS_KEY });

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

/** Case-insensitive match on e-mail or name (SPEC.md §2). */
export function matchesSubscriber(s: NewsletterSubscriber, query: string): boolean {
  const q = query.trim().toLowerCase();
  if (!q) return true;
  return s.email.toLowerCase().includes(q) || (s.name ?? '').toLowerCase().includes(q);
}
