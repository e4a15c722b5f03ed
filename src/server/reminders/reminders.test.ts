import { describe, expect, it } from 'vitest';
import { addDays, isoWeekday, zonedToInstant } from '../../shared/gym-time';
import { backends, type TestApp } from '../../../tests/helpers/test-app';
import { testApps } from '../../../tests/helpers/test-apps';
import { queueDueReminders } from './reminders.service';
import { isReminderDue } from './reminders.service';

const HOUR = 3600_000;

// Sessions far in the future: the apps' own jobs run on the real clock and never find these due.
const FIRST_DATE = '2031-03-03';

describe('isReminderDue', () => {
  const start = new Date('2031-03-03T01:00:00.000Z');
  const at = (h: number) => new Date(start.getTime() + h * HOUR);
  it('due from start − lead until the start, for a booking made before the window', () => {
    expect(isReminderDue({ startsAt: start, createdAt: at(-72) }, at(-24), 24 * HOUR)).toBe(true);
    expect(isReminderDue({ startsAt: start, createdAt: at(-72) }, at(-1), 24 * HOUR)).toBe(true);
    expect(isReminderDue({ startsAt: start, createdAt: at(-72) }, at(-24.01), 24 * HOUR)).toBe(false);
    expect(isReminderDue({ startsAt: start, createdAt: at(-72) }, at(0), 24 * HOUR)).toBe(false);
    // Made inside the window: never.
    expect(isReminderDue({ startsAt: start, createdAt: at(-24) }, at(-2), 24 * HOUR)).toBe(false);
    expect(isReminderDue({ startsAt: start, createdAt: at(-30) }, at(-2), 48 * HOUR)).toBe(false);
    // A lead of 0 sends nothing.
    expect(isReminderDue({ startsAt: start, createdAt: at(-72) }, at(-1), 0)).toBe(false);
  });
});

