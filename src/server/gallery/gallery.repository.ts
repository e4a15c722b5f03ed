import type { Db } from '../db/database';
import type { GalleryItemRow, GalleryItemsTable } from '../db/schema';
import type { Insertable, Updateable } from 'kysely';

export type NewGalleryItem = Insertable<GalleryItemsTable>;
export type GalleryItemUpdate = Updateable<GalleryItemsTable>;

/** Newest first. With `visibleOnly`, items with neither an image nor an Instagram link are left out. */
export function listItems(db: Db, opts: { visibleOnly?: boolean } = {}): Promise<GalleryItemRow[]> {
  let q = db.selectFrom('gallery_items').selectAll();
  if (opts.visibleOnly) {
    q = q.where((eb) =>
      eb.or([
        eb.and([eb('image_url', 'is not', null), eb('image_url', '<>', '')]),
        eb.and([eb('instagram_url', 'is not', null), eb('instagram_url', '<>', '')]),
      ]),
    );
  }
  return q.orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
}

export const insertItem = (db: Db, item: NewGalleryItem): Promise<GalleryItemRow> =>
  db.insertInto('gallery_items').values(item).returningAll().executeTakeFirstOrThrow();

export const updateItem = (db: Db, id: number, patch: GalleryItemUpdate): Promise<GalleryItemRow | undefined> =>
  db.updateTable('gallery_items').set(patch).where('id', '=', id).returningAll().executeTakeFirst();

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
