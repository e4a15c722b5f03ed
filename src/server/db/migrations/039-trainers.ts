import { type Kysely, sql } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one.
// Trainers (issue 37 points 1-2): who gives private lessons, their weekly windows and dated
// exceptions in gym time, and a new staff role `trainer` (sees only their own schedule). The
// role's list is written out here, as migration 003 did, not imported from the constants.
const ROLES = ['staff', 'admin', 'trainer'];

export async function up(db: Kysely<any>, dialect: 'sqlite' | 'postgres'): Promise<void> {
  await widenRoles(db, dialect);
  const serial = (name: string) => {
    const t = db.schema.createTable(name);
    return dialect === 'postgres'
      ? t.addColumn('id', 'serial', (c: any) => c.primaryKey())
      : t.addColumn('id', 'integer', (c: any) => c.primaryKey().autoIncrement());
  };
  await serial('trainers')
    .addColumn('name', 'text', (c: any) => c.notNull())
    .addColumn('photo_url', 'text')
    // JSON arrays: disciplines taught (class names) and languages spoken (free words, "Thai").
    .addColumn('disciplines', 'text', (c: any) => c.notNull().defaultTo('[]'))
    .addColumn('languages', 'text', (c: any) => c.notNull().defaultTo('[]'))
    // JSON { en: '…', ru?: '…', … }: the bio per language (English as fallback).
    .addColumn('bio', 'text', (c: any) => c.notNull().defaultTo('{}'))
    // The trainer's own sign-in, if any (a user with role 'trainer').
    .addColumn('user_id', 'integer', (c: any) => c.references('users.id').onDelete('set null'))
    // On leave: out of the slots, lessons kept until staff move them.
    .addColumn('on_leave', 'integer', (c: any) => c.notNull().defaultTo(0))
    .addColumn('active', 'integer', (c: any) => c.notNull().defaultTo(1))
    // The trainer's pay: a percentage of each lesson's price or a fixed amount (satang) per lesson.
    .addColumn('share_mode', 'text', (c: any) =>
      c
        .notNull()
        .defaultTo('percent')
        .check(sql`share_mode in ('percent', 'fixed')`),
    )
    .addColumn('share_value', 'integer', (c: any) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`share_value >= 0`),
    )
    // The private calendar feed's secret (hashed is not needed: it only reveals the trainer's own
    // lessons, and staff must be able to show its address); null when revoked.
    .addColumn('calendar_secret', 'text', (c: any) => c.unique())
    .addColumn('position', 'integer', (c: any) => c.notNull().defaultTo(0))
    .addColumn('version', 'integer', (c: any) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'text', (c: any) => c.notNull())
    .addColumn('updated_at', 'text', (c: any) => c.notNull())
    .execute();
  await db.schema.createIndex('trainers_user').on('trainers').columns(['user_id']).unique().execute();

  // Weekly windows in gym time: ISO weekday (1 Monday … 7 Sunday), 'HH:MM' to 'HH:MM'.
  await serial('trainer_windows')
    .addColumn('trainer_id', 'integer', (c: any) => c.notNull().references('trainers.id').onDelete('cascade'))
    .addColumn('weekday', 'integer', (c: any) => c.notNull().check(sql`weekday between 1 and 7`))
    .addColumn('from_time', 'text', (c: any) => c.notNull())
    .addColumn('to_time', 'text', (c: any) => c.notNull())
    .execute();
  await db.schema.createIndex('trainer_windows_trainer').on('trainer_windows').columns(['trainer_id', 'weekday']).execute();

  // Dated exceptions (gym dates): off (the whole day, or from–to when given) or extra hours.
  await serial('trainer_exceptions')
    .addColumn('trainer_id', 'integer', (c: any) => c.notNull().references('trainers.id').onDelete('cascade'))
    .addColumn('date', 'text', (c: any) => c.notNull())
    .addColumn('from_time', 'text')
    .addColumn('to_time', 'text')
    .addColumn('off', 'integer', (c: any) => c.notNull())
    .execute();
  await db.schema.createIndex('trainer_exceptions_trainer').on('trainer_exceptions').columns(['trainer_id', 'date']).execute();
}

/** users.role accepts 'trainer' too (the CHECK of migration 003, widened). */
async function widenRoles(db: Kysely<any>, dialect: 'sqlite' | 'postgres'): Promise<void> {
  const check = `constraint "users_role_check" check ("role" in (${ROLES.map((r) => `'${r}'`).join(', ')}))`;
  if (dialect === 'postgres') {
    await sql.raw(`alter table "users" drop constraint if exists "users_role_check"`).execute(db);
    await sql.raw(`alter table "users" add ${check}`).execute(db);
    return;
  }
  // SQLite cannot change a constraint: the table is rebuilt from its own definition with the
  // CHECK replaced (sqlite.org/lang_altertable.html section 7, as migration 003 did), foreign keys
  // off around it so that dropping users cascades nowhere.
  const before = await sql<{ foreign_keys: number }>`pragma foreign_keys`.execute(db);
  const fkWasOn = Number(before.rows[0]?.foreign_keys ?? 0) === 1;
  await sql`pragma foreign_keys = off`.execute(db);
  try {
    await db.transaction().execute(async (trx) => {
      const master = await sql<{ type: string; sql: string | null }>`
        select type, sql from sqlite_master where tbl_name = 'users' and type in ('table', 'index')`.execute(trx);
      const create = master.rows.find((r) => r.type === 'table')?.sql;
      if (!create) throw new Error('table users not found');
      const old = /constraint "users_role_check" check \("role" in \([^)]*\)\)/;
      if (!old.test(create)) throw new Error('users_role_check not found');
      const indexes = master.rows.filter((r) => r.type === 'index' && r.sql).map((r) => r.sql!);
      await sql.raw(create.replace(old, check).replace(/^create table "?users"?/i, 'create table "users__039"')).execute(trx);
      const cols = (await sql<{ name: string }>`select name from pragma_table_info('users')`.execute(trx)).rows.map((r) => `"${r.name}"`).join(', ');
      await sql.raw(`insert into "users__039" (${cols}) select ${cols} from "users" order by rowid`).execute(trx);
      const seq = await sql<{ seq: number }>`select seq from sqlite_sequence where name = 'users'`.execute(trx);
      await sql.raw(`drop table "users"`).execute(trx);
      await sql.raw(`alter table "users__039" rename to "users"`).execute(trx);
      for (const ddl of indexes) await sql.raw(ddl).execute(trx);
      const oldSeq = seq.rows[0]?.seq;
      if (oldSeq !== undefined) {
        await sql`delete from sqlite_sequence where name = 'users'`.execute(trx);
        await sql`insert into sqlite_sequence (name, seq) values ('users', ${oldSeq})`.execute(trx);
      }
      const broken = await sql`pragma foreign_key_check`.execute(trx);
      if (broken.rows.length > 0) throw new Error('foreign key check failed after rebuilding users');
    });
  } finally {
    if (fkWasOn) await sql`pragma foreign_keys = on`.execute(db);
  }
}
