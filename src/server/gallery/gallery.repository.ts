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

/** Every item not deleted, newest first (which ones are shown is the service's rule). */
export function listItems(db: Db): Promise<GalleryItemRow[]> {
  return db.selectFrom('gallery_items').selectAll().where('deleted_at', 'is', null).orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
}

export const insertItem = (db: Db, item: NewGalleryItem): Promise<GalleryItemRow> =>
  db.insertInto('gallery_items').values(item).returningAll().executeTakeFirstOrThrow();

/** Applies an edit and bumps the version; with `expectedVersion` only while the row still has it. */
export function updateItem(db: Db, id: number, patch: GalleryItemUpdate, expectedVersion?: number): Promise<GalleryItemRow | undefined> {
  let q = db
    .updateTable('gallery_items')
    .set((eb) => ({ ...patch, version: eb('version', '+', 1) }))
    .where('id', '=', id)
    .where('deleted_at', 'is', null);
  if (expectedVersion !== undefined) q = q.where('version', '=', expectedVersion);
  return q.returningAll().executeTakeFirst();
}

/** An item not deleted. */
export const findItemById = (db: Db, id: number): Promise<GalleryItemRow | undefined> =>
  db.selectFrom('gallery_items').selectAll().where('id', '=', id).where('deleted_at', 'is', null).executeTakeFirst();

/** Soft delete (issue 13): the row stays, hidden, until the purge; undefined when already gone. */
export const markDeleted = (db: Db, id: number, at: string): Promise<GalleryItemRow | undefined> =>
  db.updateTable('gallery_items').set({ deleted_at: at }).where('id', '=', id).where('deleted_at', 'is', null).returningAll().executeTakeFirst();

/** Undoes a soft delete; undefined when the item is not deleted (or purged already). */
export const restoreDeleted = (db: Db, id: number): Promise<GalleryItemRow | undefined> =>
  db.updateTable('gallery_items').set({ deleted_at: null }).where('id', '=', id).where('deleted_at', 'is not', null).returningAll().executeTakeFirst();

/** Removes for good the items deleted before the cut-off and hands them back (the caller removes their files). */
export const purgeDeletedBefore = (db: Db, before: string): Promise<GalleryItemRow[]> =>
  db.deleteFrom('gallery_items').where('deleted_at', 'is not', null).where('deleted_at', '<', before).returningAll().execute();

export async function countItems(db: Db): Promise<number> {
  const r = await db
    .selectFrom('gallery_items')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(r.n);
}
