import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, zonedToInstant } from '../../shared/gym-time';
import type { Attendance } from '../../shared/constants';
import { nowIso } from '../db/database';
import { createTestOrder, type TestOrder } from '../../../tests/helpers/pass-orders';
import { pdfInfo, pdfText } from '../../../tests/helpers/pdf-read';
import { editSettings, gymToday } from '../../../tests/helpers/orders';
import { backends, createTestApp, type TestApp } from '../../../tests/helpers/test-app';

// Attendance (issue 35, point 6; decision 151): the statement lists the desk's marks month by
// month within the order's dates (another customer's, a no-show, a day outside the dates do not
// count); the order page counts them against the plan; staff see holders under half of their plan
// over the last two weeks. Access: a wrong token 404, the staff routes 401 signed out.

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const monthOf = (date: string) => `${MONTHS[Number(date.slice(5, 7)) - 1]} ${date.slice(0, 4)}`;

describe.each(backends)('attendance on %s', (backend) => {
  let t: TestApp;
  let staff: string;
  const today = gymToday();

  beforeAll(async () => {
    t = await createTestApp(backend);
    const admin = (await t.signIn('admin')).token;
    staff = (await t.signIn('staff')).token;
    await editSettings(t, admin, (s) => {
      s.legal.name = 'Chalong Fight Club Co., Ltd.';
      s.legal.registrationNumber = '0835561234567';
    });
  });
  afterAll(() => t?.close());

  /** A programme order (as migration 032 writes one: a weekly plan on the order) by a named holder. */
  async function programme(startDate: string, perWeek: number | null, extra: { paidSatang?: number; name?: string } = {}): Promise<TestOrder> {
    const o = await createTestOrder(t.app.ctx.db, {
      kind: 'days-unlimited',
      days: 180,
      credits: null,
      startDate,
      endDate: addDays(startDate, 179),
      amountSatang: 6_000_000,
      name: extra.name ?? 'Kai Lindqvist',
      ...(extra.paidSatang !== undefined ? { paidSatang: extra.paidSatang } : {}),
    });
    await t.app.ctx.db.updateTable('orders').set({ programme_sessions_per_week: perWeek }).where('id', '=', o.id).execute();
    return o;
  }

  /** A booking of the holder at 09:00 gym time on `date`, with the desk's mark. */
  async function mark(customerId: number, date: string, attendance: Attendance | null, course = 'Muay Thai Fundamentals') {
    await t.app.ctx.db
      .insertInto('reservations')
      .values({
        name: 'Holder',
        email: null,
        phone: null,
        course,
        date_time: zonedToInstant(date, '09:00', t.config.timezone).toISOString(),
        message: null,
        status: 'read',
        created_at: nowIso(),
        weekly_session_id: null,
        session_date: date,
        manage_token_hash: null,
        attendance,
        cancelled_at: null,
        reminder_queued_at: null,
        status_before_archive: null,
        customer_id: customerId,
      })
      .execute();
  }

  it('lists the sessions month by month, counts them on the order page, for the holder and staff only', async () => {
    const start = addDays(today, -40);
    const o = await programme(start, 5);
    const other = await programme(start, 5, { name: 'Someone Else' });
    const attended = [start, addDays(start, 1), addDays(start, 1), addDays(start, 20), addDays(start, 35), addDays(start, 39)];
    for (const d of attended) await mark(o.customerId, d, 'present', d === addDays(start, 20) ? 'MMA' : undefined);
    await mark(o.customerId, addDays(start, 2), 'no_show');
    await mark(o.customerId, addDays(start, 3), null);
    await mark(o.customerId, addDays(start, -1), 'present');
    await mark(other.customerId, addDays(start, 5), 'present');

    const page = await t.inject({ method: 'GET', url: `/api/orders/by-token/${o.token}` });
    expect(page.json().attendance).toEqual({ attended: 6, sessionsPerWeek: 5 });

    const res = await t.inject({ method: 'GET', url: `/api/orders/by-token/${o.token}/attendance.pdf` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect((await pdfInfo(res.rawPayload)).pages).toBe(1);
    const text = await pdfText(res.rawPayload);
    expect(text).toContain('ATTENDANCE STATEMENT');
    expect(text).toContain('Chalong Fight Club Co., Ltd.');
    expect(text).toContain('Kai Lindqvist');
    expect(text).toMatch(/Planned\s+5 sessions a week/);
    expect(text).toMatch(/Sessions attended\s+6 /);
    // One line per month from the first day to today, each with its own count.
    const perMonth = new Map<string, number>();
    for (const d of attended) perMonth.set(monthOf(d), (perMonth.get(monthOf(d)) ?? 0) + 1);
    for (const [month, n] of perMonth) expect(text).toMatch(new RegExp(`${month}\\s+${n}\\s`));
    expect(text).toMatch(new RegExp(`${monthOf(start)}\\s+\\d+\\s+${Number(start.slice(8))}, ${Number(addDays(start, 1).slice(8))} \\(x2\\)`));
    expect(text).toMatch(/MMA: 1/);
    expect(text).not.toContain('Someone Else');

    const byStaff = await t.inject({ method: 'GET', url: `/api/orders/${o.id}/attendance.pdf`, token: staff });
    expect(byStaff.statusCode).toBe(200);
    expect(await pdfText(byStaff.rawPayload)).toContain('Kai Lindqvist');
    expect((await t.inject({ method: 'GET', url: `/api/orders/${o.id}/attendance.pdf` })).statusCode).toBe(401);
    expect((await t.inject({ method: 'GET', url: `/api/orders/by-token/${'y'.repeat(43)}/attendance.pdf` })).statusCode).toBe(404);
  });

  it('lists holders under half of their plan over the last two weeks (staff only)', async () => {
    const low = await programme(addDays(today, -30), 5, { name: 'Low Attender' });
    const fine = await programme(addDays(today, -30), 5, { name: 'Fine Attender' });
    await programme(addDays(today, -3), 5, { name: 'Fresh Starter' });
    await programme(addDays(today, -30), 5, { name: 'Unpaid Holder', paidSatang: 0 });
    await programme(addDays(today, -30), null, { name: 'No Plan' });
    // 14 days of a 5-a-week plan: 10 sessions; under half is 4 or fewer.
    for (const d of [-2, -5, -20, -21, -22, -23, -24, -25]) await mark(low.customerId, addDays(today, d), 'present');
    for (const d of [0, -1, -2, -3, -4]) await mark(fine.customerId, addDays(today, d), 'present');

    expect((await t.inject({ method: 'GET', url: '/api/orders/low-attendance' })).statusCode).toBe(401);
    const res = await t.inject({ method: 'GET', url: '/api/orders/low-attendance', token: staff });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<{
      from: string;
      to: string;
      items: { customerName: string; attended: number; planned: number; days: number; sessionsPerWeek: number }[];
    }>();
    expect(body).toMatchObject({ from: addDays(today, -13), to: today });
    const names = body.items.map((i) => i.customerName);
    expect(names).toContain('Low Attender');
    expect(names).not.toContain('Fine Attender');
    expect(names).not.toContain('Fresh Starter');
    expect(names).not.toContain('Unpaid Holder');
    expect(names).not.toContain('No Plan');
    expect(body.items.find((i) => i.customerName === 'Low Attender')).toMatchObject({ attended: 2, planned: 10, days: 14, sessionsPerWeek: 5 });
  });
});
