import type { Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one.
// Undo (issue 13): reservations.status_before_archive keeps what an archived booking was
// (unread or read) so unarchiving restores it exactly; gallery_items.deleted_at makes a gallery
// delete a soft delete, restorable until a purge removes the row and its files. Independent of
// every other migration but 001.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('reservations').addColumn('status_before_archive', 'text').execute();
  await db.schema.alterTable('gallery_items').addColumn('deleted_at', 'text').execute();
  await db.schema.createIndex('gallery_items_deleted_at_idx').on('gallery_items').column('deleted_at').execute();
}
