import type { Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one.
// The arrival (issue 36 §5). room_stay_nights: the rooms given at check-in, one row per room and
// night, so the primary key refuses a second stay in a room on a night it is taken, on either
// database and however many desks check in at once. order_page_links: more keys to an order's
// page (the arrival e-mail's link); the order keeps its first one in orders.token_hash, which is
// stored hashed and cannot be written out again.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('room_stay_nights')
    .addColumn('room_id', 'integer', (c: any) => c.notNull().references('rooms.id').onDelete('cascade'))
    // Gym date; the night from it to the next day.
    .addColumn('night', 'text', (c: any) => c.notNull())
    .addColumn('order_id', 'integer', (c: any) => c.notNull().references('orders.id'))
    .addPrimaryKeyConstraint('room_stay_nights_pk', ['room_id', 'night'])
    .execute();
  await db.schema.createIndex('room_stay_nights_order').on('room_stay_nights').columns(['order_id']).execute();

  await db.schema
    .createTable('order_page_links')
    .addColumn('token_hash', 'text', (c: any) => c.primaryKey())
    .addColumn('order_id', 'integer', (c: any) => c.notNull().references('orders.id'))
    .addColumn('created_at', 'text', (c: any) => c.notNull())
    .execute();
  await db.schema.createIndex('order_page_links_order').on('order_page_links').columns(['order_id']).execute();
}
