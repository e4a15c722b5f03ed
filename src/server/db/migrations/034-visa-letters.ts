import { type Kysely, sql } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one.
// Visa letters (issue 35): a traveller's request for a letter (their passport's data) and, once
// staff issue it, the letter itself (its reference, its verification code, what it printed).
// Re-issuing writes a new row and revokes the old one, so every reference ever printed keeps its
// answer on the verification page. Passport data is blanked on an erase and when the purge job
// finds the row past purge_after. document_sequences hands out per-year numbers (DTV-2026-0001)
// with one conditional write, unique under parallel issues. Needs only orders (021).
export async function up(db: Kysely<any>, dialect: 'sqlite' | 'postgres'): Promise<void> {
  const table = db.schema.createTable('visa_letters');
  const withId =
    dialect === 'postgres'
      ? table.addColumn('id', 'serial', (c: any) => c.primaryKey())
      : table.addColumn('id', 'integer', (c: any) => c.primaryKey().autoIncrement());
  await withId
    .addColumn('order_id', 'integer', (c: any) => c.notNull().references('orders.id').onDelete('cascade'))
    // requested: waits for staff; issued: the letter is out; revoked: it no longer holds.
    .addColumn('status', 'text', (c: any) => c.notNull().check(sql`status in ('requested', 'issued', 'revoked')`))
    // The passport's data; null once erased or purged.
    .addColumn('full_name', 'text')
    .addColumn('nationality', 'text')
    .addColumn('passport_number', 'text')
    .addColumn('date_of_birth', 'text')
    .addColumn('embassy', 'text')
    // 1 when the passport name differs from the order's buyer name (staff check it).
    .addColumn('name_differs', 'integer', (c: any) => c.notNull().defaultTo(0))
    .addColumn('language', 'text', (c: any) => c.notNull())
    .addColumn('reference', 'text', (c: any) => c.unique())
    .addColumn('verify_code', 'text', (c: any) => c.unique())
    // JSON: what the letter printed besides the passport data (gym, programme, timetable, signatory).
    .addColumn('letter', 'text')
    // The PDF as issued (base64): the holder and staff download the very same bytes.
    .addColumn('pdf', 'text')
    // The programme's last day (gym date): the letter verifies as expired after it.
    .addColumn('valid_until', 'text')
    .addColumn('issued_at', 'text')
    .addColumn('issued_by', 'integer', (c: any) => c.references('users.id').onDelete('set null'))
    .addColumn('revoked_at', 'text')
    .addColumn('revoke_reason', 'text')
    // When the passport data goes (ISO instant): a year after the letter stops verifying as valid.
    .addColumn('purge_after', 'text')
    .addColumn('created_at', 'text', (c: any) => c.notNull())
    .addColumn('updated_at', 'text', (c: any) => c.notNull())
    .execute();
  await db.schema.createIndex('visa_letters_order').on('visa_letters').column('order_id').execute();
  await db.schema.createIndex('visa_letters_status').on('visa_letters').columns(['status', 'created_at']).execute();
  await db.schema.createIndex('visa_letters_purge').on('visa_letters').column('purge_after').execute();

  await db.schema
    .createTable('document_sequences')
    .addColumn('name', 'text', (c: any) => c.notNull())
    .addColumn('year', 'integer', (c: any) => c.notNull())
    .addColumn('last', 'integer', (c: any) => c.notNull())
    .addPrimaryKeyConstraint('document_sequences_pk', ['name', 'year'])
    .execute();
}
