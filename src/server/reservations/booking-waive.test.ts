import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, isoWeekday, todayInZone } from '../../shared/gym-time';
import { bookingPayload } from '../../../tests/helpers/factories';
import { createTestOrder } from '../../../tests/helpers/pass-orders';
import { backends, createTestApp, type TestApp } from '../../../tests/helpers/test-app';
import { waitUntil } from '../../../tests/helpers/smtp-peer';
import { hashToken, newToken } from '../auth/tokens';
import { getSiteSettings, saveSiteSettings } from '../site-settings/site-settings.service';
import { queueDueReminders } from '../reminders/reminders.service';
import { fullDateTimeIn, mailMessages } from '../mail/templates/i18n';

// Issue 34 §5: late cancels and no-shows are recorded, counted on the customer's record over 90
// days, and staff may forgive one (PUT /api/reservations/{id}/waive): its credit comes back once.
// The credit deadline is set to 14 days, so a class in two days is past it and one in 2028 is not.

const FAR = '2028-03-07'; // a Tuesday, far before any deadline

describe.each(backends)('late cancels, no-shows and waivers on %s', (backend) => {
  let t: TestApp;
  let staff: string;
  let soon: string;
  const db = () => t.app.ctx.db;
  const tz = () => t.config.timezone;

  const sessionAt = async (date: string, course: string): Promise<{ startsAt: string }> => {
    const list = (await t.inject({ method: 'GET', url: `/api/sessions?from=${date}&days=1` })).json().sessions as { course: string; startsAt: string }[];
    const s = list.find((x) => x.course === course);
    if (!s) throw new Error(`no ${course} on ${date}`);
    return s;
  };
  /** A one-credit pass covering the day, and a booking made with it. */
  const bookWithPass = async (date: string, email: string) => {
    const o = await createTestOrder(db(), {
      kind: 'single',
      covers: 'mma',
      credits: 1,
      days: 1,
      startDate: addDays(date, -3),
      endDate: addDays(date, 3),
      email,
    });
    const s = await sessionAt(date, 'MMA Training');
    const res = await t.inject({
      method: 'POST',
      url: '/api/reservations',
      payload: { ...bookingPayload({ course: 'MMA Training', dateTime: s.startsAt, name: 'Pat Holder', email }), passToken: o.token },
    });
    expect(res.statusCode, res.body).toBe(201);
    return { order: o, id: res.json().id as number };
  };
  const held = async (orderId: number) =>
    (await db().selectFrom('pass_uses').select('returned_at').where('order_id', '=', orderId).execute()).filter((u) => u.returned_at == null).length;
  const manageToken = async (id: number) => {
    const token = newToken();
    await db()
      .updateTable('reservations')
      .set({ manage_token_hash: hashToken(token) })
      .where('id', '=', id)
      .execute();
    return token;
  };
  const cancelByCustomer = async (id: number) => {
    const res = await t.inject({ method: 'POST', url: `/api/bookings/manage/${await manageToken(id)}/cancel` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const waive = (id: number, reason: unknown = 'Sick child, told us by WhatsApp', token = staff) =>
    t.inject({ method: 'PUT', url: `/api/reservations/${id}/waive`, token, payload: { reason } });
  const row = (id: number) => db().selectFrom('reservations').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  beforeAll(async () => {
    t = await createTestApp(backend);
    staff = (await t.signIn('staff')).token;
    const before = await getSiteSettings(t.app.ctx);
    const admin = await t.signIn('admin');
    await saveSiteSettings(t.app.ctx, { ...before.settings, payments: { ...before.settings.payments, cancelHours: 336 } }, before.version, admin.id);
    soon = addDays(todayInZone(tz()), 2);
    if (isoWeekday(soon) === 7) soon = addDays(soon, 1);
  });
  afterAll(async () => {
    await t?.close();
  });

  it("a customer's cancel after the deadline is recorded as late and keeps the credit; staff forgive it once and the credit comes back", async () => {
    const { order, id } = await bookWithPass(soon, 'late@example.com');
    const page = await cancelByCustomer(id);
    expect(page.pass.creditReturned).toBe(false);
    expect(await held(order.id)).toBe(1);
    expect((await row(id)).late_cancel).toBeTruthy();

    const listed = (await t.inject({ method: 'GET', url: '/api/reservations?q=late%40example.com', token: staff })).json().items[0];
    expect(listed).toMatchObject({ id, lateCancel: true });
    expect(listed.waived).toBeUndefined();

    const res = await waive(id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id, lateCancel: true, waived: { reason: 'Sick child, told us by WhatsApp' } });
    expect(await held(order.id)).toBe(0);
    const r = await row(id);
    expect(r.waived_at).not.toBeNull();
    expect(r.waived_by).not.toBeNull();

    // Once only: a second waiver is refused and gives nothing more.
    const again = await waive(id, 'again');
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('already_waived');
    expect((await row(id)).waive_reason).toBe('Sick child, told us by WhatsApp');

    // Audited like other staff actions: route, entity, the field names (never the reason's text).
    const entry = await waitUntil(
      async () =>
        db()
          .selectFrom('audit_log')
          .selectAll()
          .where('route', '=', '/api/reservations/:id/waive')
          .where('entity_id', '=', String(id))
          .where('status', '=', 200)
          .executeTakeFirst(),
      5_000,
      'the audit entry',
    );
    expect(entry).toMatchObject({ method: 'PUT', entity_type: 'reservations', summary: 'reason' });
  });

  it('two waivers at once give the credit back once: one 200, one 409', async () => {
    const { order, id } = await bookWithPass(soon, 'twice@example.com');
    await cancelByCustomer(id);
    const answers = await Promise.all([waive(id, 'first'), waive(id, 'second')]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(await held(order.id)).toBe(0);
    const uses = await db().selectFrom('pass_uses').selectAll().where('reservation_id', '=', id).execute();
    expect(uses).toHaveLength(1);
  });

  it('a cancel before the deadline is not late and has nothing to forgive; nor has a booking still on', async () => {
    const { order, id } = await bookWithPass(FAR, 'ontime@example.com');
    const page = await cancelByCustomer(id);
    expect(page.pass.creditReturned).toBe(true);
    expect((await row(id)).late_cancel).toBeFalsy();
    const res = await waive(id);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('not_waivable');
    expect(await held(order.id)).toBe(0);

    const other = await bookWithPass(FAR, 'still-on@example.com');
    expect((await waive(other.id)).json().code).toBe('not_waivable');
    expect(await held(other.order.id)).toBe(1);
  });

  it("the gym's cancel after the deadline is not the customer's late cancel", async () => {
    const { id } = await bookWithPass(soon, 'gym-cancel@example.com');
    expect((await t.inject({ method: 'PUT', url: `/api/reservations/${id}/cancel`, token: staff })).statusCode).toBe(200);
    expect((await row(id)).late_cancel).toBeFalsy();
    expect((await waive(id)).json().code).toBe('not_waivable');
  });

  it('marking a no-show keeps the credit spent; forgiving it gives the credit back', async () => {
    const { order, id } = await bookWithPass(FAR, 'noshow@example.com');
    const mark = await t.inject({ method: 'PUT', url: `/api/reservations/${id}/attendance`, token: staff, payload: { attendance: 'no_show' } });
    expect(mark.statusCode, mark.body).toBe(200);
    expect(await held(order.id)).toBe(1);
    const res = await waive(id, 'Flight delayed');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ attendance: 'no_show', waived: { reason: 'Flight delayed' } });
    expect(await held(order.id)).toBe(0);
    expect((await waive(id)).json().code).toBe('already_waived');
  });

  it('asks for a reason, a known booking and a signed-in caller', async () => {
    const { id } = await bookWithPass(soon, 'checks@example.com');
    await cancelByCustomer(id);
    expect((await waive(id, '   ')).statusCode).toBe(400);
    expect((await t.inject({ method: 'PUT', url: `/api/reservations/${id}/waive`, token: staff, payload: {} })).statusCode).toBe(400);
    expect((await waive(99_999_999)).statusCode).toBe(404);
    expect((await t.inject({ method: 'PUT', url: `/api/reservations/${id}/waive`, payload: { reason: 'x' } })).statusCode).toBe(401);
    expect((await row(id)).waived_at).toBeNull();
  });

  it("the customer's record counts late cancels and no-shows of the last 90 days, and how many were forgiven", async () => {
    const email = 'record@example.com';
    const late = await bookWithPass(soon, email);
    await cancelByCustomer(late.id);
    const noShow = await bookWithPass(FAR, email);
    await t.inject({ method: 'PUT', url: `/api/reservations/${noShow.id}/attendance`, token: staff, payload: { attendance: 'no_show' } });
    expect((await waive(noShow.id)).statusCode).toBe(200);
    // An old no-show (100 days ago) is outside the window.
    const old = await bookWithPass(FAR, email);
    await db()
      .updateTable('reservations')
      .set({ attendance: 'no_show', date_time: new Date(Date.now() - 100 * 86_400_000).toISOString() })
      .where('id', '=', old.id)
      .execute();
    const customerId = (await row(late.id)).customer_id!;
    const detail = await t.inject({ method: 'GET', url: `/api/customers/${customerId}`, token: staff });
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json().conduct90Days).toEqual({ lateCancels: 1, noShows: 1, waived: 1 });
    const bookings = detail.json().bookings as { id: number; lateCancel: boolean; waivedAt: string | null }[];
    expect(bookings.find((b) => b.id === late.id)).toMatchObject({ lateCancel: true, waivedAt: null });
    expect(bookings.find((b) => b.id === noShow.id)?.waivedAt).not.toBeNull();
  });

  it('the confirmation states the cancel rule: with a pass, what a late cancel does to the credit; without, the deadline', async () => {
    const template = async (id: number) =>
      JSON.parse((await db().selectFrom('outbox').select('template').where('reservation_id', '=', id).executeTakeFirstOrThrow()).template!).data;
    const { id } = await bookWithPass(FAR, 'rule-pass@example.com');
    const s = await sessionAt(FAR, 'MMA Training');
    const deadline = new Date(Date.parse(s.startsAt) - 336 * 3_600_000).toISOString();
    expect((await template(id)).cancelRule).toEqual({ deadline, credit: true });
    const plain = await t.inject({
      method: 'POST',
      url: '/api/reservations',
      payload: bookingPayload({ course: 'MMA Training', dateTime: s.startsAt, name: 'No Pass', email: 'rule-plain@example.com' }),
    });
    expect(plain.statusCode, plain.body).toBe(201);
    expect((await template(plain.json().id)).cancelRule).toEqual({ deadline, credit: false });
  });

  it("the reminder states the rule too: the credit's for a pass booking, the deadline alone without one", async () => {
    const paid = await bookWithPass(FAR, 'remind-pass@example.com');
    const s = await sessionAt(FAR, 'MMA Training');
    const plain = await t.inject({
      method: 'POST',
      url: '/api/reservations',
      payload: bookingPayload({ course: 'MMA Training', dateTime: s.startsAt, name: 'No Pass', email: 'remind-plain@example.com' }),
    });
    await queueDueReminders(t.app.ctx, new Date(Date.parse(s.startsAt) - 3_600_000));
    const m = mailMessages('en');
    const deadline = fullDateTimeIn('en', new Date(Date.parse(s.startsAt) - 336 * 3_600_000), tz());
    const reminderOf = async (id: number) =>
      (await db().selectFrom('outbox').select(['subject', 'text_body']).where('reservation_id', '=', id).execute()).find((r) =>
        r.subject.startsWith('Reminder:'),
      )!.text_body;
    expect(await reminderOf(paid.id)).toContain(m.passCancelRule(deadline));
    const plainText = await reminderOf(plain.json().id);
    expect(plainText).toContain(m.cancelRule(deadline));
    expect(plainText).not.toContain(m.passCancelRule(deadline));
  });
});
