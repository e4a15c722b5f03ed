import { type Kysely, sql } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one.
// Staff account security (issue 12 point 6): password-reset links, the second step of a
// two-factor sign-in, TOTP enrolment, recovery codes and attempt counters. Tokens and codes
// are stored as SHA-256 digests only. Independent of every other migration but 001 (users).
export async function up(db: Kysely<any>, dialect: 'sqlite' | 'postgres'): Promise<void> {
  const id = (t: any) =>
    dialect === 'postgres' ? t.addColumn('id', 'serial', (c: any) => c.primaryKey()) : t.addColumn('id', 'integer', (c: any) => c.primaryKey().autoIncrement());

  await id(db.schema.createTable('password_resets'))
    .addColumn('user_id', 'integer', (c: any) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c: any) => c.notNull().unique())
    .addColumn('created_at', 'text', (c: any) => c.notNull())
    .addColumn('expires_at', 'text', (c: any) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();
  await db.schema.createIndex('password_resets_user').on('password_resets').columns(['user_id', 'created_at']).execute();

  // One row per account that has started or finished TOTP enrolment.
  await db.schema
    .createTable('two_factor')
    .addColumn('user_id', 'integer', (c: any) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('secret', 'text')
    .addColumn('pending_secret', 'text')
    .addColumn('enabled_at', 'text')
    // The last time step accepted: a code is never accepted twice.
    .addColumn('last_step', 'integer')
    .execute();

  await id(db.schema.createTable('recovery_codes'))
    .addColumn('user_id', 'integer', (c: any) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('code_hash', 'text', (c: any) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();
  await db.schema.createIndex('recovery_codes_user').on('recovery_codes').columns(['user_id', 'code_hash']).execute();

  // A correct password of a two-factor account opens a challenge; the code closes it.
  await id(db.schema.createTable('login_challenges'))
    .addColumn('user_id', 'integer', (c: any) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c: any) => c.notNull().unique())
    .addColumn('created_at', 'text', (c: any) => c.notNull())
    .addColumn('expires_at', 'text', (c: any) => c.notNull())
    .execute();

  // Fixed-window counters shared by every instance (codes, password changes).
  await db.schema
    .createTable('attempt_counters')
    .addColumn('key', 'text', (c: any) => c.primaryKey())
    .addColumn('count', 'integer', (c: any) => c.notNull().check(sql`count >= 0`))
    .addColumn('window_start', 'text', (c: any) => c.notNull())
    .execute();
}
