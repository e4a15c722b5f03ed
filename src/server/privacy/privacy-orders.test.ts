import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestOrder } from '../../../tests/helpers/pass-orders';
import { backends, createTestApp, type TestApp } from '../../../tests/helpers/test-app';
import { addLedgerLine } from '../ledger/ledger.repository';
import { slipStorage } from '../orders/order-page.service';

// Privacy of passes and payments: a person's customer record, orders, ledger lines and pass uses
// are in the search and the export (satang; no token, no token hash); erasure anonymises the
// customer and their orders' personal fields, keeps the ledger's amounts, and deletes the slips.
describe.each(backends)('personal data of orders on %s', (backend) => {
  let t: TestApp;
  let staff: string;
  const EMAIL = 'olivia.orders@example.com';

  beforeAll(async () => {
    t = await createTestApp(backend);
    staff = (await t.signIn('staff')).token;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('exports the customer, orders, ledger and pass uses, then erases them keeping the money', async () => {
    const db = t.app.ctx.db;
    const order = await createTestOrder(db, {
      kind: 'days-single',
      days: 7,
      credits: 3,
      startDate: '2029-04-02',
      endDate: '2029-04-08',
      email: EMAIL,
      name: 'Olivia Orders',
      amountSatang: 250_050,
    });
    await addLedgerLine(db, { orderId: order.id, kind: 'refund', method: 'cash', amountSatang: 10_025, note: 'Olivia asked by phone' });
    const other = await createTestOrder(db, {
      kind: 'single',
      days: 1,
      credits: 1,
      startDate: '2029-04-02',
      endDate: '2029-04-02',
      email: 'keep.me@example.com',
    });
    // A slip file on disk, linked to the order.
    const slipName = `${randomBytes(16).toString('hex')}-1200.webp`;
    await slipStorage(t.app.ctx).save(slipName, Buffer.from('not really a png'));
    await db.updateTable('orders').set({ slip_key: slipName }).where('id', '=', order.id).execute();
    await expect(slipStorage(t.app.ctx).read(slipName)).resolves.toEqual(Buffer.from('not really a png'));
    // A pass use by a desk booking.
    const sessions = (await t.inject({ method: 'GET', url: '/api/sessions?from=2029-04-02&days=1' })).json().sessions as { id: string; course: string }[];
    const muayThai = sessions.find((s) => s.course.startsWith('Muay Thai'))!;
    const booked = await t.inject({
      method: 'POST',
      url: '/api/desk/bookings',
      token: staff,
      payload: { sessionId: muayThai.id, name: 'Olivia Orders', email: EMAIL, source: 'walk_in', orderId: order.id },
    });
    expect(booked.statusCode, booked.body).toBe(201);

    const found = (await t.inject({ method: 'GET', url: `/api/personal-data?email=${encodeURIComponent(EMAIL)}`, token: staff })).json();
    expect(found.customers).toEqual([expect.objectContaining({ id: order.customerId, name: 'Olivia Orders', email: EMAIL })]);
    expect(found.orders).toHaveLength(1);
    expect(found.orders[0]).toMatchObject({ id: order.id, amountSatang: 250_050, transferSlip: true });
    expect(found.orders[0].ledger.map((l: { kind: string; amountSatang: number }) => [l.kind, l.amountSatang])).toEqual([
      ['payment', 250_050],
      ['refund', 10_025],
    ]);
    expect(found.orders[0].passUses).toEqual([expect.objectContaining({ reservationId: booked.json().id, sessionDate: '2029-04-02', returnedAt: null })]);

    const exported = await t.inject({ method: 'GET', url: `/api/personal-data/export?email=${encodeURIComponent(EMAIL)}&format=json`, token: staff });
    expect(exported.statusCode).toBe(200);
    const { token_hash: tokenHash } = await db.selectFrom('orders').select('token_hash').where('id', '=', order.id).executeTakeFirstOrThrow();
    expect(exported.body).toContain('"amountSatang": 250050');
    expect(exported.body).not.toContain(tokenHash);
    expect(exported.body).not.toContain(order.token);
    const csv = await t.inject({ method: 'GET', url: `/api/personal-data/export?email=${encodeURIComponent(EMAIL)}&format=csv`, token: staff });
    expect(csv.body).toContain('remboursement');
    expect(csv.body).not.toContain(tokenHash);

    const ledgerBefore = await db.selectFrom('order_payments').select(['id', 'kind', 'method', 'amount_satang', 'created_at']).orderBy('id').execute();
    const erased = await t.inject({ method: 'POST', url: '/api/personal-data/erase', token: staff, payload: { email: EMAIL } });
    expect(erased.statusCode, erased.body).toBe(200);
    expect(erased.json()).toMatchObject({ customers: 1, orders: 1, transferSlips: 1 });

    const customer = await db.selectFrom('customers').selectAll().where('id', '=', order.customerId).executeTakeFirstOrThrow();
    expect(customer).toMatchObject({ name: 'Anonymisé', email: null, email_key: null, phone: null, phone_key: null });
    const row = await db.selectFrom('orders').selectAll().where('id', '=', order.id).executeTakeFirstOrThrow();
    expect(row.slip_key).toBeNull();
    expect(row.token_hash).not.toBe(tokenHash);
    expect(row.amount_satang).toBe(250_050);
    await expect(slipStorage(t.app.ctx).read(slipName)).rejects.toThrow();
    // The money stays: every ledger line with its amount, kind, method and date; the note is gone.
    expect(await db.selectFrom('order_payments').select(['id', 'kind', 'method', 'amount_satang', 'created_at']).orderBy('id').execute()).toEqual(ledgerBefore);
    const notes = await db.selectFrom('order_payments').select('note').where('order_id', '=', order.id).execute();
    expect(notes.map((n) => n.note)).not.toContain('Olivia asked by phone');
    // The old order link says the data was removed (410, decision 184); another person's order is untouched.
    const gone = await t.inject({ method: 'GET', url: `/api/orders/by-token/${order.token}` });
    expect([gone.statusCode, gone.json()]).toEqual([410, { error: expect.any(String), code: 'link_erased', state: 'erased' }]);
    expect((await t.inject({ method: 'GET', url: `/api/orders/by-token/${other.token}` })).statusCode).toBe(200);
    expect((await t.inject({ method: 'GET', url: `/api/personal-data?email=${encodeURIComponent(EMAIL)}`, token: staff })).json().orders).toEqual([]);
  });
});
