import type { GalleryItemRow } from '../db/schema';
import type { GalleryItemDto } from '../../shared/api-types';
import { parseVariants } from './gallery.repository';
export type { GalleryItemDto };

const num = (v: number | string | null): number | null => (v == null ? null : Number(v));

export const presentGalleryItem = (r: GalleryItemRow): GalleryItemDto => ({
  id: Number(r.id),
  title: r.title,
  description: r.description,
  category: r.category,
  imageUrl: r.image_url,
  instagramUrl: r.instagram_url,
  filename: r.filename,
  width: num(r.width),
  height: num(r.height),
  variants: parseVariants(r.variants),
  createdAt: r.created_at,
  version: r.version,
});
