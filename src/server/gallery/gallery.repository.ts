import type { Db } from '../db/database';
import type { GalleryItemRow, GalleryItemsTable } from '../db/schema';
import type { Insertable, Updateable } from 'kysely';

export type NewGalleryItem = Insertable<GalleryItemsTable>;
export type GalleryItemUpdate = Updateable<GalleryItemsTable>;

/** One stored WebP variant of an upload (the variants column holds a JSON list of them). */
export interface GalleryVariant {
  width: number;
  url: string;
}

/** The variants column is JSON text; anything unreadable counts as none. */
export function parseVariants(text: string | null): GalleryVariant[] {
  if (!text) return [];
  try {
    const list = JSON.parse(text) as unknown;
    if (!Array.isArray(list)) return [];
    return list
      .filter(
        (v): v is GalleryVariant =>
          typeof (v as Partial<GalleryVariant> | null)?.width === 'number' && typeof (v as Partial<GalleryVariant> | null)?.url === 'string',
      )
      .map((v) => ({ width: v.width, url: v.url }));
  } catch {
    return [];
  }
}

/** Every item, newest first (which ones are shown is the service's rule). */
export function listItems(db: Db): Promise<GalleryItemRow[]> {
  return db.selectFrom('gallery_items').selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
}

export const insertItem = (db: Db, item: NewGalleryItem): Promise<GalleryItemRow> =>
  db.insertInto('gallery_items').values(item).returningAll().executeTakeFirstOrThrow();

/** Applies an edit and bumps the version; with `expectedVersion` only while the row still has it. */
export function updateItem(db: Db, id: number, patch: GalleryItemUpdate, expectedVersion?: number): Promise<GalleryItemRow | undefined> {
  let q = db
    .updateTable('gallery_items')
    .set((eb) => ({ ...patch, version: eb('version', '+', 1) }))
    .where('id', '=', id);
  if (expectedVersion !== undefined) q = q.where('version', '=', expectedVersion);
  return q.returningAll().executeTakeFirst();
}

export const findItemById = (db: Db, id: number): Promise<GalleryItemRow | undefined> =>
  db.selectFrom('gallery_items').selectAll().where('id', '=', id).executeTakeFirst();

/** Deletes and hands back the row (its files are removed by the caller), or undefined. */
export const deleteItem = (db: Db, id: number): Promise<GalleryItemRow | undefined> =>
  db.deleteFrom('gallery_items').where('id', '=', id).returningAll().executeTakeFirst();

export async function countItems(db: Db): Promise<number> {
  const r = await db
    .selectFrom('gallery_items')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(r.n);
}
