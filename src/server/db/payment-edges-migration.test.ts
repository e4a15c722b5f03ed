import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { bareDatabase } from '../../../tests/helpers/bare-database';
import { backends, type Backend } from '../../../tests/helpers/test-app';

// Migration 025 on a database with orders paid by card: the ledger keeps every line (and its ids),
// each stored Checkout Session becomes a checkout row, and the new ledger kinds are accepted while
// unknown ones are still refused.
describe.each(backends)('migration 025 on stored orders (%s)', (backend: Backend) => {
  // A fresh database for each test, migrated only as far as the test says.
  const bare = bareDatabase(backend, 'test');

  it('copies the sessions and keeps the ledger', async () => {
    await bare.migrate({ upTo: '024-inbound-mail' });
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the schema before 025, untyped as migrations are
    const db = bare.handle.db as any;
    const at = '2026-11-01T00:00:00.000Z';
    const customer = await db
      .insertInto('customers')
      .values({ name: 'Ana', email: 'ana@example.com', email_key: 'ana@example.com', language: 'en', created_at: at, updated_at: at })
      .returning('id')
      .executeTakeFirstOrThrow();
    const order = (reference: string, session: string | null) =>
      db
        .insertInto('orders')
        .values({
          reference,
          token_hash: `hash-${reference}`,
          customer_id: customer.id,
          pass_id: 'single.mma',
          pass_name: '1 session',
          pass_kind: 'single',
          pass_covers: 'mma',
          pass_days: 1,
          credits: 1,
          start_date: '2026-11-02',
          end_date: '2026-11-02',
          amount_satang: 40_000,
          deposit_satang: 0,
          method: 'card',
          language: 'en',
          expires_at: '2026-11-02T00:00:00.000Z',
          stripe_session_id: session,
          created_at: at,
          updated_at: at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
    const paid = await order('GYM-AAAAAA', 'cs_test_paid');
    await order('GYM-BBBBBB', null);
    await db
      .insertInto('order_payments')
      .values({ order_id: paid.id, kind: 'payment', method: 'card', amount_satang: 40_000, external_id: 'pi_1', created_at: at })
      .execute();
    const refund = await db
      .insertInto('order_payments')
      .values({ order_id: paid.id, kind: 'refund', method: 'card', amount_satang: 5_000, external_id: 're_1', created_at: at })
      .returning('id')
      .executeTakeFirstOrThrow();

    await bare.migrate();
    const lines = await bare.handle.db.selectFrom('order_payments').select(['id', 'kind', 'external_id', 'amount_satang']).orderBy('id').execute();
    expect(lines).toEqual([
      { id: refund.id - 1, kind: 'payment', external_id: 'pi_1', amount_satang: 40_000 },
      { id: refund.id, kind: 'refund', external_id: 're_1', amount_satang: 5_000 },
    ]);
    expect(await bare.handle.db.selectFrom('checkout_sessions').select(['order_id', 'session_id', 'status']).execute()).toEqual([
      { order_id: paid.id, session_id: 'cs_test_paid', status: 'open' },
    ]);
    // New kinds go in, with new ids after the copied ones; an unknown kind and a second external id are still refused.
    const next = await bare.handle.db
      .insertInto('order_payments')
      .values({
        order_id: paid.id,
        kind: 'chargeback',
        method: 'card',
        amount_satang: 35_000,
        external_id: 'dp_1:withdrawn',
        note: null,
        user_id: null,
        created_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(next.id).toBeGreaterThan(refund.id);
    await expect(
      sql`insert into order_payments (order_id, kind, method, amount_satang, created_at) values (${paid.id}, 'gift', 'cash', 1, ${at})`.execute(bare.handle.db),
    ).rejects.toThrow();
    await expect(
      bare.handle.db
        .insertInto('order_payments')
        .values({ order_id: paid.id, kind: 'payment', method: 'card', amount_satang: 1, external_id: 'pi_1', note: null, user_id: null, created_at: at })
        .execute(),
    ).rejects.toThrow();
    // One live checkout per order.
    await expect(
      bare.handle.db
        .insertInto('checkout_sessions')
        .values({
          order_id: paid.id,
          session_id: null,
          status: 'creating',
          amount_satang: 1,
          url: null,
          payment_intent: null,
          expires_at: null,
          created_at: at,
          updated_at: at,
        })
        .execute(),
    ).rejects.toThrow();
  });
});
