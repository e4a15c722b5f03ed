import { queryOptions } from '@tanstack/react-query';
import { apiGet, type GetJson } from '../../lib/api-client';
import type { GalleryItem } from '../../lib/types';
import { isVisibleGalleryItem } from '../../../shared/media';

export const galleryQuery = (get: GetJson = apiGet) =>
  queryOptions({
    queryKey: ['gallery'],
    queryFn: () => get<GalleryItem[]>('/api/gallery'),
    // Items with neither an image nor an Instagram link have nothing to show (SPEC.md §3).
    select: (items) => items.filter(isVisibleGalleryItem),
  });
