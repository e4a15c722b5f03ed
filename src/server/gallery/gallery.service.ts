import { GALLERY_MAX_PIXELS, GALLERY_VARIANT_WIDTHS } from '../../shared/constants';
import { isVisibleGalleryItem } from '../../shared/media';
import type { GalleryInstagramInput, GalleryMetaInput, GalleryUpdateInput } from '../../shared/schemas/gallery';
import type { AppContext } from '../context';
import { nowIso } from '../db/database';
import type { GalleryItemRow } from '../db/schema';
import { badRequest, conflict, notFound, payloadTooLarge, unsupportedMedia } from '../errors';
import { ImageRejectedError, processImage, type ProcessedImage } from '../media/image-processing';
import { newMediaStem, sanitizeFilename, variantName, type MediaStorage } from '../media/storage';
import { publicMediaStorage } from '../media/stores';
import * as repo from './gallery.repository';
import { parseVariants, type GalleryVariant } from './gallery.repository';
import { NO_FILE, STALE_EDIT } from '../../shared/messages';

export { NO_FILE };
export const FILE_TOO_LARGE = 'Le fichier dépasse la taille maximale de 10 Mo';
export const UNSUPPORTED_FORMAT = "Format d'image non pris en charge (JPG, PNG, GIF ou WebP)";
export const CORRUPT_IMAGE = "L'image est illisible : le fichier est endommagé ou incomplet";
export const TOO_MANY_PIXELS = `L'image est trop grande : ${GALLERY_MAX_PIXELS / 1_000_000} mégapixels au maximum`;
export const ITEM_NOT_FOUND = 'Image introuvable';

const CACHE_PREFIX = 'gallery:';

/** Gallery files live in uploads/gallery (DATA_DIR or the bucket), served at /uploads/gallery/ with long cache headers. */
export const galleryStorage = (ctx: AppContext): MediaStorage => publicMediaStorage(ctx.config, 'gallery');

/** Newest first. Items with neither an image nor an Instagram link are dropped (isVisibleGalleryItem, SPEC §3). */
export async function listGallery(ctx: AppContext, opts: { anonymous: boolean }): Promise<GalleryItemRow[]> {
  const key = `${CACHE_PREFIX}list`;
  if (opts.anonymous) {
    const cached = ctx.publicCache.get<GalleryItemRow[]>(key);
    if (cached) return cached;
  }
  const list = (await repo.listItems(ctx.db)).filter((row) => isVisibleGalleryItem({ imageUrl: row.image_url, instagramUrl: row.instagram_url }));
  if (opts.anonymous) ctx.publicCache.set(key, list);
  return list;
}

export interface UploadedFile {
  data: Buffer;
  /** As the client named it; only a sanitised base name is kept. */
  filename: string | null;
}

/** The answer to an image processImage refused (415, 413 or 400). Also used by the site images. */
export function rejection(err: unknown): never {
  if (err instanceof ImageRejectedError) {
    if (err.reason === 'unsupported') throw unsupportedMedia(UNSUPPORTED_FORMAT);
    if (err.reason === 'too-many-pixels') throw payloadTooLarge(TOO_MANY_PIXELS);
    throw badRequest(CORRUPT_IMAGE);
  }
  throw err;
}

/** Writes every variant, or none: a failure part-way removes what was written. Also used by the site images. */
export async function storeVariants(storage: MediaStorage, image: ProcessedImage) {
  const stem = newMediaStem();
  const written: string[] = [];
  try {
    const variants: GalleryVariant[] = [];
    for (const v of image.variants) {
      const name = variantName(stem, v.width);
      await storage.save(name, v.data);
      written.push(name);
      variants.push({ width: v.width, url: storage.urlFor(name) });
    }
    return { variants, written };
  } catch (err) {
    await Promise.all(written.map((n) => storage.remove(n).catch(() => {})));
    throw err;
  }
}

/**
 * Checks and converts an image (type from the bytes, pixel limit, upright, no metadata,
 * WebP variants), stores its files and the item. Nothing stays on disk when any step fails.
 */
