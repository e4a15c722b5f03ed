import { GALLERY_VARIANT_WIDTHS } from './constants';

export interface ImageVariant {
  width: number;
  url: string;
}

// An uploaded picture is stored as WebP variants named <stem>-<width>.webp under
// /uploads/gallery/ (src/server/media/storage.ts, gallery.service.ts), for the widths of
// GALLERY_VARIANT_WIDTHS that the picture reaches, plus its own width when narrower than all.
const UPLOAD_VARIANT = /^((?:https?:\/\/[^/?#]+)?\/uploads\/gallery\/[0-9a-f]{32}-)([0-9]{1,5})\.webp$/;

/**
 * The WebP variants behind a URL of one of our uploads (a blog post's featured image is
 * often a gallery picture's URL), smallest first; none for any other URL.
 *
 * Only variants that must exist are listed: every standard width below the one in the URL
 * was written with it (a variant of width W means the picture is at least W wide), and the
 * URL's own. Wider variants may exist too, but the URL does not tell.
 */
export function uploadVariants(url: string | null | undefined): ImageVariant[] {
  const m = url ? UPLOAD_VARIANT.exec(url) : null;
  if (!m) return [];
  const [, base, w] = m;
  const width = Number(w);
  if (!(width > 0)) return [];
  return [...GALLERY_VARIANT_WIDTHS.filter((x) => x < width), width].map((x) => ({ width: x, url: `${base}${x}.webp` }));
}

/** An <img srcset> from variants; undefined when there are none. */
export function srcSetOf(variants: readonly ImageVariant[] | null | undefined): string | undefined {
  const v = variants?.filter((x) => x && x.url && x.width > 0) ?? [];
  return v.length ? v.map((x) => `${x.url} ${x.width}w`).join(', ') : undefined;
}

/**
 * Whether a gallery item has anything to show: an image or an Instagram link (SPEC.md §3).
 * The one rule for the public side: the server leaves the others out of GET /api/gallery and
 * the site's gallery applies it to what it receives.
 */
export function isVisibleGalleryItem(item: { imageUrl: string | null; instagramUrl: string | null }): boolean {
  return Boolean(item.imageUrl) || Boolean(item.instagramUrl);
}
