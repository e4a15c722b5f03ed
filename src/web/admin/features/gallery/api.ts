import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { GALLERY_DEFAULT_CATEGORY } from '../../../../shared/constants';
import { INSTAGRAM_URL_PATTERN, type GalleryInstagramInput, type GalleryMetaInput, type GalleryUpdateInput } from '../../../../shared/schemas/gallery';
import { apiRequest, uploadWithProgress } from '../../../lib/api-client';
import type { GalleryItem } from '../../lib/types';

export const GALLERY_KEY = ['/api/gallery'] as const;

export const useGallery = () => useQuery<GalleryItem[]>({ queryKey: GALLERY_KEY });

/** SPEC.md §5: an empty category is "general", which the filter calls uncategorised. */
export const isUncategorised = (item: Pick<GalleryItem, 'category'>) => !item.category || item.category === GALLERY_DEFAULT_CATEGORY;

/** The image URL "extracted" from an Instagram post link is, in practice, the link itself (SPEC.md §5). */
export function extractInstagramImageUrl(link: string): string | null {
  const url = link.trim();
  return INSTAGRAM_URL_PATTERN.test(url) ? url : null;
}

function useInvalidateGallery() {
  const qc = useQueryClient();
  return () => Promise.all([qc.invalidateQueries({ queryKey: GALLERY_KEY }), qc.invalidateQueries({ queryKey: ['/api/dashboard-stats'] })]);
}

export function useUploadImage() {
  const invalidate = useInvalidateGallery();
  return useMutation({
    mutationFn: ({ file, meta, onProgress }: { file: File; meta: GalleryMetaInput; onProgress: (p: number) => void }) => {
      const form = new FormData();
      // Text fields first: the server reads them before it streams the file.
      form.append('title', meta.title);
      form.append('description', meta.description ?? '');
      form.append('category', meta.category);
      form.append('image', file, file.name);
      return uploadWithProgress<GalleryItem>('/api/gallery', form, onProgress);
    },
    onSuccess: invalidate,
  });
}

export function useAddInstagram() {
  const invalidate = useInvalidateGallery();
  return useMutation({
    mutationFn: (data: GalleryInstagramInput) => apiRequest<GalleryItem>('POST', '/api/gallery/instagram', { ...data, filename: '' }),
    onSuccess: invalidate,
  });
}

export function useUpdateImage() {
  const invalidate = useInvalidateGallery();
  return useMutation({
    mutationFn: ({ id, data }: { id: number; data: GalleryUpdateInput }) => apiRequest<GalleryItem>('PUT', `/api/gallery/${id}`, data),
    onSuccess: invalidate,
  });
}

export function useDeleteImage() {
  const invalidate = useInvalidateGallery();
  return useMutation({
    mutationFn: (id: number) => apiRequest('DELETE', `/api/gallery/${id}`),
    onSettled: invalidate,
  });
}

/** The delete toast's "Annuler": the item comes back as it was (same id, same files). */
export function useRestoreImage() {
  const invalidate = useInvalidateGallery();
  return useMutation({
    mutationFn: (id: number) => apiRequest<GalleryItem>('POST', `/api/gallery/${id}/restore`),
    onSettled: invalidate,
  });
}
