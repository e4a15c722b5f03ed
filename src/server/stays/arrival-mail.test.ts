import { describe, expect, it } from 'vitest';
import { addDays, zonedToInstant } from '../../shared/gym-time';
import { parseCalendar } from '../../../tests/helpers/calendar';
import { createStayOrder, testRoomType } from '../../../tests/helpers/stay-fixtures';
import { backends, type TestApp } from '../../../tests/helpers/test-app';
import { testApps } from '../../../tests/helpers/test-apps';
import type { MailCalendarPart } from '../context';
import { calendarText } from '../mail/templates/calendar';
import { renderedRow } from '../mail/delivery/outbox-parts';
import { eraseOrderRows } from '../privacy/personal-orders.repository';
import { DEFAULT_STAY_SETTINGS } from '../../shared/stay-settings-data';
import { airportOf, queueDueArrivalMails } from './arrival-mail';

// The arrival e-mail (issue 36 §5): three gym days before check-in, once per stay whatever the
// runs, instances and restarts; it asks for a missing flight with a link to the order page,
// confirms the pickup and its meeting point, and carries the pickup's calendar file.

// Far ahead: the apps' own jobs run on the real clock and never find these due.
const CHECK_IN = '2031-05-10';
const TZ = 'Asia/Bangkok';
const at = (date: string, time = '09:00') => zonedToInstant(date, time, TZ);

describe('the airport of Paramètres', () => {
  const settings = {
    stays: {
      ...DEFAULT_STAY_SETTINGS,
      airports: [{ code: 'HKT', name: 'Phuket', pickupPriceSatang: 1 }],
      meetingPoint: { en: 'Gate 3, orange sign', de: 'Ausgang 3, oranges Schild' },
    },
  };
  it('names the airport and its meeting point in the language, else in English; an unknown code by itself', () => {
    expect(airportOf(settings, 'HKT', 'de')).toEqual({ name: 'Phuket (HKT)', meetingPoint: 'Ausgang 3, oranges Schild' });
    expect(airportOf(settings, 'HKT', 'th')).toEqual({ name: 'Phuket (HKT)', meetingPoint: 'Gate 3, orange sign' });
    expect(airportOf(settings, 'KBV', 'en')).toEqual({ name: 'KBV', meetingPoint: 'Gate 3, orange sign' });
    // Never saved: the server's seed.
    expect(airportOf({}, 'KBV', 'en')).toEqual({ name: 'Krabi International Airport (KBV)', meetingPoint: DEFAULT_STAY_SETTINGS.meetingPoint.en });
  });
});

