import { type Kysely, sql } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one.
// Every status, role and sender type column accepts only its known values, so a bad value
// cannot be stored by any code path. The lists are written out here (not imported from
// src/shared/constants.ts): a later change to the constants must come with a migration of
// its own. Reservations already allow 'cancelled' (DESIGN.md §5).
// Counter metrics are not constrained: a new counter should not need a table rebuild.
const CHECKS: { table: string; column: string; values: string[] }[] = [
  { table: 'users', column: 'role', values: ['staff', 'admin'] },
  { table: 'contact_submissions', column: 'status', values: ['new', 'read', 'responded'] },
  { table: 'conversations', column: 'status', values: ['new', 'open', 'closed'] },
  { table: 'conversation_messages', column: 'sender_type', values: ['customer', 'admin'] },
  { table: 'reservations', column: 'status', values: ['unread', 'read', 'archived', 'cancelled'] },
  { table: 'outbox', column: 'status', values: ['pending', 'sending', 'sent', 'failed'] },
];

const constraintName = (c: (typeof CHECKS)[number]) => `${c.table}_${c.column}_check`;
// Fixed identifiers and literals from the list above, never user input.
const checkClause = (c: (typeof CHECKS)[number]) => `constraint "${constraintName(c)}" check ("${c.column}" in (${c.values.map((v) => `'${v}'`).join(', ')}))`;

export async function up(db: Kysely<any>, dialect: 'sqlite' | 'postgres'): Promise<void> {
  if (dialect === 'postgres') {
    // The migrator runs this in one transaction on PostgreSQL: all constraints or none.
    for (const c of CHECKS) await sql.raw(`alter table "${c.table}" add ${checkClause(c)}`).execute(db);
    return;
  }
  await rebuildSqliteTables(db);
}

/**
 * SQLite cannot add a constraint to a table: each table is rebuilt as sqlite.org/lang_altertable.html
 * describes (section 7). Its own CREATE TABLE text gets the CHECK appended, so columns, keys,
 * foreign keys and AUTOINCREMENT are kept as they are; rows are copied with their ids, the old
 * table dropped, the new one renamed, its indexes recreated and its AUTOINCREMENT counter kept
 * (so the id of a deleted row is never handed out again).
 *
 * Foreign keys are switched off around the rebuild: with them on, DROP TABLE users would delete
 * (ON DELETE CASCADE) every session and set every post's author to null. The pragma has no
 * effect inside a transaction, which is why it is set here: kysely's migrator runs SQLite
 * migrations outside one. The rebuild itself is one transaction, checked with foreign_key_check
 * before it commits.
 */
async function rebuildSqliteTables(db: Kysely<any>): Promise<void> {
  const before = await sql<{ foreign_keys: number }>`pragma foreign_keys`.execute(db);
  const fkWasOn = Number(before.rows[0]?.foreign_keys ?? 0) === 1;
  await sql`pragma foreign_keys = off`.execute(db);
  try {
    await db.transaction().execute(async (trx) => {
      for (const c of CHECKS) await rebuildWithCheck(trx, c);
      const broken = await sql`pragma foreign_key_check`.execute(trx);
      if (broken.rows.length > 0) throw new Error(`foreign key check failed after rebuild: ${JSON.stringify(broken.rows.slice(0, 5))}`);
    });
  } finally {
    if (fkWasOn) await sql`pragma foreign_keys = on`.execute(db);
  }
}

async function rebuildWithCheck(trx: Kysely<any>, c: (typeof CHECKS)[number]): Promise<void> {
  const { table } = c;
  const tmp = `${table}__003`;
  const master = await sql<{ type: string; name: string; sql: string | null }>`
    select type, name, sql from sqlite_master where tbl_name = ${table} and type in ('table', 'index')`.execute(trx);
  const create = master.rows.find((r) => r.type === 'table')?.sql;
  if (!create) throw new Error(`table ${table} not found`);
  // Indexes made by CREATE INDEX (those of UNIQUE and PRIMARY KEY come back with the table).
  const indexes = master.rows.filter((r) => r.type === 'index' && r.sql).map((r) => r.sql!);

  const open = create.indexOf('(');
  const close = create.lastIndexOf(')');
  if (open < 0 || close < open) throw new Error(`unexpected definition of ${table}`);
  await sql.raw(`create table "${tmp}" ${create.slice(open, close)}, ${checkClause(c)})`).execute(trx);

  const cols = (await sql<{ name: string }>`select name from pragma_table_info(${table})`.execute(trx)).rows.map((r) => `"${r.name}"`).join(', ');
  await sql.raw(`insert into "${tmp}" (${cols}) select ${cols} from "${table}" order by rowid`).execute(trx);

  const seq = await sql<{ seq: number }>`select seq from sqlite_sequence where name = ${table}`.execute(trx);
  await sql.raw(`drop table "${table}"`).execute(trx);
  await sql.raw(`alter table "${tmp}" rename to "${table}"`).execute(trx);
  for (const ddl of indexes) await sql.raw(ddl).execute(trx);

  const oldSeq = seq.rows[0]?.seq;
  if (oldSeq !== undefined) {
    await sql`delete from sqlite_sequence where name = ${table}`.execute(trx);
    await sql`insert into sqlite_sequence (name, seq) values (${table}, ${oldSeq})`.execute(trx);
  }
}
