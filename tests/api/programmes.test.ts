import { parse } from 'promptparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderDto, PassDto } from '../../src/shared/api-types/payments';
import { addDays, isoWeekday } from '../../src/shared/gym-time';
import { programmeEndDate } from '../../src/shared/catalogue';
import { type SiteSettings, type SiteSettingsDto } from '../../src/shared/schemas/site-settings';
import { DEFAULT_SITE_SETTINGS } from '../../src/shared/site-settings-data';
import { bookingPayload } from '../helpers/factories';
import { editSettings, fillLetterDetails, gymToday, orderBody } from '../helpers/orders';
import { addSessions } from '../helpers/pass-orders';
import { backends, createTestApp, type TestApp } from '../helpers/test-app';

// Issue 35, point 1: long-stay programmes are products beside the passes, defined in Paramètres,
// on sale only once the owner says so and the visa letter's details are complete; bought like
// passes; their bookings are unlimited within their dates but for the sessions per week.

const PROGRAMME = 'muay-thai-6-months.programme';

describe('programme dates', () => {
  it('end the day before the same day N months later, or on the last day of a shorter month', () => {
    expect(programmeEndDate('2027-03-01', 6)).toBe('2027-08-31');
    expect(programmeEndDate('2027-01-15', 3)).toBe('2027-04-14');
    expect(programmeEndDate('2026-08-31', 6)).toBe('2027-02-28');
    expect(programmeEndDate('2027-03-01', 12)).toBe('2028-02-29');
    expect(programmeEndDate('2027-11-30', 3)).toBe('2028-02-29');
  });
});

