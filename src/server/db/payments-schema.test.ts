import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, createTestApp, type TestApp } from '../../../tests/helpers/test-app';

const at = '2026-01-01T10:00:00.000Z';

// Migration 021: what the database itself refuses, whatever the code above it does.
describe.each(backends)('passes and payments tables on %s', (backend) => {
  let t: TestApp;
  let orderId: number;
  beforeAll(async () => {
    t = await createTestApp(backend);
    const db = t.app.ctx.db;
    const customer = await db
      .insertInto('customers')
      .values({
        name: 'Ana',
        email: 'ana@example.com',
        email_key: 'ana@example.com',
        phone: null,
        phone_key: null,
        merged_into_id: null,
        bouncing_at: null,
        created_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const order = await db
      .insertInto('orders')
      .values({
        reference: 'GYM-TEST01',
        token_hash: 'h1',
        customer_id: customer.id,
        pass_id: 'week-single.muay-thai',
        pass_name: '1 week, one session/day',
        pass_kind: 'days-single',
        pass_covers: 'muay-thai',
        pass_days: 7,
        credits: 7,
        start_date: '2026-01-05',
        end_date: '2026-01-11',
        amount_satang: 150_000,
        method: 'promptpay',
        expires_at: null,
        cancelled_at: null,
        stripe_session_id: null,
        slip_key: null,
        created_by: null,
        created_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    orderId = order.id;
  });
  afterAll(() => t?.close());

  const check = /CHECK constraint failed|violates check constraint/;
  const unique = /UNIQUE constraint failed|duplicate key value/;

  it('keeps one e-mail key per customer', async () => {
    const again = t.app.ctx.db
      .insertInto('customers')
      .values({
        name: 'Ana B',
        email: 'ANA@example.com',
        email_key: 'ana@example.com',
        phone: null,
        phone_key: null,
        merged_into_id: null,
        bouncing_at: null,
        created_at: at,
        updated_at: at,
      })
      .execute();
    await expect(again).rejects.toThrow(unique);
  });

  it('refuses a ledger line of zero or less, and an unknown method', async () => {
    const line = (amount: number, method = 'cash') =>
      t.app.ctx.db
        .insertInto('order_payments')
        .values({
          order_id: orderId,
          kind: 'payment',
          method: method as never,
          amount_satang: amount,
          external_id: null,
          note: null,
          user_id: null,
          created_at: at,
        })
        .execute();
    await expect(line(0)).rejects.toThrow(check);
    await expect(line(-100)).rejects.toThrow(check);
    await expect(line(100, 'bitcoin')).rejects.toThrow(check);
  });

  it('applies a provider’s id and an event once', async () => {
    const withId = () =>
      t.app.ctx.db
        .insertInto('order_payments')
        .values({ order_id: orderId, kind: 'payment', method: 'card', amount_satang: 100, external_id: 'pi_1', note: null, user_id: null, created_at: at })
        .execute();
    await withId();
    await expect(withId()).rejects.toThrow(unique);
    const event = () =>
      t.app.ctx.db.insertInto('payment_events').values({ provider: 'stripe', event_id: 'evt_1', order_id: orderId, received_at: at }).execute();
    await event();
    await expect(event()).rejects.toThrow(unique);
  });

  it('refuses a second use of a one-a-day pass on the same day, not once it is given back', async () => {
    const db = t.app.ctx.db;
    const booking = async () =>
      (
        await db
          .insertInto('reservations')
          .values({
            name: 'Ana',
            email: 'ana@example.com',
            phone: null,
            course: 'Muay Thai Beginner',
            date_time: at,
            message: null,
            status: 'unread',
            created_at: at,
            weekly_session_id: null,
            session_date: '2026-01-05',
            manage_token_hash: null,
            attendance: null,
            cancelled_at: null,
            reminder_queued_at: null,
            status_before_archive: null,
            customer_id: null,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    const use = (reservationId: number) =>
      db
        .insertInto('pass_uses')
        .values({
          order_id: orderId,
          reservation_id: reservationId,
          session_date: '2026-01-05',
          day_key: '2026-01-05',
          slot_key: null,
          returned_at: null,
          created_at: at,
        })
        .execute();
    const first = await booking();
    await use(first);
    await expect(use(await booking())).rejects.toThrow(unique);
    await db.updateTable('pass_uses').set({ day_key: null, returned_at: at }).where('reservation_id', '=', first).execute();
    await expect(use(await booking())).resolves.toBeDefined();
  });
});
