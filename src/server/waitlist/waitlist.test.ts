import { describe, expect, it } from 'vitest';
import { bookingPayload } from '../../../tests/helpers/factories';
import { createTestOrder } from '../../../tests/helpers/pass-orders';
import { backends, createTestApp, defaultRateLimits, type TestApp } from '../../../tests/helpers/test-app';
import { testApps } from '../../../tests/helpers/test-apps';
import { LANGUAGES } from '../../shared/i18n/languages';
import { MAIL_MESSAGES } from '../mail/templates/i18n';
import { monthlyFigures } from '../dashboard/dashboard.service';
import { runOffers } from './waitlist-offers';
import { waitlistJoinedAnswer } from './waitlist.presenter';

// Issue 34, point 4: the waiting list of a full class, on both databases. The races run in
// parallel: two accepts, a leave against an accept, two instances running the offer job.
// Issue 45, point 5 (decision 174): a join answers the same whoever the address is; the link,
// and the news that one is in line already or booked, go by e-mail only.

const HOUR = 3_600_000;

describe.each(backends)('waiting list on %s', (backend) => {
  const { open } = testApps(backend);
  /** The offer job under the test's clock only (no timer, no kick). */
  const quiet = (overrides: Parameters<typeof createTestApp>[1] = {}) => open(backend, overrides, {}, { startWorkers: false });

  /** A session of `course` on `date`, its capacity set to `capacity` and filled by bookings. */
  async function fullSession(t: TestApp, date: string, course = 'Wrestling', capacity = 1) {
    const staff = (await t.signIn('staff')).token;
    const s = (await t.inject({ method: 'GET', url: `/api/sessions?from=${date}&days=1` }))
      .json()
      .sessions.find((x: { course: string }) => x.course === course);
    const patched = await t.inject({ method: 'PATCH', url: `/api/timetable/weekly-sessions/${s.weeklySessionId}`, token: staff, payload: { capacity } });
    expect(patched.statusCode, patched.body).toBe(200);
    const booked: number[] = [];
    for (let i = 0; i < capacity; i++) {
      const r = await t.inject({
        method: 'POST',
        url: '/api/reservations',
        payload: bookingPayload({ course, dateTime: s.startsAt, name: `Booked ${i}`, email: `booked${i}@example.com` }),
      });
      expect(r.statusCode, r.body).toBe(201);
      booked.push(r.json().id);
    }
    return { staff, weeklySessionId: s.weeklySessionId as number, date, course, startsAt: s.startsAt as string, booked };
  }
  type Full = Awaited<ReturnType<typeof fullSession>>;

  const join = (t: TestApp, s: Full, who: string, extra: Record<string, unknown> = {}) =>
    t.inject({
      method: 'POST',
      url: '/api/waitlist',
      payload: { course: s.course, dateTime: s.startsAt, name: who, email: `${who}@example.com`, language: 'en', ...extra },
    });
  /** The e-mails queued for an address, oldest first (a join's is the last right after it). */
  const mailsTo = (t: TestApp, email: string) =>
    t.app.ctx.db.selectFrom('outbox').select(['subject', 'text_body', 'html_body']).where('to_address', '=', email).orderBy('id').execute();
  const linkOf = (text: string) => /\/booking\/waitlist\/([A-Za-z0-9_-]{43})/.exec(text)?.[1];
  /** Joins and answers the link from its e-mail (the answer carries none: decision 174) and the place in line. */
  const joined = async (t: TestApp, s: Full, who: string, extra: Record<string, unknown> = {}) => {
    const r = await join(t, s, who, extra);
    expect(r.statusCode, r.body).toBe(201);
    expect(r.json()).toEqual(waitlistJoinedAnswer);
    const mail = (await mailsTo(t, `${who}@example.com`)).at(-1);
    const token = linkOf(mail?.text_body ?? '');
    expect(token, `the join e-mail to ${who}`).toBeDefined();
    const view = await entry(t, token!);
    return { token: token!, position: view.json().position as number };
  };
  const entry = (t: TestApp, token: string) => t.inject({ method: 'GET', url: `/api/waitlist/${token}` });
  const accept = (t: TestApp, token: string) => t.inject({ method: 'POST', url: `/api/waitlist/${token}/accept` });
  const leave = (t: TestApp, token: string) => t.inject({ method: 'POST', url: `/api/waitlist/${token}/leave` });
  const cancelBooking = (t: TestApp, s: Full, id: number) => t.inject({ method: 'PUT', url: `/api/reservations/${id}/cancel`, token: s.staff });
  const taken = async (t: TestApp, s: Full) =>
    Number(
      (
        await t.app.ctx.db
          .selectFrom('seats')
          .select('taken')
          .where('weekly_session_id', '=', s.weeklySessionId)
          .where('session_date', '=', s.date)
          .executeTakeFirst()
      )?.taken ?? 0,
    );
  const offerMails = (t: TestApp) =>
    t.app.ctx.db.selectFrom('outbox').select(['to_address', 'subject', 'text_body']).where('subject', 'like', 'A place opened up%').orderBy('id').execute();
  /** The offer e-mail's link token for an address. */
  const offerToken = async (t: TestApp, email: string) => {
    const m = (await offerMails(t)).find((x) => x.to_address === email);
    return m ? /\/waitlist\/([A-Za-z0-9_-]{43})/.exec(m.text_body)?.[1] : undefined;
  };
  const liveBookings = async (t: TestApp, s: Full) =>
    (
      await t.app.ctx.db
        .selectFrom('reservations')
        .select(['id', 'email'])
        .where('weekly_session_id', '=', s.weeklySessionId)
        .where('session_date', '=', s.date)
        .where('status', '!=', 'cancelled')
        .execute()
    ).map((r) => r.email);

  it('a full session says the waiting list is open; joining is one entry per person, not for someone booked, not while seats are left', async () => {
    const t = await quiet();
    const s = await fullSession(t, '2028-06-12');
    const refused = await t.inject({
      method: 'POST',
      url: '/api/reservations',
      payload: bookingPayload({ course: s.course, dateTime: s.startsAt, email: 'late@example.com' }),
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ error: 'This class is full', code: 'slot_full', waitlist: true });

    const ann = await joined(t, s, 'ann');
    expect(ann.position).toBe(1);
    expect((await joined(t, s, 'bob')).position).toBe(2);
    // Joining again, or while booked at that time, answers as a first join (decision 174).
    const again = await join(t, s, 'ann');
    expect([again.statusCode, again.json()]).toEqual([201, waitlistJoinedAnswer]);
    const booked = await t.inject({
      method: 'POST',
      url: '/api/waitlist',
      payload: { course: s.course, dateTime: s.startsAt, name: 'B', email: 'booked0@example.com', language: 'en' },
    });
    expect([booked.statusCode, booked.json()]).toEqual([201, waitlistJoinedAnswer]);
    // Ann's second join gave her a new link (the first still shows her place, read only: decision 184); her place is the same.
    const annNow = linkOf((await mailsTo(t, 'ann@example.com')).at(-1)!.text_body)!;
    expect(annNow).not.toBe(ann.token);
    const oldView = await entry(t, ann.token);
    expect(oldView.statusCode).toBe(200);
    expect(oldView.json()).toMatchObject({ state: 'waiting', position: 1, link: 'earlier' });
    expect((await leave(t, ann.token)).json()).toMatchObject({ code: 'link_superseded' });
    ann.token = annNow;
    const rows = await t.app.ctx.db.selectFrom('waitlist_entries').select(['email', 'status', 'token_hash']).orderBy('id').execute();
    expect(rows.map((r) => r.email)).toEqual(['ann@example.com', 'bob@example.com']);
    expect(rows[0].token_hash).not.toContain(ann.token); // only its hash is stored

    const view = await entry(t, ann.token);
    expect(view.statusCode).toBe(200);
    expect(view.json()).toMatchObject({ state: 'waiting', position: 1, course: 'Wrestling', startsAt: s.startsAt, offerExpiresAt: null, held: false });
    expect((await entry(t, 'x'.repeat(43))).statusCode).toBe(404);

    // Leaving moves the next one up; someone who left may join again, at the back.
    expect((await leave(t, ann.token)).json()).toMatchObject({ state: 'left', position: null });
    const bob = await t.app.ctx.db.selectFrom('waitlist_entries').select('id').where('email', '=', 'bob@example.com').executeTakeFirstOrThrow();
    expect(bob.id).toBeGreaterThan(0);
    const back = await joined(t, s, 'ann');
    expect(back.position).toBe(2);
    expect((await entry(t, ann.token)).json()).toMatchObject({ state: 'waiting', position: 2, link: 'earlier' }); // the old link shows the new place

    // A session with seats left is booked directly.
    const other = (await t.inject({ method: 'GET', url: '/api/sessions?from=2028-06-13&days=1' }))
      .json()
      .sessions.find((x: { course: string }) => x.course === 'Wrestling');
    const notFull = await t.inject({
      method: 'POST',
      url: '/api/waitlist',
      payload: { course: 'Wrestling', dateTime: other.startsAt, name: 'C', email: 'c@example.com', language: 'en' },
    });
    expect(notFull.statusCode).toBe(409);
    expect(notFull.json().code).toBe('waitlist_not_full');

    // Staff see the line; the public does not.
    expect((await t.inject({ method: 'GET', url: `/api/timetable/weekly-sessions/${s.weeklySessionId}/waitlist?date=${s.date}` })).statusCode).toBe(401);
    const list = await t.inject({ method: 'GET', url: `/api/timetable/weekly-sessions/${s.weeklySessionId}/waitlist?date=${s.date}`, token: s.staff });
    expect(list.statusCode).toBe(200);
    expect(list.json().map((e: { email: string; state: string; position: number | null }) => [e.email, e.state, e.position])).toEqual([
      ['bob@example.com', 'waiting', 1],
      ['ann@example.com', 'waiting', 2],
    ]);
  });

  it('a cancel frees the seat: the first in line gets one e-mail, the seat is held for them, accepting books it once', async () => {
    const t = await open(backend); // the offer job runs, kicked by the cancel
    const s = await fullSession(t, '2028-06-19');
    const ann = await joined(t, s, 'ann');
    const bob = await joined(t, s, 'bob');
    expect((await cancelBooking(t, s, s.booked[0])).statusCode).toBe(200);
    await expect.poll(async () => (await offerMails(t)).length, { timeout: 10_000 }).toBe(1);
    const [mail] = await offerMails(t);
    expect(mail.to_address).toBe('ann@example.com');
    expect(mail.text_body).toMatch(/held for you until/);
    const link = await offerToken(t, 'ann@example.com');
    expect(link).toBeDefined();
    // The seat is held: nobody else books it, and the job does not offer it twice.
    expect(await taken(t, s)).toBe(1);
    const other = await t.inject({
      method: 'POST',
      url: '/api/reservations',
      payload: bookingPayload({ course: s.course, dateTime: s.startsAt, email: 'walkin@example.com' }),
    });
    expect(other.json()).toMatchObject({ code: 'slot_full', waitlist: true });
    expect(await runOffers(t.app.ctx)).toBe(0);
    const view = (await entry(t, ann.token)).json();
    expect(view).toMatchObject({ state: 'offered', held: true });
    // min(12 h, half the time left): 12 h for a class years ahead.
    expect(Math.abs(new Date(view.offerExpiresAt).getTime() - Date.now() - 12 * HOUR)).toBeLessThan(60_000);
    expect((await entry(t, bob.token)).json()).toMatchObject({ state: 'waiting', position: 2 });

    // Two accepts at once (the e-mail's link and the page's): one booking.
    const answers = await Promise.all([accept(t, link!), accept(t, ann.token)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.statusCode === 409)!.json().code).toBe('waitlist_offer_gone');
    const done = answers.find((a) => a.statusCode === 200)!.json();
    expect(done).toMatchObject({ state: 'booked', position: null });
    expect(await liveBookings(t, s)).toEqual(['ann@example.com']);
    expect(await taken(t, s)).toBe(1);
    const row = await t.app.ctx.db.selectFrom('waitlist_entries').selectAll().where('email', '=', 'ann@example.com').executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'booked', reservation_id: done.reservationId, pass_token: null });
    expect(row.booked_at).not.toBeNull();
    // The booking's own confirmation went out like any other.
    const confirmations = await t.app.ctx.db
      .selectFrom('outbox')
      .select('subject')
      .where('to_address', '=', 'ann@example.com')
      .where('subject', 'like', 'Booking confirmed%')
      .execute();
    expect(confirmations).toHaveLength(1);
    expect((await entry(t, bob.token)).json()).toMatchObject({ state: 'waiting', position: 1 });
    expect((await accept(t, bob.token)).statusCode).toBe(409);
    // The dashboard counts the seat in the class's gym month.
    const months = await monthlyFigures(t.app.ctx, new Date('2028-06-25T12:00:00Z'));
    expect(months.find((m) => m.month === '2028-06')).toMatchObject({ seatsFromWaitlist: 1 });
    expect(months.find((m) => m.month === '2028-05')).toMatchObject({ seatsFromWaitlist: 0 });
  });

  it('a leave and an accept at once: one of them wins, and the seat counter agrees', async () => {
    const t = await quiet();
    const s = await fullSession(t, '2028-06-26');
    const ann = await joined(t, s, 'ann');
    await joined(t, s, 'bob');
    expect((await cancelBooking(t, s, s.booked[0])).statusCode).toBe(200);
    expect(await runOffers(t.app.ctx)).toBe(1);
    const [l, a] = await Promise.all([leave(t, ann.token), accept(t, ann.token)]);
    const state = (await entry(t, ann.token)).json().state;
    if (state === 'booked') {
      expect(a.statusCode).toBe(200);
      expect(await liveBookings(t, s)).toEqual(['ann@example.com']);
      expect(await taken(t, s)).toBe(1);
    } else {
      expect(state).toBe('left');
      expect(l.statusCode).toBe(200);
      expect(a.statusCode).toBe(409);
      expect(await liveBookings(t, s)).toEqual([]);
      // The held seat went back, and the next run offers it to the next person.
      expect(await taken(t, s)).toBe(0);
      expect(await runOffers(t.app.ctx)).toBe(1);
      expect(await taken(t, s)).toBe(1);
    }
  });

  it('an expired offer goes to the next person once, with two instances running the job at once', async () => {
    const a = await quiet();
    // PostgreSQL: a second app (own pool) on the same schema; SQLite has one writer per file, so
    // there the racing runs share the one app (its connection serialises transactions).
    const b = backend === 'postgres' ? await quiet({ databaseSchema: a.config.databaseSchema }) : a;
    const s = await fullSession(a, '2028-07-03');
    const ann = await joined(a, s, 'ann');
    const bob = await joined(a, s, 'bob');
    await joined(a, s, 'cat');
    expect((await cancelBooking(a, s, s.booked[0])).statusCode).toBe(200);
    const now = Date.now();
    const first = await Promise.all([
      runOffers(a.app.ctx, new Date(now)),
      runOffers(b.app.ctx, new Date(now)),
      runOffers(a.app.ctx, new Date(now)),
      runOffers(b.app.ctx, new Date(now)),
    ]);
    expect(first.reduce((x, y) => x + y, 0)).toBe(1);
    expect((await offerMails(a)).map((m) => m.to_address)).toEqual(['ann@example.com']);
    expect(await taken(a, s)).toBe(1);

    const later = new Date(now + 13 * HOUR);
    const second = await Promise.all([runOffers(a.app.ctx, later), runOffers(b.app.ctx, later), runOffers(a.app.ctx, later), runOffers(b.app.ctx, later)]);
    expect(second.reduce((x, y) => x + y, 0)).toBe(1);
    expect((await offerMails(a)).map((m) => m.to_address)).toEqual(['ann@example.com', 'bob@example.com']);
    expect((await entry(a, ann.token)).json().state).toBe('expired');
    expect((await entry(a, bob.token)).json()).toMatchObject({ state: 'offered', held: true });
    // One seat, held once: the expired offer's seat went back before the next took it.
    expect(await taken(a, s)).toBe(1);
    expect((await accept(a, ann.token)).statusCode).toBe(409);
  });

  it('in the last two hours nothing is held: everyone waiting is told once, the first to accept gets the seat', async () => {
    const t = await quiet();
    const s = await fullSession(t, '2028-07-10');
    const people = [await joined(t, s, 'ann'), await joined(t, s, 'bob'), await joined(t, s, 'cat')];
    expect((await cancelBooking(t, s, s.booked[0])).statusCode).toBe(200);
    const soon = new Date(new Date(s.startsAt).getTime() - 1 * HOUR);
    expect(await runOffers(t.app.ctx, soon)).toBe(3);
    expect(await runOffers(t.app.ctx, soon)).toBe(0); // no e-mail storm
    const mails = await offerMails(t);
    expect(mails.map((m) => m.to_address).sort()).toEqual(['ann@example.com', 'bob@example.com', 'cat@example.com']);
    for (const m of mails) expect(m.text_body).toMatch(/first person on the waiting list to accept/);
    expect(await taken(t, s)).toBe(0);
    for (const p of people) expect((await entry(t, p.token)).json()).toMatchObject({ state: 'offered', held: false, offerExpiresAt: s.startsAt });

    const answers = await Promise.all([accept(t, people[1].token), accept(t, people[2].token)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.statusCode === 409)!.json().code).toBe('slot_full');
    expect(await liveBookings(t, s)).toHaveLength(1);
    expect(await taken(t, s)).toBe(1);
    expect((await accept(t, people[0].token)).statusCode).toBe(409);
  });

  it('no offers for an occurrence the gym cancelled or one in the past: their lines end without a word', async () => {
    const t = await quiet();
    const s = await fullSession(t, '2028-07-17');
    const ann = await joined(t, s, 'ann');
    const past = await fullSession(t, '2028-07-24');
    const bob = await joined(t, past, 'bob');
    await t.inject({ method: 'POST', url: `/api/timetable/weekly-sessions/${s.weeklySessionId}/cancellations`, token: s.staff, payload: { date: s.date } });
    expect((await cancelBooking(t, s, s.booked[0])).statusCode).toBe(200);
    expect((await cancelBooking(t, past, past.booked[0])).statusCode).toBe(200);
    // Run as if after the second session: the first is cancelled, the second over.
    expect(await runOffers(t.app.ctx, new Date(new Date(past.startsAt).getTime() + HOUR))).toBe(0);
    expect(await offerMails(t)).toHaveLength(0);
    expect((await entry(t, ann.token)).json().state).toBe('ended');
    expect((await entry(t, bob.token)).json().state).toBe('ended');
  });

  it('a pass pays only when the offer is accepted', async () => {
    const t = await quiet();
    const s = await fullSession(t, '2028-07-31', 'MMA Training');
    const order = await createTestOrder(t.app.ctx.db, {
      kind: 'days-single',
      covers: 'mma',
      days: 3,
      credits: 3,
      startDate: '2028-07-30',
      endDate: '2028-08-01',
      email: 'holder@example.com',
    });
    const pass = await joined(t, s, 'holder', { passToken: order.token });
    const uses = () => t.app.ctx.db.selectFrom('pass_uses').select('id').where('order_id', '=', order.id).execute();
    expect(await uses()).toHaveLength(0);
    expect((await cancelBooking(t, s, s.booked[0])).statusCode).toBe(200);
    expect(await runOffers(t.app.ctx)).toBe(1);
    expect(await uses()).toHaveLength(0);
    const done = await accept(t, pass.token);
    expect(done.statusCode, done.body).toBe(200);
    expect(await uses()).toHaveLength(1);
  });

  it('a higher capacity frees seats: each person in line is offered one in their own language', async () => {
    const t = await quiet();
    const s = await fullSession(t, '2028-08-07');
    for (const l of LANGUAGES) await joined(t, s, `p-${l}`, { language: l });
    // The offers only: the join e-mails went before.
    const before = await t.app.ctx.db
      .selectFrom('outbox')
      .select((eb) => eb.fn.max('id').as('id'))
      .executeTakeFirstOrThrow();
    const patched = await t.inject({
      method: 'PATCH',
      url: `/api/timetable/weekly-sessions/${s.weeklySessionId}`,
      token: s.staff,
      payload: { capacity: 1 + LANGUAGES.length },
    });
    expect(patched.statusCode).toBe(200);
    expect(await runOffers(t.app.ctx)).toBe(LANGUAGES.length);
    expect(await taken(t, s)).toBe(1 + LANGUAGES.length);
    const mails = await t.app.ctx.db
      .selectFrom('outbox')
      .select(['to_address', 'subject', 'text_body', 'html_body'])
      .where('to_address', 'like', 'p-%')
      .where('id', '>', Number(before.id))
      .execute();
    expect(mails).toHaveLength(LANGUAGES.length);
    for (const l of LANGUAGES) {
      const m = mails.find((x) => x.to_address === `p-${l}@example.com`)!;
      const words = MAIL_MESSAGES[l];
      expect(m.subject.startsWith(words.waitlistOfferSubject('@', '@', '@').split('@')[0]), `${l}: ${m.subject}`).toBe(true);
      expect(m.text_body).toContain(words.waitlistOfferHeld('@').split('@')[0]);
      expect(m.text_body).toContain(words.waitlistNoCharge);
      expect(m.html_body).toContain(words.waitlistAccept);
      expect(m.text_body).toContain(l === 'en' ? 'http://gym.test/booking/waitlist/' : `http://gym.test/${l}/booking/waitlist/`);
    }
    expect(new Set(mails.map((m) => m.subject.slice(0, 12))).size).toBe(LANGUAGES.length);
  });

  it('a repeated join answers byte for byte as a first one and e-mails the link again, in the entry’s language; the place stays', async () => {
    const t = await quiet();
    const s = await fullSession(t, '2028-08-28');
    const first = await join(t, s, 'ann', { name: 'Ann', language: 'de' });
    expect(first.statusCode).toBe(201);
    expect(first.body).toBe(JSON.stringify(waitlistJoinedAnswer));
    for (const text of ['token', 'position', 'ann']) expect(first.body).not.toContain(text);
    await joined(t, s, 'bob');
    const links = [linkOf((await mailsTo(t, 'ann@example.com'))[0].text_body)!];
    // Whoever types Ann's address again (a name, a phone, a language of their own) gets her answer;
    // she gets a new link each time, in German, to her name; nothing of theirs is stored.
    for (let i = 0; i < 3; i++) {
      const again = await join(t, s, 'ann', { name: 'Mallory', phone: '+1 555 0100', language: 'en' });
      expect([again.statusCode, again.body]).toEqual([first.statusCode, first.body]);
      const mail = (await mailsTo(t, 'ann@example.com')).at(-1)!;
      expect(mail.subject.startsWith(MAIL_MESSAGES.de.waitlistJoinedSubject('@', '@', '@').split('@')[0]), mail.subject).toBe(true);
      expect(mail.text_body).toContain(MAIL_MESSAGES.de.hello('Ann'));
      expect(mail.text_body).not.toContain('Mallory');
      expect(mail.html_body).toContain(MAIL_MESSAGES.de.waitlistSeePlace);
      expect(mail.text_body).toContain('http://gym.test/de/booking/waitlist/');
      links.push(linkOf(mail.text_body)!);
    }
    expect(new Set(links).size).toBe(4);
    for (const old of links.slice(0, -1)) expect((await entry(t, old)).json()).toMatchObject({ state: 'waiting', link: 'earlier' });
    expect((await entry(t, links.at(-1)!)).json()).toMatchObject({ state: 'waiting', position: 1, name: 'Ann', language: 'de' });
    const line = await t.inject({ method: 'GET', url: `/api/timetable/weekly-sessions/${s.weeklySessionId}/waitlist?date=${s.date}`, token: s.staff });
    expect(line.json().map((e: { email: string; name: string; phone: string | null }) => [e.email, e.name, e.phone])).toEqual([
      ['ann@example.com', 'Ann', null],
      ['bob@example.com', 'bob', null],
    ]);

    // Offered: the same answer and a new page link; the offer's own link still works.
    expect((await cancelBooking(t, s, s.booked[0])).statusCode).toBe(200);
    expect(await runOffers(t.app.ctx)).toBe(1);
    const offerLink = linkOf((await mailsTo(t, 'ann@example.com')).at(-1)!.text_body);
    const offered = await join(t, s, 'ann');
    expect([offered.statusCode, offered.body]).toEqual([first.statusCode, first.body]);
    const latest = linkOf((await mailsTo(t, 'ann@example.com')).at(-1)!.text_body)!;
    expect(latest).not.toBe(links.at(-1));
    expect((await entry(t, latest)).json()).toMatchObject({ state: 'offered', held: true });
    expect((await entry(t, offerLink!)).json()).toMatchObject({ state: 'offered', held: true });
    expect(await taken(t, s)).toBe(1);
  });

  it('a join for someone booked at that time answers as a join, e-mails them that they are booked, and stores nothing', async () => {
    const t = await quiet();
    const s = await fullSession(t, '2028-09-04');
    const stranger = await join(t, s, 'cat');
    const booked = await t.inject({
      method: 'POST',
      url: '/api/waitlist',
      payload: { course: s.course, dateTime: s.startsAt, name: 'Someone Else', email: 'booked0@example.com', language: 'fr' },
    });
    expect([booked.statusCode, booked.body]).toEqual([stranger.statusCode, stranger.body]);
    // Besides the booking's own e-mails, one: the notice.
    const [notice, ...more] = (await mailsTo(t, 'booked0@example.com')).filter((m) => !m.subject.startsWith('Booking confirmed'));
    expect(more).toEqual([]);
    expect(notice.subject).toMatch(/^Waiting list: you already have a booking on /);
    // In the booking's language and name (not the form's), and no link to any place.
    expect(notice.text_body).toContain(MAIL_MESSAGES.en.hello('Booked 0'));
    expect(notice.text_body).toContain(MAIL_MESSAGES.en.waitlistBooked(s.course));
    expect(notice.text_body).not.toContain('Someone Else');
    expect(notice.text_body).not.toMatch(/\/booking\/waitlist\//);
    const rows = await t.app.ctx.db.selectFrom('waitlist_entries').select('email').execute();
    expect(rows.map((r) => r.email)).toEqual(['cat@example.com']);

    // An entry that became a booking (the offer accepted) is answered the same way.
    expect((await cancelBooking(t, s, s.booked[0])).statusCode).toBe(200);
    expect(await runOffers(t.app.ctx)).toBe(1);
    const cat = linkOf((await mailsTo(t, 'cat@example.com')).at(-1)!.text_body)!;
    expect((await accept(t, cat)).statusCode).toBe(200);
    const after = await join(t, s, 'cat');
    expect([after.statusCode, after.body]).toEqual([stranger.statusCode, stranger.body]);
    expect((await mailsTo(t, 'cat@example.com')).at(-1)!.subject).toMatch(/^Waiting list: you already have a booking/);
    expect((await entry(t, cat)).json()).toMatchObject({ state: 'booked' });
  });

  it('every join is e-mailed in its own language; the per-address limit still cuts in', async () => {
    const t = await quiet({ rateLimits: defaultRateLimits() });
    const s = await fullSession(t, '2028-09-11');
    const ip = '10.80.0.1';
    const send = (who: string, language = 'en') =>
      t.inject({
        method: 'POST',
        url: '/api/waitlist',
        remoteAddress: ip,
        payload: { course: s.course, dateTime: s.startsAt, name: who, email: `${who}@example.com`, language },
      });
    for (const l of LANGUAGES) {
      const r = await send(`j-${l}`, l);
      expect([r.statusCode, r.body]).toEqual([201, JSON.stringify(waitlistJoinedAnswer)]);
      const [m] = await mailsTo(t, `j-${l}@example.com`);
      const words = MAIL_MESSAGES[l];
      expect(m.subject.startsWith(words.waitlistJoinedSubject('@', '@', '@').split('@')[0]), `${l}: ${m.subject}`).toBe(true);
      expect(m.text_body).toContain(words.waitlistJoined);
      expect(m.html_body).toContain(words.waitlistSeePlace);
      expect(m.text_body).toContain(l === 'en' ? 'http://gym.test/booking/waitlist/' : `http://gym.test/${l}/booking/waitlist/`);
    }
    // The rest of the limit on one person, again and again: each answered as the first, each mailed.
    const max = defaultRateLimits().booking.max;
    for (let i = LANGUAGES.length; i < max; i++) expect((await send('j-en')).body).toBe(JSON.stringify(waitlistJoinedAnswer));
    expect(await mailsTo(t, 'j-en@example.com')).toHaveLength(1 + max - LANGUAGES.length);
    const over = await send('j-en');
    expect(over.statusCode).toBe(429);
    expect(over.json().code).toBe('rate_limited');
    expect(await mailsTo(t, 'j-en@example.com')).toHaveLength(1 + max - LANGUAGES.length);
  });

  it('erasing a person takes their place off the list: no name, address or working link, the held seat back', async () => {
    const t = await quiet();
    const s = await fullSession(t, '2028-08-14');
    const ann = await joined(t, s, 'ann', { phone: '+66 81 234 5678' });
    expect((await cancelBooking(t, s, s.booked[0])).statusCode).toBe(200);
    expect(await runOffers(t.app.ctx)).toBe(1);
    expect(await taken(t, s)).toBe(1);
    const admin = (await t.signIn('admin')).token;
    const erased = await t.inject({ method: 'POST', url: '/api/personal-data/erase', token: admin, payload: { email: 'ann@example.com' } });
    expect(erased.statusCode, erased.body).toBe(200);
    const row = await t.app.ctx.db.selectFrom('waitlist_entries').selectAll().executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toMatch(/ann@example\.com|\+66 81|"ann"/);
    expect(row.status).toBe('left');
    // The link answers that the data was removed (decision 184), not 404.
    const gone = await entry(t, ann.token);
    expect(gone.statusCode).toBe(410);
    expect(gone.json()).toMatchObject({ code: 'link_erased', state: 'erased' });
    expect(await taken(t, s)).toBe(0);
  });

  it('a cancel and two accepts at once (last two hours): never more bookings than seats, the counter agrees', async () => {
    const t = await quiet();
    const s = await fullSession(t, '2028-08-21', 'Wrestling', 2);
    const ann = await joined(t, s, 'ann');
    const bob = await joined(t, s, 'bob');
    expect((await cancelBooking(t, s, s.booked[0])).statusCode).toBe(200);
    expect(await runOffers(t.app.ctx, new Date(new Date(s.startsAt).getTime() - HOUR))).toBe(2);
    const [a, b, c] = await Promise.all([accept(t, ann.token), accept(t, bob.token), cancelBooking(t, s, s.booked[1])]);
    expect(c.statusCode).toBe(200);
    const codes = [a.statusCode, b.statusCode].sort();
    expect([
      [200, 200],
      [200, 409],
    ]).toContainEqual(codes);
    const live = await liveBookings(t, s);
    expect(live).toHaveLength(codes.filter((x) => x === 200).length);
    expect(await taken(t, s)).toBe(live.length);
    expect(live.length).toBeLessThanOrEqual(2);
  });
});
