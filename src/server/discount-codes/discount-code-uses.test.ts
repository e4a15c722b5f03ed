import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CodeTakingsDto, DiscountCodeDto } from '../../shared/api-types/discount-codes';
import type { OrderDto, StaffOrderDto } from '../../shared/api-types/payments';
import { addDays } from '../../shared/gym-time';
import { editSettings, gymToday, holdRanOut, orderBody } from '../../../tests/helpers/orders';
import { mailsTo } from '../../../tests/helpers/me-sign-in';
import { pdfText } from '../../../tests/helpers/pdf-read';
import { backends, createTestApp, type TestApp } from '../../../tests/helpers/test-app';
import { expireLapsedOrders } from '../orders/order-expiry';

// Discount codes' uses (issue 48 points 6–7): the last use goes to one order of ten sent at once,
// the per-person limit holds the same way, a lapsed order gives its use back once, and the ledger,
// refunds, the receipt and the dashboard's takings follow the discounted price.

describe.each(backends)('discount code uses on %s', (backend) => {
  let t: TestApp;
  let staff: string;
  let admin: string;
  const start = addDays(gymToday(), 3);
  const make = async (payload: object) => {
    const res = await t.inject({ method: 'POST', url: '/api/discount-codes', token: staff, payload });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<DiscountCodeDto>();
  };
  const order = (code: string, over: Parameters<typeof orderBody>[0] = {}) =>
    t.inject({ method: 'POST', url: '/api/orders', payload: { ...orderBody({ startDate: start, ...over }), code } });
  const usesOf = async (id: number) =>
    Number((await t.app.ctx.db.selectFrom('discount_codes').select('uses').where('id', '=', id).executeTakeFirstOrThrow()).uses);
  const week = { passIds: ['week-single.muay-thai'] };

  beforeAll(async () => {
    t = await createTestApp(backend);
    admin = (await t.signIn('admin')).token;
    staff = (await t.signIn('staff')).token;
    await editSettings(t, admin, (s) => {
      s.payments.promptpayId = '0812345678';
    });
  });
  afterAll(() => t?.close());

  it('gives the last use to one order of ten sent at once', async () => {
    const code = await make({ code: 'LAST-ONE', percentOff: 10, appliesTo: week, maxUses: 1 });
    const answers = await Promise.all(Array.from({ length: 10 }, () => order('last-one')));
    const statuses = answers.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 400)).toHaveLength(9);
    for (const r of answers.filter((a) => a.statusCode === 400)) expect(r.json().code).toBe('discount_code_used_up');
    expect(await usesOf(code.id)).toBe(1);
    const held = await t.app.ctx.db.selectFrom('order_discounts').select('order_id').where('code_id', '=', code.id).execute();
    expect(held).toHaveLength(1);
    // Three uses of ten at once: three orders.
    const three = await make({ code: 'THREE', amountOffSatang: 10_000, appliesTo: week, maxUses: 3 });
    const more = await Promise.all(Array.from({ length: 10 }, () => order('THREE')));
    expect(more.filter((r) => r.statusCode === 201)).toHaveLength(3);
    expect(await usesOf(three.id)).toBe(3);
  });

  it('holds the per-person limit under parallel orders by the same person', async () => {
    const code = await make({ code: 'ONE-EACH', percentOff: 5, appliesTo: week, maxUsesPerPerson: 1 });
    const who = { name: 'Mia Keller', email: 'mia.keller@example.com' };
    // The person is known first (an order without the code), then sends five at once.
    expect((await order('', who)).statusCode).toBe(201);
    const answers = await Promise.all(Array.from({ length: 5 }, () => order('one-each', who)));
    expect(answers.filter((r) => r.statusCode === 201)).toHaveLength(1);
    for (const r of answers.filter((a) => a.statusCode !== 201)) expect(r.json().code).toBe('discount_code_used_up');
    expect(await usesOf(code.id)).toBe(1);
    // Someone else still may.
    expect((await order('ONE-EACH')).statusCode).toBe(201);
    expect(await usesOf(code.id)).toBe(2);
  });

  it('a lapsed order gives its use back, once, even with two expiry runs at once', async () => {
    const code = await make({ code: 'COMEBACK', percentOff: 10, appliesTo: week, maxUses: 1, maxUsesPerPerson: 1 });
    const who = { name: 'Tom Berg', email: 'tom.berg@example.com' };
    const first = await order('comeback', who);
    expect(first.statusCode, first.body).toBe(201);
    expect((await order('COMEBACK')).json().code).toBe('discount_code_used_up');
    await holdRanOut(t, first.json<OrderDto>().id);
    const later = new Date(Date.now() + 60_000);
    await Promise.all([expireLapsedOrders(t.app.ctx, later), expireLapsedOrders(t.app.ctx, later)]);
    await expireLapsedOrders(t.app.ctx, later);
    expect(await usesOf(code.id)).toBe(0);
    const back = await t.app.ctx.db.selectFrom('order_discounts').select('returned_at').where('code_id', '=', code.id).executeTakeFirstOrThrow();
    expect(back.returned_at).not.toBeNull();
    // The same person may use it again, and only once more.
    expect((await order('comeback', who)).statusCode).toBe(201);
    expect(await usesOf(code.id)).toBe(1);
    expect((await order('comeback')).json().code).toBe('discount_code_used_up');
  });

  it('an order staff cancel before any payment gives its use back, once', async () => {
    const code = await make({ code: 'DESK-BACK', amountOffSatang: 5_000, appliesTo: week, maxUses: 1 });
    const res = await order('desk-back', { method: 'desk', name: 'Lea Novak', email: 'lea.novak@example.com' });
    expect(res.statusCode, res.body).toBe(201);
    expect(await usesOf(code.id)).toBe(1);
    const id = res.json<OrderDto>().id;
    const cancel = () => t.inject({ method: 'POST', url: `/api/orders/${id}/cancel`, token: staff });
    const both = await Promise.all([cancel(), cancel()]);
    for (const r of both) expect(r.statusCode, r.body).toBe(200);
    expect(await usesOf(code.id)).toBe(0);
    expect((await cancel()).statusCode).toBe(200);
    expect(await usesOf(code.id)).toBe(0);
    expect((await order('DESK-BACK')).statusCode).toBe(201);
    expect(await usesOf(code.id)).toBe(1);
  });

  it("an order's e-mail in the buyer's language names the code", async () => {
    await make({ code: 'PRIVET', amountOffSatang: 10_000, appliesTo: week });
    const res = await order('privet', { name: 'Olga Petrova', email: 'olga.p@example.com', language: 'ru' });
    expect(res.statusCode, res.body).toBe(201);
    const [mail] = await mailsTo(t, 'olga.p@example.com');
    expect(mail?.text_body).toContain('Промокод PRIVET');
    // An order without a code has no such line.
    expect((await order('', { name: 'Ivan Orlov', email: 'ivan.o@example.com', language: 'ru' })).statusCode).toBe(201);
    const [plain] = await mailsTo(t, 'ivan.o@example.com');
    expect(plain?.text_body).not.toContain('Промокод');
  });

  it('payments, refunds, the receipt and the takings follow the discounted price', async () => {
    await make({ code: 'DESK-20', percentOff: 20, appliesTo: week });
    const res = await order('desk-20', { method: 'desk', name: 'Ana Ferreira', email: 'ana.f@example.com' });
    expect(res.statusCode, res.body).toBe(201);
    const o = res.json<OrderDto>();
    expect(o.amountSatang).toBe(120_000);
    const pay = (amountSatang: number) =>
      t.inject({ method: 'POST', url: `/api/orders/${o.id}/payments`, token: staff, payload: { amountSatang, method: 'cash' } });
    expect((await pay(120_001)).json().code).toBe('payment_exceeds_owed');
    const paid = await pay(120_000);
    expect(paid.statusCode, paid.body).toBe(201);
    expect(paid.json<StaffOrderDto>()).toMatchObject({
      status: 'paid',
      owedSatang: 0,
      discount: { code: 'DESK-20', discountSatang: 30_000, trainingSatang: 30_000 },
    });

    // The order's e-mails show the code and what it took off, above the discounted price.
    const mails = await mailsTo(t, 'ana.f@example.com');
    expect(mails.length).toBeGreaterThanOrEqual(2);
    for (const m of mails) {
      expect(m.text_body).toMatch(/Discount code DESK-20\s*:?\s*−\s*(THB|฿)?\s*300/);
      expect(m.html_body).toContain('Discount code DESK-20');
    }

    const receipt = await t.inject({ method: 'GET', url: `/api/orders/by-token/${o.token}/receipt.pdf` });
    expect(receipt.statusCode, receipt.body).toBe(200);
    const text = await pdfText(receipt.rawPayload);
    expect(text).toMatch(/Training: .*1,500\.00 THB/s);
    expect(text).toMatch(/Discount code DESK-20.*-300\.00 THB/s);
    expect(text).toMatch(/Total\s+1,200\.00 THB/);

    const refund = (amountSatang: number) =>
      t.inject({ method: 'POST', url: `/api/orders/${o.id}/refunds`, token: admin, payload: { amountSatang, method: 'cash' } });
    expect((await refund(150_000)).json().code).toBe('refund_exceeds_paid');
    const back = await refund(20_000);
    expect(back.statusCode, back.body).toBe(201);
    expect(back.json<StaffOrderDto>()).toMatchObject({ refundedSatang: 20_000 });
    expect((await refund(100_001)).json().code).toBe('refund_exceeds_paid');

    const takings = await t.inject({ method: 'GET', url: '/api/discount-codes/takings', token: staff });
    expect(takings.statusCode).toBe(200);
    expect(takings.json<CodeTakingsDto[]>().find((r) => r.code === 'DESK-20')).toEqual({
      code: 'DESK-20',
      orders: 1,
      discountSatang: 30_000,
      takingsSatang: 100_000,
    });
    expect((await t.inject({ method: 'GET', url: '/api/discount-codes/takings' })).statusCode).toBe(401);
  });
});