describe.each(backends)('the arrival e-mail on %s', (backend) => {
  const { open, sharing, forget } = testApps(backend);

  const mailsTo = async (t: TestApp, to: string) =>
    (await t.app.ctx.db.selectFrom('outbox').selectAll().where('to_address', '=', to).orderBy('id').execute()).map((r) => {
      const rendered = renderedRow(t.config, r);
      return { ...rendered, ics: rendered.calendar ? parseCalendar(calendarText(t.config, JSON.parse(rendered.calendar) as MailCalendarPart)) : null };
    });

  it('goes three gym days before check-in, once, asks for the missing flight and carries the pickup calendar file', async () => {
    const t = await open(backend);
    const type = await testRoomType(t.app.ctx, 3, 'Garden bungalow');
    const o = await createStayOrder(t.app.ctx.db, {
      roomTypeId: type.id,
      checkIn: CHECK_IN,
      checkOut: addDays(CHECK_IN, 7),
      pickup: { airport: 'KBV', flightNumber: null, arrivesAt: `${CHECK_IN}T14:35` },
      name: 'Alex Martin',
    });
    // Four days before: not yet. Three days before (gym date): due.
    expect(await queueDueArrivalMails(t.app.ctx, at(addDays(CHECK_IN, -4), '23:30'))).toBe(0);
    expect(await queueDueArrivalMails(t.app.ctx, at(addDays(CHECK_IN, -3), '00:10'))).toBe(1);
    expect(await queueDueArrivalMails(t.app.ctx, at(addDays(CHECK_IN, -2)))).toBe(0);
    expect(await queueDueArrivalMails(t.app.ctx, at(addDays(CHECK_IN, -1)))).toBe(0);

    const mails = await mailsTo(t, o.email);
    expect(mails).toHaveLength(1);
    const m = mails[0];
    expect(m.subject).toBe('Your arrival at Tiger Coast Fight Club on Saturday, May 10, 2031');
    expect(m.text_body).toContain('Hello Alex Martin');
    expect(m.text_body).toContain('We do not have your flight yet');
    expect(m.text_body).toContain('not given yet');
    // The pickup time in gym time, the airport and the meeting point of Paramètres (their seed).
    expect(m.text_body).toMatch(/Our driver will wait for you at Krabi International Airport \(KBV\) at Saturday, May 10, 2031,? at 14:35/);
    expect(m.text_body).toContain(DEFAULT_STAY_SETTINGS.meetingPoint.en);
    expect(m.text_body).toContain('Garden bungalow');
    // A working link to the order page (a new key; the first one is stored hashed).
    const link = /http:\/\/gym\.test\/booking\/order\/([A-Za-z0-9_-]+)/.exec(m.text_body ?? '');
    expect(link).not.toBeNull();
    const page = await t.inject({ method: 'GET', url: `/api/orders/by-token/${link![1]}` });
    expect(page.statusCode).toBe(200);
    expect(page.json().reference).toBe(o.reference);
    // The original key still opens the page.
    expect((await t.inject({ method: 'GET', url: `/api/orders/by-token/${o.token}` })).statusCode).toBe(200);

    const ics = m.ics!;
    expect(ics.method).toBe('REQUEST');
    expect(ics.uid).toBe(`pickup-${o.id}@gym.test`);
    expect(ics.sequence).toBe(0);
    expect(ics.start.toISOString()).toBe(at(CHECK_IN, '14:35').toISOString());
    expect(ics.startIsUtc).toBe(true);
    expect(ics.summary).toBe('Airport pickup at Krabi International Airport (KBV)');
    expect(ics.attendees[0].value).toBe(`mailto:${o.email}`);

    const stay = await t.app.ctx.db.selectFrom('order_stays').select('arrival_mail_at').where('order_id', '=', o.id).executeTakeFirstOrThrow();
    expect(stay.arrival_mail_at).toBe(at(addDays(CHECK_IN, -3), '00:10').toISOString());

    // Erasing the person takes the e-mail's key to the page with the first one, and the flight.
    await t.app.ctx.db.updateTable('order_pickups').set({ flight_number: 'FD 3011' }).where('order_id', '=', o.id).execute();
    await eraseOrderRows(t.app.ctx.db, { customers: [], orders: [o.id] }, () => 'erased', new Date().toISOString());
    expect((await t.inject({ method: 'GET', url: `/api/orders/by-token/${link![1]}` })).statusCode).toBe(404);
    const pickup = await t.app.ctx.db.selectFrom('order_pickups').select(['flight_number', 'airport']).where('order_id', '=', o.id).executeTakeFirstOrThrow();
    expect(pickup).toEqual({ flight_number: null, airport: 'KBV' });
  });

  it("in the buyer's language, and none for cancelled stays or today's arrivals", async () => {
    const t = await open(backend);
    const type = await testRoomType(t.app.ctx, 3);
    const de = await createStayOrder(t.app.ctx.db, {
      roomTypeId: type.id,
      checkIn: CHECK_IN,
      checkOut: addDays(CHECK_IN, 3),
      language: 'de',
      pickup: { airport: 'HKT', flightNumber: 'TG 215', arrivesAt: `${CHECK_IN}T10:05` },
    });
    const th = await createStayOrder(t.app.ctx.db, { roomTypeId: type.id, checkIn: addDays(CHECK_IN, 1), checkOut: addDays(CHECK_IN, 3), language: 'th' });
    const cancelled = await createStayOrder(t.app.ctx.db, {
      roomTypeId: type.id,
      checkIn: CHECK_IN,
      checkOut: addDays(CHECK_IN, 2),
      cancelledAt: new Date().toISOString(),
    });
    const today = await createStayOrder(t.app.ctx.db, { roomTypeId: type.id, checkIn: addDays(CHECK_IN, -2), checkOut: CHECK_IN });

    expect(await queueDueArrivalMails(t.app.ctx, at(addDays(CHECK_IN, -2)))).toBe(2);
    const [mDe] = await mailsTo(t, de.email);
    expect(mDe.subject).toBe('Ihre Ankunft bei Tiger Coast Fight Club am Samstag, 10. Mai 2031');
    // The owner wrote the meeting point in English only: the German e-mail quotes it.
    expect(mDe.text_body).toContain(DEFAULT_STAY_SETTINGS.meetingPoint.en);
    expect(mDe.text_body).toContain('TG 215');
    expect(mDe.text_body).not.toContain('Flug angeben');
    expect(mDe.ics!.summary).toBe('Flughafentransfer Phuket International Airport (HKT) (Flug TG 215)');
    const [mTh] = await mailsTo(t, th.email);
    expect(mTh.subject).toContain('การมาถึง');
    // No pickup: no calendar file.
    expect(mTh.ics).toBeNull();
    expect(await mailsTo(t, cancelled.email)).toHaveLength(0);
    expect(await mailsTo(t, today.email)).toHaveLength(0);
  });

  it('once per stay when two instances run it at once, and after a restart', async () => {
    const a = await open(backend);
    const b = backend === 'postgres' ? await open(backend, sharing(a)) : a;
    const type = await testRoomType(a.app.ctx, 12);
    const orders = [];
    for (let i = 0; i < 8; i++)
      orders.push(
        await createStayOrder(a.app.ctx.db, {
          roomTypeId: type.id,
          checkIn: CHECK_IN,
          checkOut: addDays(CHECK_IN, 2 + i),
          pickup: i % 2 ? { airport: 'KBV', flightNumber: null, arrivesAt: `${CHECK_IN}T1${i}:00` } : undefined,
        }),
      );
    const now = at(addDays(CHECK_IN, -1));
    const counts = await Promise.all([
      queueDueArrivalMails(a.app.ctx, now),
      queueDueArrivalMails(b.app.ctx, now),
      queueDueArrivalMails(a.app.ctx, now),
      queueDueArrivalMails(b.app.ctx, now),
    ]);
    expect(counts.reduce((x, y) => x + y, 0)).toBe(8);
    for (const o of orders) expect(await mailsTo(a, o.email)).toHaveLength(1);
    const links = await a.app.ctx.db.selectFrom('order_page_links').select('order_id').execute();
    expect(links).toHaveLength(8);

    // Restarted on the same storage, its job running at start: nothing more.
    await b.app.close();
    forget(b);
    const c = await open(backend, sharing(a), {}, { now: () => now });
    await c.app.arrivalMails.idle();
    expect(await queueDueArrivalMails(c.app.ctx, now)).toBe(0);
    for (const o of orders) expect(await mailsTo(c, o.email)).toHaveLength(1);
  });
});
