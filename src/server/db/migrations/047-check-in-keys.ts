import type { Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one.
// The door's QR code (issue 47 point 5): a person's code is an HMAC of their id and a
// generation; a row here exists once a code was revoked (renewed, or the person erased), and its
// generation makes every older code invalid. No row: generation 1.
// Independent of every other migration.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('check_in_keys')
    .addColumn('customer_id', 'integer', (c: any) => c.primaryKey())
    .addColumn('generation', 'integer', (c: any) => c.notNull())
    .addColumn('updated_at', 'text', (c: any) => c.notNull())
    .execute();
}