describe.each(backends)('booking reminders on %s', (backend) => {
  const { open, sharing } = testApps(backend);

  /** A seeded weekly session and its occurrence on the first matching date from FIRST_DATE (plus weeks). */
  async function occurrence(t: TestApp, course: string, weeksLater = 0) {
    const ws = await t.app.ctx.db
      .selectFrom('weekly_sessions as ws')
      .innerJoin('classes as c', 'c.id', 'ws.class_id')
      .select(['ws.id', 'ws.weekday', 'ws.start_time', 'c.name'])
      .where('c.name', '=', course)
      .orderBy('ws.id')
      .executeTakeFirstOrThrow();
    let date = addDays(FIRST_DATE, 7 * weeksLater);
    while (isoWeekday(date) !== ws.weekday) date = addDays(date, 1);
    return { weeklySessionId: ws.id, date, time: ws.start_time, startsAt: zonedToInstant(date, ws.start_time, t.config.timezone) };
  }

  let n = 0;
  async function booking(
    t: TestApp,
    o: Awaited<ReturnType<typeof occurrence>>,
    madeHoursBefore: number,
    extra: { email?: string | null; cancelled?: boolean; course?: string } = {},
  ) {
    n += 1;
    const row = await t.app.ctx.db
      .insertInto('reservations')
      .values({
        name: `Guest ${n}`,
        email: extra.email === undefined ? `guest${n}@example.com` : extra.email,
        phone: '+66 81 000 0000',
        course: extra.course ?? 'Wrestling',
        date_time: o.startsAt.toISOString(),
        message: null,
        status: extra.cancelled ? 'cancelled' : 'unread',
        created_at: new Date(o.startsAt.getTime() - madeHoursBefore * HOUR).toISOString(),
        weekly_session_id: o.weeklySessionId,
        session_date: o.date,
        cancelled_at: extra.cancelled ? new Date(o.startsAt.getTime() - 48 * HOUR).toISOString() : null,
      })
      .returning(['id', 'email'])
      .executeTakeFirstOrThrow();
    return row;
  }

  const reminders = (t: TestApp) =>
    t.app.ctx.db
      .selectFrom('outbox')
      .select(['to_address', 'subject', 'text_body', 'html_body'])
      .where('subject', 'like', 'Reminder:%')
      .orderBy('id')
      .execute();

  it('queues one reminder for a due booking, in gym time, and none for cancelled, started, inside-window or e-mail-less ones', async () => {
    const t = await open(backend);
    const o = await occurrence(t, 'Wrestling');
    const now = new Date(o.startsAt.getTime() - 5 * HOUR);
    const due = await booking(t, o, 72);
    await booking(t, o, 72, { cancelled: true });
    await booking(t, o, 20); // made inside the 24 h window: the confirmation is enough
    await booking(t, o, 72, { email: null });

    // A session that has started, and one whose occurrence the gym cancelled.
    const started = await occurrence(t, 'MMA Training', 5);
    await booking(t, started, 72, { course: 'MMA Training' });
    const startedNow = new Date(started.startsAt.getTime() + 10 * 60_000);
    const called = await occurrence(t, 'Luta Livre', 6);
    await booking(t, called, 72, { course: 'Luta Livre' });
    await t.app.ctx.db
      .insertInto('session_cancellations')
      .values({ weekly_session_id: called.weeklySessionId, session_date: called.date, reason: null, created_at: new Date().toISOString() })
      .execute();

    expect(await queueDueReminders(t.app.ctx, new Date(o.startsAt.getTime() - 25 * HOUR))).toBe(0); // not yet
    expect(await queueDueReminders(t.app.ctx, now)).toBe(1);
    expect(await queueDueReminders(t.app.ctx, now)).toBe(0);
    expect(await queueDueReminders(t.app.ctx, new Date(o.startsAt.getTime() - 1 * HOUR))).toBe(0);
    expect(await queueDueReminders(t.app.ctx, startedNow)).toBe(0);
    expect(await queueDueReminders(t.app.ctx, new Date(called.startsAt.getTime() - 2 * HOUR))).toBe(0);

    const mails = await reminders(t);
    expect(mails).toHaveLength(1);
    expect(mails[0].to_address).toBe(due.email);
    // Gym time: the session's wall-clock time and date, with the zone named.
    expect(mails[0].subject).toMatch(/^Reminder: Wrestling on \w+day, \d+ \w+ 2031 at /);
    expect(mails[0].subject).toContain(`at ${o.time}`);
    expect(mails[0].text_body).toContain('Krabi time (UTC+7)');
    expect(mails[0].text_body).toContain(o.time);
    // No manage link (its token is stored hashed): the e-mail says how to reach the gym.
    expect(mails[0].text_body).not.toContain('/booking/manage/');
    expect(mails[0].text_body).toMatch(/WhatsApp/);
    const row = await t.app.ctx.db.selectFrom('reservations').select('reminder_queued_at').where('id', '=', due.id).executeTakeFirstOrThrow();
    expect(row.reminder_queued_at).toBe(now.toISOString());
  });

  it('a booking cancelled before its reminder is due gets none', async () => {
    const t = await open(backend);
    const o = await occurrence(t, 'Wrestling', 1);
    const b = await booking(t, o, 72);
    await t.app.ctx.db.updateTable('reservations').set({ cancelled_at: new Date().toISOString(), status: 'cancelled' }).where('id', '=', b.id).execute();
    expect(await queueDueReminders(t.app.ctx, new Date(o.startsAt.getTime() - 3 * HOUR))).toBe(0);
    expect(await reminders(t)).toHaveLength(0);
  });

  it('exactly once per booking when several runs race (two instances on one database)', async () => {
    const a = await open(backend);
    // PostgreSQL: a second app (own pool, own job) on the same schema. SQLite has one writer per
    // file; there the racing runs share the one app (its connection serialises transactions).
    const b = backend === 'postgres' ? await open(backend, sharing(a)) : a;
    const o = await occurrence(a, 'Wrestling', 2);
    const ids = [];
    for (let i = 0; i < 12; i++) ids.push((await booking(a, o, 72)).id);
    const now = new Date(o.startsAt.getTime() - 2 * HOUR);
    const counts = await Promise.all([
      queueDueReminders(a.app.ctx, now),
      queueDueReminders(b.app.ctx, now),
      queueDueReminders(a.app.ctx, now),
      queueDueReminders(b.app.ctx, now),
    ]);
    expect(counts.reduce((x, y) => x + y, 0)).toBe(12);
    const mails = await reminders(a);
    expect(mails).toHaveLength(12);
    expect(new Set(mails.map((m) => m.to_address)).size).toBe(12);
    const rows = await a.app.ctx.db.selectFrom('reservations').select('reminder_queued_at').where('id', 'in', ids).execute();
    expect(rows.every((r) => r.reminder_queued_at !== null)).toBe(true);
    // Later runs from either instance find nothing more.
    expect(await queueDueReminders(b.app.ctx, new Date(now.getTime() + HOUR))).toBe(0);
  });

  it('the job runs once at start; restarting with a raised lead sends the reminders now due', async () => {
    const a = await open(backend, { reminderLeadMs: 24 * HOUR });
    const o = await occurrence(a, 'Wrestling', 3);
    const now = new Date(o.startsAt.getTime() - 40 * HOUR);
    const early = await booking(a, o, 72); // made before the 48 h window opened
    await booking(a, o, 30); // inside the 48 h window (though before the 24 h one)
    expect(await queueDueReminders(a.app.ctx, now)).toBe(0); // 24 h lead: not due yet
    await a.app.close();

    // The same database, started again with REMINDER_LEAD_HOURS=48 at the same moment.
    const b = await open(backend, { reminderLeadMs: 48 * HOUR, ...sharing(a) }, {}, { now: () => now });
    await b.app.reminders.idle();
    const mails = await reminders(b);
    expect(mails.map((m) => m.to_address)).toEqual([early.email]);
    // And a second start (another restart) sends nothing again.
    const c = await open(backend, { reminderLeadMs: 48 * HOUR, ...sharing(a) }, {}, { now: () => new Date(now.getTime() + HOUR) });
    await c.app.reminders.idle();
    expect(await reminders(c)).toHaveLength(1);
  });
});
