import { type Kysely, sql } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one.
// Rooms (issue 36): room types sold by the night, their numbered rooms, the nights taken per type
// and gym date (one counter row, taken with one conditional write like the seats), and rooms closed
// for repairs. Standalone: later migrations tie orders to the nights they hold.
export async function up(db: Kysely<any>, dialect: 'sqlite' | 'postgres'): Promise<void> {
  const serial = (name: string) => {
    const t = db.schema.createTable(name);
    return dialect === 'postgres'
      ? t.addColumn('id', 'serial', (c: any) => c.primaryKey())
      : t.addColumn('id', 'integer', (c: any) => c.primaryKey().autoIncrement());
  };
  await serial('room_types')
    // English name and description; the others in translations (JSON, English as fallback).
    .addColumn('name', 'text', (c: any) => c.notNull())
    .addColumn('description', 'text', (c: any) => c.notNull())
    .addColumn('translations', 'text', (c: any) => c.notNull().defaultTo('{}'))
    .addColumn('beds', 'text', (c: any) => c.notNull().defaultTo(''))
    .addColumn('max_guests', 'integer', (c: any) => c.notNull().check(sql`max_guests > 0`))
    .addColumn('nightly_price_satang', 'integer', (c: any) => c.notNull().check(sql`nightly_price_satang > 0`))
    .addColumn('weekly_price_satang', 'integer')
    .addColumn('monthly_price_satang', 'integer')
    // JSON array of the photos' media paths (uploaded through the gallery's image path).
    .addColumn('photos', 'text', (c: any) => c.notNull().defaultTo('[]'))
    .addColumn('position', 'integer', (c: any) => c.notNull().defaultTo(0))
    .addColumn('version', 'integer', (c: any) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'text', (c: any) => c.notNull())
    .addColumn('updated_at', 'text', (c: any) => c.notNull())
    .execute();

  await serial('rooms')
    .addColumn('room_type_id', 'integer', (c: any) => c.notNull().references('room_types.id').onDelete('cascade'))
    // The number or name on the door.
    .addColumn('label', 'text', (c: any) => c.notNull())
    .addColumn('position', 'integer', (c: any) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('rooms_type_label').on('rooms').columns(['room_type_id', 'label']).unique().execute();

  // Nights per type and gym date (the night of date D is D to D+1: check-out day is not one):
  // taken by stays, closed for repairs. Both move with one conditional write each, capped by the
  // type's rooms, so a sale and a closure never both take the last room.
  await db.schema
    .createTable('room_nights')
    .addColumn('room_type_id', 'integer', (c: any) => c.notNull().references('room_types.id').onDelete('cascade'))
    .addColumn('night', 'text', (c: any) => c.notNull())
    .addColumn('taken', 'integer', (c: any) => c.notNull().check(sql`taken >= 0`))
    .addColumn('closed', 'integer', (c: any) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`closed >= 0`),
    )
    .addPrimaryKeyConstraint('room_nights_pk', ['room_type_id', 'night'])
    .execute();

  // A room closed for repairs from first_night to last_night (gym dates, both closed); its nights
  // are counted in room_nights.closed.
  await serial('room_closures')
    .addColumn('room_id', 'integer', (c: any) => c.notNull().references('rooms.id').onDelete('cascade'))
    .addColumn('first_night', 'text', (c: any) => c.notNull())
    .addColumn('last_night', 'text', (c: any) => c.notNull())
    .addColumn('reason', 'text', (c: any) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'text', (c: any) => c.notNull())
    .execute();
  await db.schema.createIndex('room_closures_room').on('room_closures').columns(['room_id', 'first_night']).execute();
}
