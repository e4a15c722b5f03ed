import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { blogCategorySchema } from '../../../../shared/schemas/blog';
import { apiRequest } from '../../../lib/api-client';
import type { BlogCategory } from '../../lib/types';

export const CATEGORIES_KEY = ['/api/blog-categories'] as const;
export type CategoryPayload = z.output<typeof blogCategorySchema>;

export const useCategories = () => useQuery<BlogCategory[]>({ queryKey: CATEGORIES_KEY });

function useInvalidate() {
  const qc = useQueryClient();
  return () => Promise.all([qc.invalidateQueries({ queryKey: CATEGORIES_KEY }), qc.invalidateQueries({ queryKey: ['/api/blog-posts'] })]);
}

export function useSaveCategory() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, data }: { id: number | null; data: CategoryPayload }) =>
      id === null ? apiRequest<BlogCategory>('POST', '/api/blog-categories', data) : apiRequest<BlogCategory>('PUT', `/api/blog-categories/${id}`, data),
    onSuccess: invalidate,
  });
}

export function useDeleteCategory() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: number) => apiRequest('DELETE', `/api/blog-categories/${id}`),
    onSettled: invalidate,
  });
}
