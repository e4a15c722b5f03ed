import { type Kysely, sql } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one.
// The waiting list of a full class (issue 34, point 4): one entry per person and occurrence, in
// the order they joined. Its link token is stored hashed; the offer e-mail carries a second one
// (made with the offer, also hashed). An offer holds a seat in the seat counter until `offer_expires_at`
// (`offer_held` 1); in the last two hours nothing is held (0) and the first to accept gets the
// seat. A pass token (the person's own order link)
// is kept until the entry is settled, so accepting can spend the pass then. Independent of every
// other migration but 004.
export async function up(db: Kysely<any>, dialect: 'sqlite' | 'postgres'): Promise<void> {
  const id = (t: any) =>
    dialect === 'postgres' ? t.addColumn('id', 'serial', (c: any) => c.primaryKey()) : t.addColumn('id', 'integer', (c: any) => c.primaryKey().autoIncrement());

  await id(db.schema.createTable('waitlist_entries'))
    .addColumn('weekly_session_id', 'integer', (c: any) => c.notNull().references('weekly_sessions.id').onDelete('cascade'))
    .addColumn('session_date', 'text', (c: any) => c.notNull())
    .addColumn('course', 'text', (c: any) => c.notNull())
    // The session's start (ISO instant), as a booking stores it.
    .addColumn('date_time', 'text', (c: any) => c.notNull())
    .addColumn('name', 'text', (c: any) => c.notNull())
    .addColumn('email', 'text', (c: any) => c.notNull())
    .addColumn('phone', 'text')
    .addColumn('language', 'text', (c: any) => c.notNull().defaultTo('en'))
    .addColumn('pass_token', 'text')
    .addColumn('token_hash', 'text', (c: any) => c.notNull().unique())
    // The offer e-mail's link: a second token made when the offer is (the first is only hashed).
    .addColumn('offer_token_hash', 'text', (c: any) => c.unique())
    .addColumn('status', 'text', (c: any) =>
      c
        .notNull()
        .defaultTo('waiting')
        .check(sql`status in ('waiting', 'offered', 'booked', 'left', 'expired', 'ended')`),
    )
    .addColumn('offered_at', 'text')
    .addColumn('offer_expires_at', 'text')
    .addColumn('offer_held', 'integer', (c: any) => c.notNull().defaultTo(0))
    .addColumn('reservation_id', 'integer', (c: any) => c.references('reservations.id').onDelete('set null'))
    .addColumn('booked_at', 'text')
    .addColumn('left_at', 'text')
    .addColumn('created_at', 'text', (c: any) => c.notNull())
    .execute();
  // Joining twice for one session is one entry: one per occurrence and address, whatever its state.
  await db.schema.createIndex('waitlist_entries_person').on('waitlist_entries').columns(['weekly_session_id', 'session_date', 'email']).unique().execute();
  // The offer job reads the live entries by state.
  await db.schema.createIndex('waitlist_entries_status').on('waitlist_entries').columns(['status', 'session_date']).execute();
}
