import type { Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one.
// The waiver and health declaration (issue 47 point 4): the owner's texts in versions, and each
// person's signature of one version. The health answers (conditions, conditions_text) are a
// special category of personal data: blanked after the retention, deleted by an erase.
// Independent of every other migration.
export async function up(db: Kysely<any>, dialect: 'sqlite' | 'postgres'): Promise<void> {
  const id = (t: any) =>
    dialect === 'postgres' ? t.addColumn('id', 'serial', (c: any) => c.primaryKey()) : t.addColumn('id', 'integer', (c: any) => c.primaryKey().autoIncrement());
  await id(db.schema.createTable('waiver_versions'))
    .addColumn('version', 'integer', (c: any) => c.notNull().unique())
    /** JSON: { en: text, ru?: text, ... } */
    .addColumn('texts', 'text', (c: any) => c.notNull())
    /** 'all': everyone signs again from their next booking; 'unsigned': only who never signed. */
    .addColumn('resign', 'text', (c: any) => c.notNull())
    .addColumn('published_by', 'integer')
    .addColumn('published_at', 'text', (c: any) => c.notNull())
    .execute();
  await id(db.schema.createTable('waiver_signatures'))
    .addColumn('customer_id', 'integer', (c: any) => c.notNull())
    .addColumn('version', 'integer', (c: any) => c.notNull())
    .addColumn('language', 'text', (c: any) => c.notNull())
    .addColumn('full_name', 'text', (c: any) => c.notNull())
    .addColumn('birth_date', 'text', (c: any) => c.notNull())
    .addColumn('emergency_name', 'text', (c: any) => c.notNull())
    .addColumn('emergency_phone', 'text', (c: any) => c.notNull())
    /** JSON array of the fixed list's keys; null once the retention has blanked it. */
    .addColumn('conditions', 'text')
    .addColumn('conditions_text', 'text')
    .addColumn('has_conditions', 'integer', (c: any) => c.notNull().defaultTo(0))
    .addColumn('health_erased_at', 'text')
    .addColumn('signature_name', 'text', (c: any) => c.notNull())
    /** The drawn signature, a PNG as base64 (checked and re-encoded by sharp). */
    .addColumn('signature_png', 'text', (c: any) => c.notNull())
    .addColumn('signed_at', 'text', (c: any) => c.notNull())
    .execute();
  await db.schema.createIndex('waiver_signatures_customer').on('waiver_signatures').columns(['customer_id', 'version']).execute();
}
