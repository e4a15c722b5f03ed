import { type Kysely, sql } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one.
// Long-stay programmes (issue 35): an order may hold a programme (pass_kind 'programme'), and keeps
// a copy of what it was when bought, as pass_name does: its months, sessions and hours a week (the
// visa letter prints them) and its disciplines. Null for passes. Independent of every other
// migration but 021.
const OLD_KINDS = `pass_kind in ('single', 'day', 'days-single', 'days-unlimited', 'private')`;
const NEW_KINDS = `pass_kind in ('single', 'day', 'days-single', 'days-unlimited', 'private', 'programme')`;

export async function up(db: Kysely<any>, dialect: 'sqlite' | 'postgres'): Promise<void> {
  await db.schema
    .alterTable('orders')
    .addColumn('programme_months', 'integer', (c: any) => c.check(sql`programme_months is null or programme_months in (3, 6, 12)`))
    .execute();
  await db.schema
    .alterTable('orders')
    .addColumn('programme_sessions_per_week', 'integer', (c: any) =>
      c.check(sql`programme_sessions_per_week is null or programme_sessions_per_week between 1 and 14`),
    )
    .execute();
  // Half hours allowed (7.5 hours a week).
  await db.schema
    .alterTable('orders')
    .addColumn('programme_hours_per_week', 'real', (c: any) => c.check(sql`programme_hours_per_week is null or programme_hours_per_week > 0`))
    .execute();
  await db.schema.alterTable('orders').addColumn('programme_disciplines', 'text').execute();

  if (dialect === 'postgres') {
    // The column's own check was named by PostgreSQL (orders_pass_kind_check); found by its text.
    const found = await sql<{ conname: string }>`
      select conname from pg_constraint
      where conrelid = 'orders'::regclass and contype = 'c' and pg_get_constraintdef(oid) like '%pass_kind%'`.execute(db);
    for (const r of found.rows) await sql`alter table orders drop constraint ${sql.id(r.conname)}`.execute(db);
    await sql.raw(`alter table orders add constraint orders_pass_kind_check check (${NEW_KINDS})`).execute(db);
    return;
  }
  await rebuildSqliteOrders(db);
}

/**
 * SQLite cannot change a CHECK: the table is rebuilt from its own CREATE TABLE text with the new
 * list (as migration 003 does, sqlite.org/lang_altertable.html section 7), rows copied with their
 * ids, indexes and the AUTOINCREMENT counter kept. Foreign keys are off around it (the pragma has
 * no effect inside a transaction; the migrator runs SQLite migrations outside one) and checked
 * before the rebuild commits.
 */
async function rebuildSqliteOrders(db: Kysely<any>): Promise<void> {
  const before = await sql<{ foreign_keys: number }>`pragma foreign_keys`.execute(db);
  const fkWasOn = Number(before.rows[0]?.foreign_keys ?? 0) === 1;
  await sql`pragma foreign_keys = off`.execute(db);
  try {
    await db.transaction().execute(async (trx) => {
      const master = await sql<{ type: string; sql: string | null }>`
        select type, sql from sqlite_master where tbl_name = 'orders' and type in ('table', 'index')`.execute(trx);
      const create = master.rows.find((r) => r.type === 'table')?.sql;
      if (!create || !create.includes(OLD_KINDS)) throw new Error('orders: the pass_kind check is not the one migration 021 made');
      const indexes = master.rows.filter((r) => r.type === 'index' && r.sql).map((r) => r.sql!);
      const open = create.indexOf('(');
      await sql.raw(`create table "orders__032" ${create.slice(open).replace(OLD_KINDS, NEW_KINDS)}`).execute(trx);
      const cols = (await sql<{ name: string }>`select name from pragma_table_info('orders')`.execute(trx)).rows.map((r) => `"${r.name}"`).join(', ');
      await sql.raw(`insert into "orders__032" (${cols}) select ${cols} from "orders" order by rowid`).execute(trx);
      const seq = await sql<{ seq: number }>`select seq from sqlite_sequence where name = 'orders'`.execute(trx);
      await sql`drop table "orders"`.execute(trx);
      await sql`alter table "orders__032" rename to "orders"`.execute(trx);
      for (const ddl of indexes) await sql.raw(ddl).execute(trx);
      const oldSeq = seq.rows[0]?.seq;
      if (oldSeq !== undefined) {
        await sql`delete from sqlite_sequence where name = 'orders'`.execute(trx);
        await sql`insert into sqlite_sequence (name, seq) values ('orders', ${oldSeq})`.execute(trx);
      }
      const broken = await sql`pragma foreign_key_check`.execute(trx);
      if (broken.rows.length > 0) throw new Error(`foreign key check failed after rebuilding orders: ${JSON.stringify(broken.rows.slice(0, 5))}`);
    });
  } finally {
    if (fkWasOn) await sql`pragma foreign_keys = on`.execute(db);
  }
}
