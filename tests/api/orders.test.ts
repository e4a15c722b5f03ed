import { createHash } from 'node:crypto';
import jsQR from 'jsqr';
import { parse } from 'promptparse';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStripeGateway } from '../../src/server/payments/stripe/stripe-gateway';
import { addDays } from '../../src/shared/gym-time';
import { formatThb } from '../../src/shared/money';
import { FAST_MAIL, customer } from '../helpers/factories';
import { editSettings, gymToday, mailText, orderBody, slipForm } from '../helpers/orders';
import { decodeHeader, startSmtpPeer, waitUntil, type SmtpPeer } from '../helpers/smtp-peer';
import { startStripeStandIn } from '../helpers/stripe-stand-in';
import { backends, createTestApp, type TestApp } from '../helpers/test-app';

// Buying a pass online (issue 21, point 3): PromptPay with its Thai QR, card through the
// gateway, pay at the desk; the order page by its token; the buyer's e-mails; the slip.

const PROMPTPAY_ID = '0812345678';

async function decodeQr(svg: string): Promise<string | undefined> {
  const { data, info } = await sharp(Buffer.from(svg), { density: 72 * 8 })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), info.width, info.height)?.data;
}

describe.each(backends)('orders on %s', (backend) => {
  let t: TestApp;
  let smtp: SmtpPeer;
  let admin: string;
  let staff: string;

  beforeAll(async () => {
    smtp = await startSmtpPeer();
    t = await createTestApp(backend, { ...FAST_MAIL, smtpUrl: smtp.url });
    admin = (await t.signIn('admin')).token;
    staff = (await t.signIn('staff')).token;
    await editSettings(t, admin, (s) => {
      s.payments.promptpayId = PROMPTPAY_ID;
      s.payments.taxId = '0105551234567';
      // The first row (one session): hidden for Muay Thai, on sale for MMA.
      s.prices.rows[0].pass!.hidden = [true, false];
    });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  const post = (body: object, headers: Record<string, string> = {}) => t.inject({ method: 'POST', url: '/api/orders', payload: body, headers });

  it('makes a PromptPay order: reference, token kept as a hash, the exact amount in a valid Thai QR', async () => {
    const res = await post(orderBody());
    expect(res.statusCode, res.body).toBe(201);
    const o = res.json();
    expect(o.reference).toMatch(/^GYM-[2-9A-HJ-NP-Z]{6}$/);
    expect(o).toMatchObject({ status: 'awaiting-payment', amountSatang: 150_000, owedSatang: 150_000, paidSatang: 0, method: 'promptpay', creditsLeft: 7 });
    expect(o.startDate).toBe(gymToday());
    expect(o.endDate).toBe(addDays(gymToday(), 6));
    expect(Date.parse(o.expiresAt) - Date.parse(o.createdAt)).toBeGreaterThan(23 * 3_600_000);
    const qr = parse(o.promptpay.payload, true, true);
    expect(qr).not.toBeNull();
    expect(qr!.validate('63')).toBe(true);
    expect(qr!.getTagValue('54')).toBe('1500.00');
    expect(qr!.getTagValue('53')).toBe('764');
    expect(qr!.getTagValue('58')).toBe('TH');
    expect(qr!.getTagValue('29', '01')).toBe('0066812345678');
    const row = await t.app.ctx.db.selectFrom('orders').selectAll().where('id', '=', o.id).executeTakeFirstOrThrow();
    expect(row.token_hash).toBe(createHash('sha256').update(o.token).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(o.token);

    // The order page: no token in its answer, the same QR text, the QR image decodes to it.
    const page = await t.inject({ method: 'GET', url: `/api/orders/by-token/${o.token}` });
    expect(page.statusCode).toBe(200);
    expect(page.json().token).toBeUndefined();
    expect(page.json()).toMatchObject({ id: o.id, reference: o.reference, status: 'awaiting-payment', promptpay: { payload: o.promptpay.payload } });
    const svg = await t.inject({ method: 'GET', url: `/api/orders/by-token/${o.token}/promptpay.svg` });
    expect(svg.statusCode).toBe(200);
    expect(svg.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(svg.headers['cache-control']).toBe('no-store');
    expect(await decodeQr(svg.body)).toBe(o.promptpay.payload);
    expect((await t.inject({ method: 'GET', url: `/api/orders/by-token/${'x'.repeat(43)}` })).statusCode).toBe(404);
  });

  it('asks a deposit online when the owner set one, and the QR carries the deposit', async () => {
    await editSettings(t, admin, (s) => {
      s.payments.deposit = { mode: 'percent', value: 20 };
    });
    try {
      const res = await post(orderBody({ passId: 'week-unlimited.mma' }));
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toMatchObject({ amountSatang: 500_000, depositSatang: 100_000, creditsLeft: null });
      expect(parse(res.json().promptpay.payload, true)!.getTagValue('54')).toBe('1000.00');
    } finally {
      await editSettings(t, admin, (s) => {
        s.payments.deposit = { mode: 'none', value: 0 };
      });
    }
  });

  it('makes a pay-at-the-desk order that never lapses', async () => {
    const res = await post(orderBody({ method: 'desk', passId: 'single.mma' }));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ method: 'desk', expiresAt: null, amountSatang: 40_000, status: 'awaiting-payment', creditsLeft: 1 });
    expect(res.json().promptpay).toBeUndefined();
  });

  it('refuses bad input with a code each', async () => {
    const cases: [string, object, number, string][] = [
      ['a past start date', orderBody({ startDate: addDays(gymToday(), -1) }), 400, 'start_date_past'],
      ['a start more than a year ahead', orderBody({ startDate: addDays(gymToday(), 400) }), 400, 'start_date_too_far'],
      ['a hidden pass', orderBody({ passId: 'single.muay-thai' }), 409, 'pass_not_on_sale'],
      ['an unknown pass', orderBody({ passId: 'nothing-like-it.mma' }), 404, 'pass_not_found'],
      ['a bad e-mail', orderBody({ email: 'not-an-address' }), 400, 'validation'],
      ['an unknown method', { ...orderBody(), method: 'bitcoin' }, 400, 'validation'],
      ['card without a card provider', orderBody({ method: 'card' }), 409, 'card_unavailable'],
    ];
    const before = await t.app.ctx.db
      .selectFrom('orders')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    for (const [what, body, status, code] of cases) {
      const res = await post(body);
      expect(res.statusCode, `${what}: ${res.body}`).toBe(status);
      expect(res.json().code, what).toBe(code);
    }
    const after = await t.app.ctx.db
      .selectFrom('orders')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('refuses PromptPay while the gym has no PromptPay ID', async () => {
    await editSettings(t, admin, (s) => {
      s.payments.promptpayId = null;
    });
    try {
      const res = await post(orderBody());
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe('promptpay_unavailable');
    } finally {
      await editSettings(t, admin, (s) => {
        s.payments.promptpayId = PROMPTPAY_ID;
      });
    }
  });

  it('answers a filled honeypot like a success and stores nothing', async () => {
    const body = orderBody({ website: 'http://spam.example' });
    const res = await post(body);
    expect(res.statusCode).toBe(201);
    expect(await t.app.ctx.db.selectFrom('customers').select('id').where('email_key', '=', body.email).executeTakeFirst()).toBeUndefined();
  });

  it('answers a retry with the same Idempotency-Key with the same order and token', async () => {
    const body = orderBody();
    const key = `order-${Math.random()}`;
    const [a, b] = await Promise.all([post(body, { 'idempotency-key': key }), post(body, { 'idempotency-key': key })]);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(b.json().id).toBe(a.json().id);
    expect(b.json().token).toBe(a.json().token);
    const third = await post(body, { 'idempotency-key': key });
    expect(third.json()).toMatchObject({ id: a.json().id, token: a.json().token });
    expect(third.headers['idempotent-replayed']).toBe('true');
    const other = await post({ ...body, passId: 'day.mma' }, { 'idempotency-key': key });
    expect(other.statusCode).toBe(422);
    const stored = await t.app.ctx.db.selectFrom('idempotency_keys').selectAll().where('key', 'like', 'order:%').execute();
    expect(JSON.stringify(stored)).not.toContain(a.json().token);
    expect(JSON.stringify(stored)).not.toContain(key);
  });

  it('opens a card checkout through the gateway, back to the order page in the buyer language; the open one is reused', async () => {
    const stand = await startStripeStandIn();
    t.app.ctx.cardGateway = createStripeGateway(stand.settings, { holdMs: t.config.paymentHoldMs });
    try {
      const body = orderBody({ method: 'card', language: 'ru', passId: 'day.muay-thai' });
      const res = await post(body);
      expect(res.statusCode, res.body).toBe(201);
      const o = res.json();
      const [session] = [...stand.sessions.values()];
      expect(o.checkoutUrl).toBe(session.url);
      expect(session).toMatchObject({
        amount_total: 60_000,
        currency: 'thb',
        customer_email: body.email,
        locale: 'ru',
        metadata: { orderId: String(o.id), reference: o.reference },
      });
      expect(session.success_url).toBe(`http://gym.test/ru/booking/order/${o.token}`);
      const rows = await t.app.ctx.db.selectFrom('checkout_sessions').selectAll().where('order_id', '=', o.id).execute();
      expect(rows).toMatchObject([{ session_id: session.id, status: 'open', amount_satang: 60_000 }]);
      // The page asks again (the buyer came back before paying): the open session is reused, never a second one.
      const again = await t.inject({ method: 'POST', url: `/api/orders/by-token/${o.token}/checkout` });
      expect(again.statusCode, again.body).toBe(200);
      expect(again.json().checkoutUrl).toBe(session.url);
      expect(stand.sessions.size).toBe(1);
    } finally {
      t.app.ctx.cardGateway = undefined;
      await stand.close();
    }
  });

  it('cancels a card order whose checkout could not be opened, and says so', async () => {
    const stand = await startStripeStandIn({ secretKey: 'sk_test_the_provider_refuses_this_key' });
    t.app.ctx.cardGateway = createStripeGateway({ ...stand.settings, secretKey: 'sk_test_wrong' }, { holdMs: t.config.paymentHoldMs });
    try {
      const body = orderBody({ method: 'card' });
      const res = await post(body);
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe('card_unavailable');
      const row = await t.app.ctx.db
        .selectFrom('orders as o')
        .innerJoin('customers as c', 'c.id', 'o.customer_id')
        .select(['o.cancelled_at', 'o.id'])
        .where('c.email_key', '=', body.email)
        .executeTakeFirstOrThrow();
      expect(row.cancelled_at).not.toBeNull();
      expect(await t.app.ctx.db.selectFrom('checkout_sessions').select('status').where('order_id', '=', row.id).execute()).toEqual([{ status: 'failed' }]);
    } finally {
      t.app.ctx.cardGateway = undefined;
      await stand.close();
    }
  });

  it('e-mails a Russian buyer in Russian: the QR inline, the amount, reference and tax ID in words; then the payment received', async () => {
    const ivan = customer({ language: 'ru' });
    const res = await post(orderBody({ language: 'ru' }, ivan));
    expect(res.statusCode).toBe(201);
    const o = res.json();
    const mail = await waitUntil(() => smtp.messages.find((m) => m.to.includes(ivan.email)), 10_000, 'the order e-mail');
    expect(decodeHeader(mail.headers.subject)).toContain(`Ваш заказ ${o.reference}`);
    const text = mailText(mail.raw);
    expect(text).toContain('Здравствуйте');
    expect(text).toContain('QR-код');
    expect(text).toContain(`Номер заказа: ${o.reference}`);
    expect(text).toContain(`Сумма: ${formatThb(150_000, 'ru')}`);
    expect(text).toContain('0105551234567');
    expect(text).toContain(`http://gym.test/ru/booking/order/${o.token}`);
    expect(text).not.toContain('Hello');
    expect(mail.raw).toMatch(/Content-Type: image\/png/i);
    expect(text).toContain('src="cid:promptpay-qr@order"');
    expect(mail.raw).toMatch(/Content-ID: <promptpay-qr@order>/i);

    const paid = await t.inject({ method: 'POST', url: `/api/orders/${o.id}/payments`, token: staff, payload: { amountSatang: 150_000, method: 'promptpay' } });
    expect(paid.statusCode, paid.body).toBe(201);
    expect(paid.json().status).toBe('paid');
    const second = await waitUntil(() => smtp.messages.filter((m) => m.to.includes(ivan.email))[1], 10_000, 'the payment e-mail');
    expect(decodeHeader(second.headers.subject)).toContain(`Оплата по заказу ${o.reference} получена`);
    expect(mailText(second.raw)).toContain('Абонемент полностью оплачен');
  });

  it('takes the transfer slip like a gallery upload, shows it to staff only', async () => {
    const o = (await post(orderBody())).json();
    const bad = await t.inject({
      method: 'POST',
      url: `/api/orders/by-token/${o.token}/slip`,
      ...(await slipForm({ data: Buffer.from('not an image'), filename: 'slip.jpg', type: 'image/jpeg' })),
    });
    expect(bad.statusCode).toBe(415);
    const up = await t.inject({ method: 'POST', url: `/api/orders/by-token/${o.token}/slip`, ...(await slipForm()) });
    expect(up.statusCode, up.body).toBe(200);
    const first = await t.app.ctx.db.selectFrom('orders').select('slip_key').where('id', '=', o.id).executeTakeFirstOrThrow();
    expect(first.slip_key).toMatch(/^[0-9a-f]{32}-\d+\.webp$/);
    // Replacing is allowed.
    expect((await t.inject({ method: 'POST', url: `/api/orders/by-token/${o.token}/slip`, ...(await slipForm()) })).statusCode).toBe(200);
    const view = await t.inject({ method: 'GET', url: `/api/orders/${o.id}`, token: staff });
    expect(view.json().slipUrl).toBe(`/api/orders/${o.id}/slip`);
    const img = await t.inject({ method: 'GET', url: `/api/orders/${o.id}/slip`, token: staff });
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/webp');
    expect(img.rawPayload.subarray(8, 12).toString('latin1')).toBe('WEBP');
    expect((await t.inject({ method: 'GET', url: `/api/orders/${o.id}/slip` })).statusCode).toBe(401);
    expect((await t.inject({ method: 'GET', url: `/uploads/${first.slip_key}` })).statusCode).toBe(404);
  });
});

describe.each(backends)('an unpaid order lapses after PAYMENT_HOLD_HOURS on %s', (backend) => {
  let t: TestApp;
  let staff: string;
  beforeAll(async () => {
    // A hold of 0.36 s (PAYMENT_HOLD_HOURS read from the environment).
    t = await createTestApp(backend, {}, { PAYMENT_HOLD_HOURS: '0.0001' }, { startWorkers: false });
    const admin = (await t.signIn('admin')).token;
    staff = (await t.signIn('staff')).token;
    await editSettings(t, admin, (s) => {
      s.payments.promptpayId = PROMPTPAY_ID;
    });
  });
  afterAll(() => t?.close());

  it('answers expired and shows no QR, the job records it once; a late transfer is still welcome (slip for 7 days, staff record it)', async () => {
    const o = (await t.inject({ method: 'POST', url: '/api/orders', payload: orderBody() })).json();
    expect(o.status).toBe('awaiting-payment');
    const page = await waitUntil(
      async () => {
        const r = (await t.inject({ method: 'GET', url: `/api/orders/by-token/${o.token}` })).json();
        return r.status === 'expired' ? r : null;
      },
      10_000,
      'the order to lapse',
    );
    expect(page.promptpay).toBeUndefined();
    expect((await t.inject({ method: 'GET', url: `/api/orders/by-token/${o.token}/promptpay.svg` })).json().code).toBe('order_expired');
    expect(page.slipAccepted).toBe(true);
    const [a, b] = await Promise.all([t.app.orderExpiry.runOnce(), t.app.orderExpiry.runOnce()]);
    expect(a + b).toBeGreaterThanOrEqual(1);
    expect(await t.app.orderExpiry.runOnce()).toBe(0);
    const entries = await t.app.ctx.db
      .selectFrom('audit_log')
      .selectAll()
      .where('route', '=', '/jobs/order-expiry')
      .where('entity_id', '=', String(o.id))
      .execute();
    expect(entries).toHaveLength(1);
    expect(entries[0].summary).toContain('lapsed unpaid');
    // The buyer transferred late: their slip is taken, staff are told to check it, and they record the money.
    const slip = await t.inject({ method: 'POST', url: `/api/orders/by-token/${o.token}/slip`, ...(await slipForm()) });
    expect(slip.statusCode, slip.body).toBe(200);
    expect(slip.json()).toMatchObject({ status: 'expired', slipAccepted: true });
    expect(slip.json().promptpay).toBeUndefined();
    const pay = await t.inject({ method: 'POST', url: `/api/orders/${o.id}/payments`, token: staff, payload: { amountSatang: 150_000, method: 'promptpay' } });
    expect(pay.statusCode, pay.body).toBe(201);
    expect(pay.json()).toMatchObject({ status: 'paid', paidSatang: 150_000, overpaidSatang: 0, slipUrl: `/api/orders/${o.id}/slip` });
    const list = await t.inject({ method: 'GET', url: `/api/orders?status=paid&q=${o.reference}`, token: staff });
    expect(list.json().items.map((i: { id: number }) => i.id)).toEqual([o.id]);
  });

  it('an expired PromptPay order takes no slip once 7 days have passed since its hold ended', async () => {
    const o = (await t.inject({ method: 'POST', url: '/api/orders', payload: orderBody() })).json();
    await t.app.ctx.db
      .updateTable('orders')
      .set({ expires_at: new Date(Date.now() - 8 * 86_400_000).toISOString() })
      .where('id', '=', o.id)
      .execute();
    const page = (await t.inject({ method: 'GET', url: `/api/orders/by-token/${o.token}` })).json();
    expect(page).toMatchObject({ status: 'expired', slipAccepted: false });
    const slip = await t.inject({ method: 'POST', url: `/api/orders/by-token/${o.token}/slip`, ...(await slipForm()) });
    expect(slip.statusCode).toBe(409);
    expect(slip.json().code).toBe('order_expired');
  });
});
