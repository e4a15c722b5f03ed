import { QueryClient, type QueryFunction } from '@tanstack/react-query';
import { apiGet } from '../../lib/api-client';

// Query keys are URL segments: ['/api/conversations', 5, 'messages'] → /api/conversations/5/messages,
// so invalidating ['/api/conversations'] also refreshes every conversation below it.
const defaultQueryFn: QueryFunction = ({ queryKey }) => apiGet(queryKey.map(String).join('/'));

/** SPEC.md §7/§9: no retries, no refetch on focus, no polling, never stale, GC after 5 minutes. */
export function createAdminQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: defaultQueryFn,
        retry: false,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        staleTime: Infinity,
        gcTime: 5 * 60 * 1000,
      },
      mutations: { retry: false },
    },
  });
}
