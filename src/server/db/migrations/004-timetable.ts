import { type Kysely, sql } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one.
// The timetable as data: classes, their weekly sessions, one-off cancellations, closures and
// the seat counter; the reservation columns the booking flow needs; idempotency keys.
// The seed (SPEC.md §9) is inserted here, with literal values, so every database (new or
// existing) gets it exactly once, with the tables it fills, and concurrent instances starting
// on one PostgreSQL never seed twice (the migrator holds a lock and runs it in a transaction).
export async function up(db: Kysely<any>, dialect: 'sqlite' | 'postgres'): Promise<void> {
  const id = (t: any) =>
    dialect === 'postgres' ? t.addColumn('id', 'serial', (c: any) => c.primaryKey()) : t.addColumn('id', 'integer', (c: any) => c.primaryKey().autoIncrement());
  const bool = 'boolean';

  await id(db.schema.createTable('classes'))
    .addColumn('name', 'text', (c: any) => c.notNull().unique())
    .addColumn('description', 'text', (c: any) => c.notNull())
    .addColumn('level', 'text', (c: any) => c.notNull().check(sql`level in ('Beginner', 'All Levels')`))
    .addColumn('duration_minutes', 'integer', (c: any) => c.notNull().check(sql`duration_minutes between 1 and 600`))
    .addColumn('by_appointment', bool, (c: any) => c.notNull())
    .addColumn('sort_order', 'integer', (c: any) => c.notNull())
    .addColumn('active', bool, (c: any) => c.notNull())
    .addColumn('created_at', 'text', (c: any) => c.notNull())
    .addColumn('updated_at', 'text', (c: any) => c.notNull())
    .execute();

  await id(db.schema.createTable('weekly_sessions'))
    .addColumn('class_id', 'integer', (c: any) => c.notNull().references('classes.id'))
    .addColumn('weekday', 'integer', (c: any) => c.notNull().check(sql`weekday between 1 and 7`))
    .addColumn('start_time', 'text', (c: any) => c.notNull().check(sql`length(start_time) = 5`))
    .addColumn('capacity', 'integer', (c: any) => c.notNull().check(sql`capacity >= 1`))
    .addColumn('coach', 'text')
    .addColumn('active', bool, (c: any) => c.notNull())
    .addColumn('created_at', 'text', (c: any) => c.notNull())
    .addColumn('updated_at', 'text', (c: any) => c.notNull())
    .addUniqueConstraint('weekly_sessions_class_slot', ['class_id', 'weekday', 'start_time'])
    .execute();
  await db.schema.createIndex('weekly_sessions_weekday').on('weekly_sessions').columns(['weekday', 'start_time']).execute();

  await id(db.schema.createTable('session_cancellations'))
    .addColumn('weekly_session_id', 'integer', (c: any) => c.notNull().references('weekly_sessions.id').onDelete('cascade'))
    .addColumn('session_date', 'text', (c: any) => c.notNull())
    .addColumn('reason', 'text')
    .addColumn('created_at', 'text', (c: any) => c.notNull())
    .addUniqueConstraint('session_cancellations_session_date', ['weekly_session_id', 'session_date'])
    .execute();
  await db.schema.createIndex('session_cancellations_date').on('session_cancellations').column('session_date').execute();

  await id(db.schema.createTable('closures'))
    .addColumn('start_date', 'text', (c: any) => c.notNull())
    .addColumn('end_date', 'text', (c: any) => c.notNull())
    .addColumn('reason', 'text')
    .addColumn('created_at', 'text', (c: any) => c.notNull())
    .addCheckConstraint('closures_range', sql`end_date >= start_date`)
    .execute();
  await db.schema.createIndex('closures_end_date').on('closures').columns(['end_date', 'start_date']).execute();

  // One row per occurrence that has bookings: the race-free counter (see timetable.repository).
  await db.schema
    .createTable('seats')
    .addColumn('weekly_session_id', 'integer', (c: any) => c.notNull().references('weekly_sessions.id').onDelete('cascade'))
    .addColumn('session_date', 'text', (c: any) => c.notNull())
    .addColumn('taken', 'integer', (c: any) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`taken >= 0`),
    )
    .addPrimaryKeyConstraint('seats_pk', ['weekly_session_id', 'session_date'])
    .execute();

  // Reservations: nullable (or defaulted) so the rows SPEC's form made stay valid.
  await db.schema
    .alterTable('reservations')
    .addColumn('weekly_session_id', 'integer', (c: any) => c.references('weekly_sessions.id'))
    .execute();
  await db.schema.alterTable('reservations').addColumn('session_date', 'text').execute();
  await db.schema.alterTable('reservations').addColumn('manage_token_hash', 'text').execute();
  await db.schema
    .alterTable('reservations')
    .addColumn('attendance', 'text', (c: any) => c.check(sql`attendance in ('present', 'no_show')`))
    .execute();
  await db.schema
    .alterTable('reservations')
    .addColumn('source', 'text', (c: any) =>
      c
        .notNull()
        .defaultTo('web')
        .check(sql`source in ('web', 'walk_in', 'whatsapp')`),
    )
    .execute();
  await db.schema.alterTable('reservations').addColumn('cancelled_at', 'text').execute();
  await db.schema.alterTable('reservations').addColumn('reminder_queued_at', 'text').execute();
  await db.schema.createIndex('reservations_manage_token_hash').on('reservations').column('manage_token_hash').unique().execute();
  await db.schema.createIndex('reservations_session').on('reservations').columns(['weekly_session_id', 'session_date']).execute();
  await db.schema.createIndex('reservations_session_date').on('reservations').column('session_date').execute();

  // A retried request with the same key gets the first answer (status and body) again.
  // status_code and answer_body stay null while the first request is still being answered.
  await id(db.schema.createTable('idempotency_keys'))
    .addColumn('key', 'text', (c: any) => c.notNull().unique())
    .addColumn('request_hash', 'text', (c: any) => c.notNull())
    .addColumn('status_code', 'integer')
    .addColumn('answer_body', 'text')
    .addColumn('created_at', 'text', (c: any) => c.notNull())
    .execute();
  await db.schema.createIndex('idempotency_keys_created_at').on('idempotency_keys').column('created_at').execute();

  // Seed: SPEC.md §9, descriptions from the site's class catalogue. Every class 60 minutes;
  // "daily" is every opening day, Monday (1) to Saturday (6); Sunday closed. 20 places each.
  const now = new Date().toISOString();
  const seed: { name: string; description: string; level: string; byAppointment: boolean; times: string[] }[] = [
    {
      name: 'Muay Thai Beginner',
      level: 'Beginner',
      byAppointment: false,
      times: ['08:00'],
      description: 'Stance, footwork, the basic strikes and pad work. No experience needed: the right first class.',
    },
    {
      name: 'Brazilian Jiu Jitsu',
      level: 'All Levels',
      byAppointment: false,
      times: ['09:00'],
      description: 'Positions, escapes and submissions on the mat, then positional sparring at your pace.',
    },
    {
      name: 'Wrestling',
      level: 'All Levels',
      byAppointment: false,
      times: ['10:00'],
      description: 'Takedowns, sprawls and cage work. Builds the base every grappler and MMA fighter needs.',
    },
    {
      name: 'Muay Thai All Levels',
      level: 'All Levels',
      byAppointment: false,
      times: ['14:00', '15:00'],
      description: 'Pad rounds with our Thai trainers, bag work, clinch and technical sparring.',
    },
    {
      name: 'Luta Livre',
      level: 'All Levels',
      byAppointment: false,
      times: ['16:00'],
      description: 'Brazilian no-gi submission grappling: leg locks, chokes and fast transitions.',
    },
    {
      name: 'MMA Training',
      level: 'All Levels',
      byAppointment: false,
      times: ['17:00'],
      description: 'Striking, takedowns and ground control put together, from drills to controlled sparring.',
    },
    {
      name: 'Private Training',
      level: 'All Levels',
      byAppointment: true,
      times: [],
      description: 'One-to-one with a trainer of your choice, any discipline, planned around your goals.',
    },
  ];
  let order = 0;
  for (const c of seed) {
    order += 1;
    const row = await db
      .insertInto('classes')
      .values({
        name: c.name,
        description: c.description,
        level: c.level,
        duration_minutes: 60,
        by_appointment: c.byAppointment ? 1 : 0,
        sort_order: order,
        active: 1,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const sessions = c.times.flatMap((time) =>
      [1, 2, 3, 4, 5, 6].map((weekday) => ({
        class_id: row.id,
        weekday,
        start_time: time,
        capacity: 20,
        coach: null,
        active: 1,
        created_at: now,
        updated_at: now,
      })),
    );
    if (sessions.length > 0) await db.insertInto('weekly_sessions').values(sessions).execute();
  }
}
