import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { instantToZoned } from '../../shared/gym-time';
import { createTestOrder } from '../../../tests/helpers/pass-orders';
import { pdfInfo, pdfText } from '../../../tests/helpers/pdf-read';
import { editSettings, gymToday, orderBody } from '../../../tests/helpers/orders';
import { backends, createTestApp, type TestApp } from '../../../tests/helpers/test-app';
import { addDays } from '../../shared/gym-time';

// Receipts (issue 35, point 7; decision 150): a paid order's receipt PDF read back as text, its
// number given once (also under parallel first requests) and the same for the buyer and staff;
// an order not paid in full has none (409); a wrong token is 404, the staff route 401 signed out.

describe.each(backends)('receipts on %s', (backend) => {
  let t: TestApp;
  let admin: string;
  let staff: string;
  const year = instantToZoned(new Date(), 'Asia/Bangkok').date.slice(0, 4);

  beforeAll(async () => {
    t = await createTestApp(backend);
    admin = (await t.signIn('admin')).token;
    staff = (await t.signIn('staff')).token;
    await editSettings(t, admin, (s) => {
      s.legal.name = 'Chalong Fight Club Co., Ltd.';
      s.legal.registrationNumber = '0835561234567';
      s.legal.address = '12/3 ถนนเจ้าฟ้า ภูเก็ต 83130';
      s.legal.phone = '+66 76 123 456';
      s.legal.email = 'office@gym.test';
    });
  });
  afterAll(() => t?.close());

  const receipt = (token: string) => t.inject({ method: 'GET', url: `/api/orders/by-token/${token}/receipt.pdf` });
  const staffReceipt = (id: number, token: string | null = staff) =>
    t.inject({ method: 'GET', url: `/api/orders/${id}/receipt.pdf`, ...(token ? { token } : {}) });
  const numberIn = (text: string) => /R-\d{4}-\d{4}/.exec(text)?.[0];

  it('prints the number, date, legal details, buyer, line, amounts and methods on one A4 page', async () => {
    const created = await t.inject({
      method: 'POST',
      url: '/api/orders',
      payload: orderBody({ method: 'desk', name: 'Ana Ferreira', email: 'ana@example.com' }),
    });
    expect(created.statusCode, created.body).toBe(201);
    const order = created.json<{ id: number; token: string; reference: string; passName: string }>();
    expect((await receipt(order.token)).json()).toMatchObject({ code: 'receipt_unavailable' });
    expect((await t.inject({ method: 'GET', url: `/api/orders/by-token/${order.token}` })).json().receipt).toBe(false);
    for (const [amountSatang, method] of [
      [100_000, 'cash'],
      [50_000, 'transfer'],
    ] as const) {
      const paid = await t.inject({ method: 'POST', url: `/api/orders/${order.id}/payments`, token: staff, payload: { amountSatang, method } });
      expect(paid.statusCode, paid.body).toBe(201);
    }
    expect((await t.inject({ method: 'GET', url: `/api/orders/by-token/${order.token}` })).json().receipt).toBe(true);
    const res = await receipt(order.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['cache-control']).toBe('no-store');
    const pdf = res.rawPayload;
    expect(await pdfInfo(pdf)).toMatchObject({ pages: 1, width: 595.28, height: 841.89 });
    const text = await pdfText(pdf);
    const number = numberIn(text);
    expect(number).toMatch(new RegExp(`^R-${year}-\\d{4}$`));
    expect(res.headers['content-disposition']).toContain(`receipt-${number}.pdf`);
    expect(text).toContain('RECEIPT');
    expect(text).toContain('Chalong Fight Club Co., Ltd.');
    expect(text).toContain('ภูเก็ต 83130');
    expect(text).toContain('0835561234567');
    expect(text).toContain('Ana Ferreira');
    expect(text).toContain('ana@example.com');
    expect(text).toContain(order.reference);
    expect(text).toContain(order.passName.split(' · ')[0]);
    expect(text).toMatch(/Total\s+1,500\.00 THB/);
    expect(text).toMatch(/Paid by\s+Cash, Bank transfer/);
    expect(text).toMatch(/Payment\s+Cash\s+1,000\.00 THB/);
    expect(text).toMatch(/Payment\s+Bank transfer\s+500\.00 THB/);
    // The date of issue, written in words (gym day).
    const [y, m, d] = instantToZoned(new Date(), 'Asia/Bangkok').date.split('-').map(Number);
    expect(text).toContain(`${d} ${new Date(Date.UTC(y, m - 1, 1)).toLocaleString('en', { month: 'long', timeZone: 'UTC' })} ${y}`);

    // Given once: the buyer again and staff read the same number.
    expect(numberIn(await pdfText((await receipt(order.token)).rawPayload))).toBe(number);
    const byStaff = await staffReceipt(order.id);
    expect(byStaff.statusCode).toBe(200);
    expect(numberIn(await pdfText(byStaff.rawPayload))).toBe(number);
  });

  it('shows a partial refund; refuses orders not paid in full (409), a wrong token (404), signed-out staff routes (401)', async () => {
    const start = gymToday();
    const refunded = await createTestOrder(t.app.ctx.db, {
      kind: 'days-unlimited',
      days: 7,
      credits: null,
      startDate: start,
      endDate: addDays(start, 6),
      amountSatang: 300_000,
      method: 'promptpay',
    });
    const res = await t.inject({
      method: 'POST',
      url: `/api/orders/${refunded.id}/refunds`,
      token: admin,
      payload: { amountSatang: 50_000, method: 'promptpay' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const text = await pdfText((await receipt(refunded.token)).rawPayload);
    expect(text).toMatch(/Refunded\s+500\.00 THB/);
    expect(text).toMatch(/Net received\s+2,500\.00 THB/);
    expect(text).toMatch(/Refund\s+PromptPay\s+500\.00 THB/);

    const depositOnly = await createTestOrder(t.app.ctx.db, {
      kind: 'days-unlimited',
      days: 7,
      credits: null,
      startDate: start,
      endDate: addDays(start, 6),
      amountSatang: 300_000,
      depositSatang: 100_000,
      paidSatang: 100_000,
    });
    const unpaid = await createTestOrder(t.app.ctx.db, { kind: 'single', days: 1, credits: 1, startDate: start, endDate: start, paidSatang: 0 });
    // Money that reached an order after it was cancelled is owed back, not received for it.
    const cancelled = await createTestOrder(t.app.ctx.db, {
      kind: 'single',
      days: 1,
      credits: 1,
      startDate: start,
      endDate: start,
      cancelledAt: new Date().toISOString(),
    });
    for (const o of [depositOnly, unpaid, cancelled]) {
      const refused = await receipt(o.token);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().code).toBe('receipt_unavailable');
      expect((await staffReceipt(o.id)).statusCode).toBe(409);
    }
    const fully = await t.inject({
      method: 'POST',
      url: `/api/orders/${refunded.id}/refunds`,
      token: admin,
      payload: { amountSatang: 250_000, method: 'promptpay' },
    });
    expect(fully.statusCode, fully.body).toBe(201);
    expect((await receipt(refunded.token)).json().code).toBe('receipt_unavailable');
    expect(
      await t.app.ctx.db.selectFrom('order_receipts').select('number').where('order_id', 'in', [depositOnly.id, unpaid.id, cancelled.id]).execute(),
    ).toEqual([]);

    expect((await receipt('x'.repeat(43))).statusCode).toBe(404);
    expect((await staffReceipt(refunded.id, null)).statusCode).toBe(401);
    expect((await staffReceipt(999_999)).statusCode).toBe(404);
  });

  it('numbers each order once under parallel first requests, without gaps', async () => {
    const start = gymToday();
    const orders = await Promise.all(
      Array.from({ length: 4 }, () =>
        createTestOrder(t.app.ctx.db, { kind: 'days-single', days: 7, credits: 7, startDate: start, endDate: addDays(start, 6) }),
      ),
    );
    const answers = await Promise.all(orders.flatMap((o) => [receipt(o.token), staffReceipt(o.id), receipt(o.token)]));
    expect(answers.map((a) => a.statusCode).every((s) => s === 200)).toBe(true);
    const rows = await t.app.ctx.db
      .selectFrom('order_receipts')
      .select(['order_id', 'number'])
      .where(
        'order_id',
        'in',
        orders.map((o) => o.id),
      )
      .execute();
    expect(rows).toHaveLength(4);
    const texts = await Promise.all(answers.map((a) => pdfText(a.rawPayload)));
    orders.forEach((o, i) => {
      const mine = rows.find((r) => r.order_id === o.id)!.number;
      for (const text of texts.slice(i * 3, i * 3 + 3)) expect(numberIn(text)).toBe(mine);
    });
    // Every number of the year given so far, from 1 up, once each.
    const all = (await t.app.ctx.db.selectFrom('order_receipts').select('number').execute()).map((r) => Number(r.number.slice(-4))).sort((a, b) => a - b);
    expect(all).toEqual(all.map((_n, i) => i + 1));
  });
});
