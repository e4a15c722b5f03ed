import type { Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one.
// Late cancels, no-shows and mercy (issue 34, point 5). A booking remembers whether the customer
// cancelled it after the credit deadline (late_cancel), and whether staff forgave that or a
// no-show (waived_at, who, why): a waiver gives the credit back once. The index serves the
// customer record's 90-day counts and the dashboard's monthly waivers.
// Independent of every other migration but 004 and 021.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('reservations')
    .addColumn('late_cancel', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
  await db.schema.alterTable('reservations').addColumn('waived_at', 'text').execute();
  await db.schema.alterTable('reservations').addColumn('waived_by', 'integer').execute();
  await db.schema.alterTable('reservations').addColumn('waive_reason', 'text').execute();
  await db.schema.createIndex('reservations_waived_at').on('reservations').column('waived_at').execute();
}
