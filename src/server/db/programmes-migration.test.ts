import { describe, expect, it } from 'vitest';
import { bareDatabase } from '../../../tests/helpers/bare-database';
import { backends, type Backend } from '../../../tests/helpers/test-app';

// Migration 032 on a database with orders: every order keeps its row and id (SQLite rebuilds the
// table), its ledger still points at it, and an order may now hold a programme while an unknown
// kind is still refused.
describe.each(backends)('migration 032 on stored orders (%s)', (backend: Backend) => {
  // A fresh database for each test, migrated only as far as the test says.
  const bare = bareDatabase(backend, 'test');

  it('keeps the orders and their ledger, and takes a programme with its plan', async () => {
    await bare.migrate({ upTo: '027-session-idle' });
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the schema before 032, untyped as migrations are
    const db = bare.handle.db as any;
    const at = '2026-11-01T00:00:00.000Z';
    const customer = await db
      .insertInto('customers')
      .values({ name: 'Ana', email: 'ana@example.com', email_key: 'ana@example.com', language: 'en', created_at: at, updated_at: at })
      .returning('id')
      .executeTakeFirstOrThrow();
    const order = (reference: string, kind: string, extra: Record<string, unknown> = {}) =>
      db
        .insertInto('orders')
        .values({
          reference,
          token_hash: `hash-${reference}`,
          customer_id: customer.id,
          pass_id: 'x.muay-thai',
          pass_name: 'x',
          pass_kind: kind,
          pass_covers: 'muay-thai',
          pass_days: 183,
          credits: null,
          start_date: '2027-03-01',
          end_date: '2027-08-31',
          amount_satang: 6_000_000,
          deposit_satang: 0,
          method: 'desk',
          language: 'en',
          created_at: at,
          updated_at: at,
          ...extra,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
    const before = [await order('GYM-AAAAAA', 'days-unlimited'), await order('GYM-BBBBBB', 'single')];
    await db.insertInto('order_payments').values({ order_id: before[0].id, kind: 'payment', method: 'cash', amount_satang: 100, created_at: at }).execute();
    await expect(order('GYM-CCCCCC', 'programme')).rejects.toThrow();

    await bare.migrate();
    const rows = await db.selectFrom('orders').select(['id', 'reference', 'pass_kind', 'programme_months']).orderBy('id').execute();
    expect(rows).toEqual([
      { id: before[0].id, reference: 'GYM-AAAAAA', pass_kind: 'days-unlimited', programme_months: null },
      { id: before[1].id, reference: 'GYM-BBBBBB', pass_kind: 'single', programme_months: null },
    ]);
    const programme = await order('GYM-DDDDDD', 'programme', {
      programme_months: 6,
      programme_sessions_per_week: 5,
      programme_hours_per_week: 7.5,
      programme_disciplines: 'muay-thai,mma',
    });
    // The id sequence goes on (no id handed out twice), the ledger still joins its order.
    expect(programme.id).toBeGreaterThan(before[1].id);
    const stored = await db.selectFrom('orders').selectAll().where('id', '=', programme.id).executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ pass_kind: 'programme', programme_months: 6, programme_sessions_per_week: 5, programme_hours_per_week: 7.5 });
    const line = await db.selectFrom('order_payments as p').innerJoin('orders as o', 'o.id', 'p.order_id').select('o.reference').executeTakeFirstOrThrow();
    expect(line.reference).toBe('GYM-AAAAAA');
    await expect(order('GYM-EEEEEE', 'yearly')).rejects.toThrow();
    await expect(order('GYM-FFFFFF', 'programme', { programme_months: 4 })).rejects.toThrow();
    // Foreign keys still hold: a payment for no order is refused.
    await expect(
      db.insertInto('order_payments').values({ order_id: 99_999, kind: 'payment', method: 'cash', amount_satang: 100, created_at: at }).execute(),
    ).rejects.toThrow();
  });
});
