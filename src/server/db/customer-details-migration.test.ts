import { describe, expect, it } from 'vitest';
import { bareDatabase } from '../../../tests/helpers/bare-database';
import { backends } from '../../../tests/helpers/test-app';

// Migration 042 (decision 173) on a database with customers: each counts its name, phone and
// language as set by the migration, so what was typed before it is never offered to staff; the
// orders it finds have no typed name or phone. On both databases.

const at = '2025-01-01T10:00:00.000Z';

describe.each(backends)('migration 042 (customer details set) on %s', (backend) => {
  const bare = bareDatabase(backend, 'block');

  it('marks the customers there as set now and leaves the orders without a typed name or phone', async () => {
    const { handle } = bare;
    await bare.migrate({ upTo: '040-private-lessons' });
    const db = handle.db;
    const c = await db
      .insertInto('customers')
      .values({
        name: 'Ana',
        email: 'ana@example.com',
        email_key: 'ana@example.com',
        phone: null,
        phone_key: null,
        language: 'en',
        created_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const before = new Date().toISOString();
    await bare.migrate();
    const row = await db.selectFrom('customers').selectAll().where('id', '=', c.id).executeTakeFirstOrThrow();
    expect(row.name_set_at).toBe(row.phone_set_at);
    expect(row.language_set_at).toBe(row.name_set_at);
    expect(row.name_set_at! >= before).toBe(true);
    const cols = await db.selectFrom('orders').select(['buyer_name', 'buyer_phone']).execute();
    expect(cols).toEqual([]);
  });
});
