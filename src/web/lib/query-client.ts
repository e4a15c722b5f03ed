import { QueryClient } from '@tanstack/react-query';

// SPEC.md §7/§9 data-layer defaults: never stale, no retries, no refetch on focus, 5 min GC.
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: Infinity,
        gcTime: 5 * 60 * 1000,
        retry: false,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}