describe.each(backends)('programmes on %s', (backend) => {
  let t: TestApp;
  let admin: string;
  let staff: string;

  beforeAll(async () => {
    t = await createTestApp(backend);
    admin = (await t.signIn('admin')).token;
    staff = (await t.signIn('staff')).token;
  });
  afterAll(() => t?.close());

  const passes = async () => {
    const res = await t.inject({ method: 'GET', url: '/api/passes' });
    expect(res.statusCode).toBe(200);
    return res.json<PassDto[]>();
  };
  const settings = async () => (await t.inject({ method: 'GET', url: '/api/site-settings', token: admin })).json<SiteSettingsDto>();
  const put = (s: SiteSettings, version: number) => t.inject({ method: 'PUT', url: '/api/site-settings', token: admin, payload: { settings: s, version } });
  const buy = (body: object) => t.inject({ method: 'POST', url: '/api/orders', payload: body });

  it('seeds a 6-month Muay Thai programme, kept through a save, and refuses one that makes no sense, in French', async () => {
    const { settings: s, version } = await settings();
    expect(s.programmes).toEqual(DEFAULT_SITE_SETTINGS.programmes);
    expect(s.programmes[0]).toMatchObject({ months: 6, sessionsPerWeek: 5, hoursPerWeek: 10, disciplines: ['muay-thai'], onSale: false });
    const saved = await put(s, version);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<SiteSettingsDto>().settings.programmes).toEqual(s.programmes);

    const cases: [string, (p: SiteSettings['programmes'][number], all: SiteSettings) => void, RegExp][] = [
      ['4 months', (p) => ((p as { months: number }).months = 4), /3, 6 ou 12 mois/],
      ['no discipline', (p) => (p.disciplines = []), /au moins une discipline/],
      ['a quarter hour', (p) => (p.hoursPerWeek = 7.25), /demi-heure/],
      ['15 sessions', (p) => (p.sessionsPerWeek = 15), /14 séances/],
      ['free', (p) => (p.priceSatang = 0), /prix doit être supérieur à zéro/],
      ['deposit above the price', (p) => (p.deposit = { mode: 'fixed', value: p.priceSatang + 100 }), /acompte dépasse le prix/],
      ['twin keys', (p, all) => all.programmes.push({ ...p }), /deux programmes ont le code/],
    ];
    const current = await settings();
    for (const [label, change, message] of cases) {
      const bad = structuredClone(current.settings);
      change(bad.programmes[0], bad);
      const res = await put(bad, current.version);
      expect(res.statusCode, label).toBe(400);
      expect(res.json<{ error: string }>().error, label).toMatch(message);
    }
  });

  it('sells a programme only when the owner puts it on sale and the letter details are complete', async () => {
    const listed = async () => (await passes()).filter((p) => p.kind === 'programme');
    expect(await listed()).toEqual([]);
    const before = await buy(orderBody({ passId: PROGRAMME, method: 'desk' }));
    expect(before.statusCode).toBe(409);
    expect(before.json().code).toBe('pass_not_on_sale');

    // On sale, but the letterhead is empty: still not sold.
    await editSettings(t, admin, (s) => (s.programmes[0].onSale = true));
    expect(await listed()).toEqual([]);
    // Letter details complete, but taken off sale: not sold.
    await editSettings(t, admin, (s) => {
      fillLetterDetails(s);
      s.programmes[0].onSale = false;
    });
    expect(await listed()).toEqual([]);

    await editSettings(t, admin, (s) => (s.programmes[0].onSale = true));
    const [p] = await listed();
    expect(p).toMatchObject({
      id: PROGRAMME,
      kind: 'programme',
      months: 6,
      sessionsPerWeek: 5,
      hoursPerWeek: 10,
      covers: 'muay-thai',
      disciplines: ['muay-thai'],
      priceSatang: 6_000_000,
      depositSatang: 1_000_000,
      sessionsPerDay: null,
      credits: null,
    });
    expect(p.name.en).toBe('6-month Muay Thai programme');
    expect(p.name.th).toBe('หลักสูตรมวยไทย 6 เดือน');
    // Beside the passes, which are unchanged.
    expect((await passes()).filter((x) => x.kind !== 'programme')).toHaveLength(14);
    expect((await passes()).find((x) => x.id === 'week-single.muay-thai')).toMatchObject({ months: null, disciplines: ['muay-thai'] });

    // Emptying one detail takes it off sale again.
    await editSettings(t, admin, (s) => (s.visaLetter.stampImageUrl = null));
    expect(await listed()).toEqual([]);
    await editSettings(t, admin, fillLetterDetails);
    expect(await listed()).toHaveLength(1);
  });

  it('is bought like a pass: its deposit in the PromptPay QR, its months in the dates, its plan copied on the order', async () => {
    await editSettings(t, admin, (s) => {
      fillLetterDetails(s);
      s.programmes[0].onSale = true;
      s.payments.promptpayId = '0812345678';
    });
    const start = addDays(gymToday(), 10);
    const res = await buy(orderBody({ passId: PROGRAMME, startDate: start }));
    expect(res.statusCode, res.body).toBe(201);
    const o = res.json<OrderDto>();
    expect(o).toMatchObject({
      kind: 'programme',
      passName: '6-month Muay Thai programme',
      amountSatang: 6_000_000,
      depositSatang: 1_000_000,
      owedSatang: 6_000_000,
      startDate: start,
      endDate: programmeEndDate(start, 6),
      programme: { months: 6, sessionsPerWeek: 5, hoursPerWeek: 10 },
      creditsLeft: null,
    });
    expect(parse(o.promptpay!.payload, true)!.getTagValue('54')).toBe('10000.00');
    const row = await t.app.ctx.db.selectFrom('orders').selectAll().where('id', '=', o.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      pass_kind: 'programme',
      pass_id: PROGRAMME,
      programme_months: 6,
      programme_sessions_per_week: 5,
      programme_hours_per_week: 10,
      programme_disciplines: 'muay-thai',
    });
    expect(row.pass_days).toBeGreaterThanOrEqual(181);
    expect(row.pass_days).toBeLessThanOrEqual(184);

    // In the buyer's language; its own deposit rule can follow Paramètres' instead.
    await editSettings(t, admin, (s) => {
      s.programmes[0].deposit = { mode: 'payments', value: 0 };
      s.programmes[0].hoursPerWeek = 7.5;
      s.payments.deposit = { mode: 'percent', value: 50 };
    });
    const fr = await buy(orderBody({ passId: PROGRAMME, method: 'desk', language: 'fr' }));
    expect(fr.statusCode, fr.body).toBe(201);
    expect(fr.json<OrderDto>()).toMatchObject({ passName: 'Programme Muay Thai de 6 mois', depositSatang: 3_000_000, programme: { hoursPerWeek: 7.5 } });
    // A pass order says it holds no programme.
    const pass = await buy(orderBody({ method: 'desk' }));
    expect(pass.json<OrderDto>().programme).toBeNull();
    await editSettings(t, admin, (s) => {
      s.programmes[0].deposit = { mode: 'fixed', value: 1_000_000 };
      s.programmes[0].hoursPerWeek = 10;
      s.payments.deposit = { mode: 'none', value: 0 };
    });
  });

  it('books like an unlimited pass within its dates, up to its sessions per ISO week; the 6th of a week is refused with pass_week_full', async () => {
    await editSettings(t, admin, (s) => {
      fillLetterDetails(s);
      s.programmes[0].onSale = true;
    });
    // A Monday at least a week ahead; its week and the next carry 7 extra Muay Thai sessions a day.
    const today = gymToday();
    const monday = addDays(today, 7 + ((8 - isoWeekday(today)) % 7));
    const times = ['05:00', '05:30', '06:00', '06:30', '07:00', '20:00', '20:30'];
    const week = await addSessions(t.app.ctx.db, 'Muay Thai All Levels', [monday, addDays(monday, 1)], times, t.config.timezone);
    const mma = await addSessions(t.app.ctx.db, 'MMA Training', [monday], ['05:15'], t.config.timezone);

    const created = await buy(orderBody({ passId: PROGRAMME, startDate: monday, method: 'desk' }));
    expect(created.statusCode, created.body).toBe(201);
    const order = created.json<OrderDto>();
    const book = (course: string, dateTime: string) =>
      t.inject({
        method: 'POST',
        url: '/api/reservations',
        payload: { ...bookingPayload({ course, dateTime, name: 'Pat Long', email: 'pat@example.com' }), passToken: order.token },
      });

    // Not paid yet: refused.
    expect((await book('Muay Thai All Levels', week[0].startsAt)).json().code).toBe('pass_not_paid');
    // The deposit is enough to hold it (as for passes).
    const paid = await t.inject({
      method: 'POST',
      url: `/api/orders/${order.id}/payments`,
      token: staff,
      payload: { amountSatang: 1_000_000, method: 'cash' },
    });
    expect(paid.statusCode, paid.body).toBe(201);

    // Monday: 4 sessions, Tuesday: 1 (5 in the week), then the 6th (Tuesday) is refused.
    const picks = [week[0], week[1], week[2], week[3], week[7]];
    for (const s of picks) {
      const r = await book('Muay Thai All Levels', s.startsAt);
      expect(r.statusCode, `${s.date} ${s.time}: ${r.body}`).toBe(201);
      expect(r.json()).toMatchObject({ passId: PROGRAMME, creditsLeft: null });
    }
    const sixth = await book('Muay Thai All Levels', week[8].startsAt);
    expect(sixth.statusCode).toBe(409);
    expect(sixth.json().code).toBe('pass_week_full');
    // The same session time twice is an unlimited pass's refusal; MMA is not its discipline.
    expect((await book('Muay Thai All Levels', week[0].startsAt)).json().code).toBe('pass_slot_used');
    expect((await book('MMA Training', mma[0].startsAt)).json().code).toBe('pass_not_covered');

    // Next ISO week is a new week: the same session a week later is taken.
    const nextWeek = new Date(Date.parse(week[4].startsAt) + 7 * 86_400_000).toISOString();
    const later = await book('Muay Thai All Levels', nextWeek);
    expect(later.statusCode, later.body).toBe(201);

    // A cancel within the deadline gives its session back: the week has room again.
    const uses = await t.app.ctx.db.selectFrom('pass_uses').selectAll().where('order_id', '=', order.id).execute();
    expect(uses.filter((u) => u.returned_at == null)).toHaveLength(6);
    await t.app.ctx.db.updateTable('pass_uses').set({ returned_at: new Date().toISOString(), slot_key: null }).where('id', '=', uses[0].id).execute();
    expect((await book('Muay Thai All Levels', week[8].startsAt)).statusCode).toBe(201);
    // Before its first day: out of dates.
    const before = new Date(Date.parse(week[0].startsAt) - 7 * 86_400_000).toISOString();
    if (Date.parse(before) > Date.now()) expect((await book('Muay Thai All Levels', before)).json().code).toBe('pass_out_of_dates');
  });
  it('12 parallel bookings of 12 sessions in one week: exactly 5 booked, 7 refused with pass_week_full', async () => {
    await editSettings(t, admin, (s) => {
      fillLetterDetails(s);
      s.programmes[0].onSale = true;
    });
    // A Monday three weeks ahead (another test's sessions are on the weeks before).
    const today = gymToday();
    const monday = addDays(today, 21 + ((8 - isoWeekday(today)) % 7));
    const times = ['04:00', '04:30', '21:00', '21:30'];
    const sessions = await addSessions(
      t.app.ctx.db,
      'Muay Thai Beginner',
      [addDays(monday, 2), addDays(monday, 3), addDays(monday, 4)],
      times,
      t.config.timezone,
    );
    const created = await buy(orderBody({ passId: PROGRAMME, startDate: monday, method: 'desk' }));
    const order = created.json<OrderDto>();
    await t.inject({ method: 'POST', url: `/api/orders/${order.id}/payments`, token: staff, payload: { amountSatang: order.amountSatang, method: 'cash' } });
    const answers = await Promise.all(
      sessions.map((s, i) =>
        t.inject({
          method: 'POST',
          url: '/api/reservations',
          payload: {
            ...bookingPayload({ course: 'Muay Thai Beginner', dateTime: s.startsAt, name: `Pat ${i}`, email: 'pat.week@example.com' }),
            passToken: order.token,
          },
        }),
      ),
    );
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(5);
    const refused = answers.filter((a) => a.statusCode !== 201);
    expect(refused).toHaveLength(7);
    for (const a of refused) expect([a.statusCode, a.json().code]).toEqual([409, 'pass_week_full']);
    const held = await t.app.ctx.db.selectFrom('pass_uses').select('id').where('order_id', '=', order.id).where('returned_at', 'is', null).execute();
    expect(held).toHaveLength(5);
  });
});
