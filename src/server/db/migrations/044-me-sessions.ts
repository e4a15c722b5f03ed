import type { Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one.
// A traveller's own page (issue 47, point 1): sign-in by e-mail, no password. `me_sign_ins` holds
// one row per e-mail sent: the link's token and the six-digit code, both as SHA-256 digests
// only, spent by the first confirm or right code, or after five wrong codes, and dead after its
// expiry. `me_sessions` are the signed-in browsers, apart from the staff's `sessions`. Both name
// the customer as it was when signed in; a merge is followed when read. Needs customers (021).
export async function up(db: Kysely<any>, dialect: 'sqlite' | 'postgres'): Promise<void> {
  const withId = (name: string) => {
    const table = db.schema.createTable(name);
    return dialect === 'postgres'
      ? table.addColumn('id', 'serial', (c: any) => c.primaryKey())
      : table.addColumn('id', 'integer', (c: any) => c.primaryKey().autoIncrement());
  };
  await withId('me_sign_ins')
    .addColumn('customer_id', 'integer', (c: any) => c.notNull().references('customers.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c: any) => c.notNull().unique())
    .addColumn('code_hash', 'text', (c: any) => c.notNull())
    .addColumn('code_tries', 'integer', (c: any) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c: any) => c.notNull())
    .addColumn('expires_at', 'text', (c: any) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();
  await db.schema.createIndex('me_sign_ins_customer').on('me_sign_ins').columns(['customer_id', 'expires_at']).execute();

  await withId('me_sessions')
    .addColumn('customer_id', 'integer', (c: any) => c.notNull().references('customers.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c: any) => c.notNull().unique())
    .addColumn('created_at', 'text', (c: any) => c.notNull())
    .addColumn('last_used_at', 'text', (c: any) => c.notNull())
    .addColumn('expires_at', 'text', (c: any) => c.notNull())
    .execute();
  await db.schema.createIndex('me_sessions_customer').on('me_sessions').column('customer_id').execute();
}