export async function addImage(ctx: AppContext, meta: GalleryMetaInput, file: UploadedFile, opts: { countStat?: boolean } = {}): Promise<GalleryItemRow> {
  if (file.data.length === 0) throw badRequest(NO_FILE);
  const image = await processImage(file.data, { widths: GALLERY_VARIANT_WIDTHS, maxPixels: GALLERY_MAX_PIXELS }).catch(rejection);
  const storage = galleryStorage(ctx);
  const { variants, written } = await storeVariants(storage, image);
  const largest = image.variants[image.variants.length - 1];
  let row: GalleryItemRow;
  try {
    row = await repo.insertItem(ctx.db, {
      title: meta.title,
      description: meta.description,
      category: meta.category,
      image_url: variants[variants.length - 1].url,
      instagram_url: null,
      filename: sanitizeFilename(file.filename) ?? `image.${image.format === 'jpeg' ? 'jpg' : image.format}`,
      width: largest.width,
      height: largest.height,
      variants: JSON.stringify(variants),
      created_at: nowIso(),
    });
  } catch (err) {
    await Promise.all(written.map((n) => storage.remove(n).catch(() => {})));
    throw err;
  }
  ctx.publicCache.invalidate('gallery');
  if (opts.countStat !== false) await ctx.stats.increment('gallery_image_uploaded');
  return row;
}

/** An Instagram post; without an image URL the link itself is stored as the image (SPEC §5). */
export async function addInstagramItem(ctx: AppContext, input: GalleryInstagramInput): Promise<GalleryItemRow> {
  const row = await repo.insertItem(ctx.db, {
    title: input.title,
    description: input.description,
    category: input.category,
    image_url: input.imageUrl ?? input.instagramUrl,
    instagram_url: input.instagramUrl,
    filename: sanitizeFilename(input.filename),
    width: null,
    height: null,
    variants: null,
    created_at: nowIso(),
  });
  ctx.publicCache.invalidate('gallery');
  return row;
}

export async function updateGalleryItem(ctx: AppContext, id: number, meta: GalleryUpdateInput): Promise<GalleryItemRow> {
  const row = await repo.updateItem(ctx.db, id, { title: meta.title, description: meta.description, category: meta.category }, meta.version);
  if (!row) throw (await repo.findItemById(ctx.db, id)) ? conflict(STALE_EDIT.galleryItem, 'stale_version') : notFound(ITEM_NOT_FOUND);
  ctx.publicCache.invalidate('gallery');
  return row;
}

/** How long a deleted item can be restored ("Annuler" in the toast, a few seconds) before the purge may remove it. */
export const GALLERY_RESTORE_WINDOW_MS = 3_600_000;

/**
 * DELETE /api/gallery/{id}: a soft delete (docs/decisions/079-undo-and-bulk-actions.md). The item disappears from
 * every list at once; its row and files stay until the purge, so "Annuler" restores it exactly
 * (same id, same files), even across a restart.
 */
export async function deleteGalleryItem(ctx: AppContext, id: number, now = new Date()): Promise<void> {
  const row = await repo.markDeleted(ctx.db, id, now.toISOString());
  if (!row) throw notFound(ITEM_NOT_FOUND);
  ctx.publicCache.invalidate('gallery');
}

/** POST /api/gallery/{id}/restore: undoes a delete not yet purged. */
export async function restoreGalleryItem(ctx: AppContext, id: number): Promise<GalleryItemRow> {
  const row = await repo.restoreDeleted(ctx.db, id);
  if (!row) throw notFound(ITEM_NOT_FOUND);
  ctx.publicCache.invalidate('gallery');
  return row;
}

/** Removes for good the items deleted more than the restore window ago, then their files (only names we made; a missing file is fine). */
export async function purgeDeletedGalleryItems(ctx: AppContext, now = new Date()): Promise<number> {
  const rows = await repo.purgeDeletedBefore(ctx.db, new Date(now.getTime() - GALLERY_RESTORE_WINDOW_MS).toISOString());
  const storage = galleryStorage(ctx);
  const names = new Set<string>();
  for (const row of rows) {
    for (const v of parseVariants(row.variants)) {
      const n = storage.nameFromUrl(v.url);
      if (n) names.add(n);
    }
    const main = row.image_url ? storage.nameFromUrl(row.image_url) : null;
    if (main) names.add(main);
  }
  await Promise.all([...names].map((n) => storage.remove(n).catch((err) => ctx.log.warn({ err, file: n }, 'could not remove a gallery file'))));
  return rows.length;
}
