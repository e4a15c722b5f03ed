import type { Kysely } from 'kysely';

// The back office sorts and filters bookings by class date (issue 13: 10,000 bookings and more);
// created_at already has its index (001). Status is filtered and counted for the summary tiles.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('reservations_date_time').on('reservations').column('date_time').execute();
  await db.schema.createIndex('reservations_status').on('reservations').column('status').execute();
}
