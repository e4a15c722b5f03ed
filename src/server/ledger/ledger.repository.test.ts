import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, createTestApp, type TestApp } from '../../../tests/helpers/test-app';
import { findOrCreateCustomer } from '../customers/customers.repository';
import { addLedgerLine, applyEventOnce, ledgerTotals } from './ledger.repository';

const at = '2026-01-01T10:00:00.000Z';

describe.each(backends)('order ledger on %s', (backend) => {
  let t: TestApp;
  let orderId: number;
  beforeAll(async () => {
    t = await createTestApp(backend);
    const db = t.app.ctx.db;
    const customer = await findOrCreateCustomer(db, { name: 'Ana', email: 'ana@example.com', phone: null, language: 'en' });
    orderId = (
      await db
        .insertInto('orders')
        .values({
          reference: 'GYM-LEDGER',
          token_hash: 'x',
          customer_id: customer!.id,
          pass_id: 'single.mma',
          pass_name: '1 session',
          pass_kind: 'single',
          pass_covers: 'mma',
          pass_days: 1,
          credits: 1,
          start_date: '2026-01-05',
          end_date: '2026-01-05',
          amount_satang: 40_000,
          method: 'card',
          expires_at: null,
          cancelled_at: null,
          stripe_session_id: null,
          slip_key: null,
          created_by: null,
          created_at: at,
          updated_at: at,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  });
  afterAll(() => t?.close());

  it('sums payments and refunds as integers', async () => {
    const db = t.app.ctx.db;
    await addLedgerLine(db, { orderId, kind: 'payment', method: 'cash', amountSatang: 10_000 });
    await addLedgerLine(db, { orderId, kind: 'refund', method: 'cash', amountSatang: 2_550 });
    expect(await ledgerTotals(db, orderId)).toMatchObject({ paidSatang: 10_000, refundedSatang: 2_550 });
    await expect(addLedgerLine(db, { orderId, kind: 'payment', method: 'cash', amountSatang: 0.5 })).rejects.toThrow(RangeError);
  });

  it('applies one event delivered twenty times in parallel once', async () => {
    const db = t.app.ctx.db;
    const before = await ledgerTotals(db, orderId);
    const applied = await Promise.all(
      Array.from({ length: 20 }, () =>
        applyEventOnce(db, { provider: 'stripe', eventId: 'evt_parallel', orderId }, async (trx) => {
          await addLedgerLine(trx, { orderId, kind: 'payment', method: 'card', amountSatang: 30_000 });
        }),
      ),
    );
    expect(applied.filter(Boolean)).toHaveLength(1);
    const after = await ledgerTotals(db, orderId);
    expect(after.paidSatang - before.paidSatang).toBe(30_000);
  });

  it('does not keep an event whose effect failed, so a retry applies it', async () => {
    const db = t.app.ctx.db;
    await expect(
      applyEventOnce(db, { provider: 'stripe', eventId: 'evt_fails', orderId }, async () => {
        throw new Error('crash between the payment and its record');
      }),
    ).rejects.toThrow('crash');
    expect(await applyEventOnce(db, { provider: 'stripe', eventId: 'evt_fails', orderId }, async () => {})).toBe(true);
  });
});
