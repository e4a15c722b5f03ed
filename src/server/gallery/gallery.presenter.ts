import type { GalleryItemRow } from '../db/schema';
import type { GalleryVariantDto, GalleryItemDto } from '../../shared/api-types';
export type { GalleryVariantDto, GalleryItemDto };

/** The variants column is JSON text; anything unreadable counts as none. */
export function parseVariants(text: string | null): GalleryVariantDto[] {
  if (!text) return [];
  try {
    const list = JSON.parse(text) as unknown;
    if (!Array.isArray(list)) return [];
    const items = list as Array<Partial<GalleryVariantDto> | null>;
    return items.filter((v): v is GalleryVariantDto => typeof v?.width === 'number' && typeof v?.url === 'string').map((v) => ({ width: v.width, url: v.url }));
  } catch {
    return [];
  }
}

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
});
