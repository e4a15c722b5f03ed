import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestOrder, type TestOrderFacts } from '../../../tests/helpers/pass-orders';
import { backends, createTestApp, type TestApp } from '../../../tests/helpers/test-app';
import { addDays, todayInZone } from '../../shared/gym-time';
import { newToken } from '../auth/tokens';
import { addLedgerLine } from '../ledger/ledger.repository';

// Issue 47 point 3 (decision 184): an order page's link says what became of the order: lapsed
// unpaid, cancelled, refunded; after the buyer's erase, 410 'erased'. Only a token never given is 404.

describe.each(backends)('no dead order link on %s', (backend) => {
  let t: TestApp;
  const db = () => t.app.ctx.db;
  const today = () => todayInZone('Asia/Bangkok');
  const get = (token: string) => t.inject({ method: 'GET', url: `/api/orders/by-token/${token}` });
  const order = (over: Partial<TestOrderFacts>) =>
    createTestOrder(db(), { kind: 'days-single', days: 7, credits: null, startDate: today(), endDate: addDays(today(), 6), ...over });

  beforeAll(async () => {
    t = await createTestApp(backend);
    await t.app.ctx.mail.stop();
  });
  afterAll(() => t?.close());

  it('lapsed, cancelled and refunded orders each answer their state', async () => {
    const lapsed = await order({ paidSatang: 0, expiresAt: new Date(Date.now() - 3_600_000).toISOString() });
    const cancelled = await order({ paidSatang: 0, cancelledAt: new Date().toISOString() });
    const refunded = await order({});
    await addLedgerLine(db(), { orderId: refunded.id, kind: 'refund', method: 'cash', amountSatang: 150_000 });
    for (const [o, status] of [
      [lapsed, 'expired'],
      [cancelled, 'cancelled'],
      [refunded, 'refunded'],
    ] as const) {
      const res = await get(o.token);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ status });
    }
    expect((await get(newToken())).statusCode).toBe(404);
  });

  it('after the buyer’s erase: 410 erased, and the token is kept only as a hash', async () => {
    const o = await order({ email: `erase-order-${backend}@example.com` });
    const admin = (await t.signIn('admin')).token;
    expect((await t.inject({ method: 'POST', url: '/api/personal-data/erase', token: admin, payload: { email: o.email } })).statusCode).toBe(200);
    const res = await get(o.token);
    expect([res.statusCode, res.json()]).toEqual([410, { error: expect.any(String), code: 'link_erased', state: 'erased' }]);
    const kept = await db().selectFrom('retired_links').selectAll().where('kind', '=', 'order').execute();
    expect(kept.length).toBeGreaterThan(0);
    expect(kept.every((k) => k.record_id === null && /^[0-9a-f]{64}$/.test(k.token_hash))).toBe(true);
  });
});
