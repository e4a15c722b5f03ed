import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../src/shared/gym-time';
import { LANGUAGES, type Language } from '../../src/shared/i18n/languages';
import { CATALOGUES } from '../../src/shared/i18n/locales';
import { FAST_MAIL, bookingPayload, uniqueTag } from '../helpers/factories';
import { NOT_NAMES, PHISHING_NAME, REAL_NAMES } from '../helpers/names';
import { gymToday, mailText, orderBody } from '../helpers/orders';
import { decodeHeader, startSmtpPeer, waitUntil, type SmtpPeer } from '../helpers/smtp-peer';
import { backends, createTestApp, type TestApp } from '../helpers/test-app';
import { ALL_WEEK, gymInstant } from '../helpers/trainers';

// Issue 45, point 1: nothing a stranger types becomes the gym's words. Every public form holds a
// person's name to one rule (one line, at most 100 characters, no control character, no link):
// anything else is 400 name_invalid with a sentence in the page's language, and nothing is
// stored or sent. The e-mails a form sends to the address typed print that checked name and no
// other text the stranger typed (message, subject, phone). On both databases.

/** What a stranger types in every free-text field besides the name. */
const STRANGER = 'STRANGER words: confirm at https://pay.example/card';
const STRANGER_PHONE = '+66 STRANGER pay.example';
const STRANGER_SUBJECT = 'STRANGER subject pay.example';

type Form = 'booking' | 'order' | 'contact' | 'waiting list' | 'private lesson' | 'newsletter';
const FORMS: Form[] = ['booking', 'order', 'contact', 'waiting list', 'private lesson', 'newsletter'];

describe.each(backends)('a name on the public forms on %s', (backend) => {
  let peer: SmtpPeer;
  let t: TestApp;
  let staff: string;
  let trainerId: number;
  /** The full Wrestling session the waiting list is joined for, and its one booking. */
  let full: { startsAt: string; bookingId: number };
  let n = 0;
  /** Each private lesson on a day of its own: the trainer is never busy. */
  let lessonDay = 7;

  const address = (form: Form) => `${form.replace(' ', '-')}-${++n}-${uniqueTag()}@example.com`;

  /** The form's route and a payload it accepts around `name`, with every other free-text field the stranger's. */
  function request(form: Form, name: string, email: string, language: Language): { url: string; payload: Record<string, unknown> } {
    n += 1;
    switch (form) {
      case 'booking':
        return {
          url: '/api/reservations',
          payload: { ...bookingPayload({ name, email, phone: STRANGER_PHONE, message: STRANGER }, { nth: n % 40 }), language },
        };
      case 'order':
        return { url: '/api/orders', payload: { ...orderBody({ name, email, phone: STRANGER_PHONE, language, method: 'desk' }) } };
      case 'contact':
        return { url: '/api/contact', payload: { name, email, subject: STRANGER_SUBJECT, message: STRANGER, phone: STRANGER_PHONE, language } };
      case 'waiting list':
        return { url: '/api/waitlist', payload: { course: 'Wrestling', dateTime: full.startsAt, name, email, phone: STRANGER_PHONE, language } };
      case 'private lesson':
        return {
          url: '/api/private-lessons',
          payload: {
            trainerId,
            startsAt: gymInstant(addDays(gymToday(), lessonDay++), '10:00'),
            minutes: 60,
            discipline: 'Muay Thai',
            name,
            email,
            phone: STRANGER_PHONE,
            language,
            guests: 1,
            method: 'desk',
          },
        };
      case 'newsletter':
        return { url: '/api/newsletter-subscribers', payload: { email, name, isActive: true, language } };
    }
  }
  const send = (form: Form, name: string, email = address(form), language: Language = 'en') => {
    const { url, payload } = request(form, name, email, language);
    return t.inject({ method: 'POST', url, payload });
  };

  const outboxTo = (email: string) => t.app.ctx.db.selectFrom('outbox').select(['status', 'subject']).where('to_address', 'like', `%${email}%`).execute();

  /** Every e-mail sent to `email` (at least `atLeast`, none left waiting), as delivered: subject and text parts. */
  async function mailsTo(email: string, atLeast = 1): Promise<string[]> {
    await waitUntil(
      async () => {
        const rows = await outboxTo(email);
        const delivered = peer.messages.filter((m) => m.to.includes(email)).length;
        return rows.length >= atLeast && rows.every((r) => r.status === 'sent') && delivered >= rows.length;
      },
      15_000,
      `the e-mails to ${email}`,
    );
    return peer.messages.filter((m) => m.to.includes(email)).map((m) => `${decodeHeader(m.headers.subject ?? '')}\n${mailText(m.raw)}`);
  }
  /** Nothing the stranger typed beside the name: not the words, not the link, not the phone. */
  const expectNoStrangerText = (mails: string[], what: string) => {
    for (const text of mails) {
      expect(text, what).not.toMatch(/STRANGER/i);
      expect(text, what).not.toContain('pay.example');
    }
  };

  beforeAll(async () => {
    peer = await startSmtpPeer();
    t = await createTestApp(backend, { smtpUrl: peer.url, notifyEmail: 'desk@gym.test', ...FAST_MAIL });
    const admin = (await t.signIn('admin')).token;
    staff = (await t.signIn('staff')).token;
    // A trainer for the private lessons, free all week.
    const trainer = await t.inject({ method: 'POST', url: '/api/trainers', token: admin, payload: { name: 'Kru Dam', disciplines: ['Muay Thai'] } });
    expect(trainer.statusCode, trainer.body).toBe(201);
    trainerId = trainer.json<{ id: number }>().id;
    const week = await t.inject({
      method: 'PUT',
      url: `/api/trainers/${trainerId}/availability`,
      token: admin,
      payload: { windows: ALL_WEEK, exceptions: [] },
    });
    expect(week.statusCode, week.body).toBe(200);
    // A Wrestling session with one seat, taken: its waiting list is open.
    const date = addDays(gymToday(), 9);
    const s = (await t.inject({ method: 'GET', url: `/api/sessions?from=${date}&days=3` }))
      .json<{ sessions: { course: string; weeklySessionId: number; startsAt: string }[] }>()
      .sessions.find((x) => x.course === 'Wrestling')!;
    const patched = await t.inject({ method: 'PATCH', url: `/api/timetable/weekly-sessions/${s.weeklySessionId}`, token: staff, payload: { capacity: 1 } });
    expect(patched.statusCode, patched.body).toBe(200);
    const seat = await t.inject({
      method: 'POST',
      url: '/api/reservations',
      payload: bookingPayload({ course: 'Wrestling', dateTime: s.startsAt, name: 'Seat Holder', email: `seat-${uniqueTag()}@example.com` }),
    });
    expect(seat.statusCode, seat.body).toBe(201);
    full = { startsAt: s.startsAt, bookingId: seat.json<{ id: number }>().id };
  });
  afterAll(async () => {
    await t?.close();
    await peer?.close();
  });

  it.each(FORMS)('%s: refuses the phishing name with name_invalid and a sentence in the page language, and sends nothing', async (form) => {
    for (const language of LANGUAGES) {
      const email = address(form);
      const res = await send(form, PHISHING_NAME, email, language);
      expect(res.statusCode, `${language}: ${res.body}`).toBe(400);
      expect(res.json(), language).toEqual({ code: 'name_invalid', error: CATALOGUES[language]['error.nameInvalid'] });
      expect(await outboxTo(email), language).toEqual([]);
    }
    // English and another language say it in their own words.
    expect(CATALOGUES.th['error.nameInvalid']).not.toBe(CATALOGUES.en['error.nameInvalid']);
  });

  it.each(FORMS)('%s: refuses a newline, a control character, www., ://, an e-mail address and 101 characters', async (form) => {
    for (const [what, name] of Object.entries(NOT_NAMES)) {
      const email = address(form);
      const res = await send(form, name, email, 'fr');
      expect(res.statusCode, `${what}: ${res.body}`).toBe(400);
      expect(res.json(), what).toEqual({ code: 'name_invalid', error: CATALOGUES.fr['error.nameInvalid'] });
      expect(await outboxTo(email), what).toEqual([]);
    }
  });

  it('booking: keeps a real name trimmed, and its confirmation says the name and nothing else the stranger typed', async () => {
    for (const name of REAL_NAMES) {
      const email = address('booking');
      const res = await send('booking', `  ${name}  `, email);
      expect(res.statusCode, `${name}: ${res.body}`).toBe(201);
      expect(res.json<{ name: string }>().name).toBe(name);
      const mails = await mailsTo(email);
      expect(mails.join('\n'), name).toContain(name);
      expectNoStrangerText(mails, name);
    }
  });

  it.each(['order', 'private lesson'] as const)('%s: accepts every real name; its e-mails say the name and nothing else the stranger typed', async (form) => {
    for (const name of REAL_NAMES) {
      const email = address(form);
      const res = await send(form, name, email);
      expect(res.statusCode, `${name}: ${res.body}`).toBe(201);
      const mails = await mailsTo(email);
      expect(mails.join('\n'), name).toContain(name);
      expectNoStrangerText(mails, `${form}: ${name}`);
    }
  });

  it("contact: accepts every real name; the sender's acknowledgement quotes none of their words, the gym's notice has them", async () => {
    for (const name of REAL_NAMES) {
      const email = address('contact');
      const res = await send('contact', name, email);
      expect(res.statusCode, `${name}: ${res.body}`).toBe(201);
      expectNoStrangerText(await mailsTo(email), name);
    }
    // The message did arrive: the gym's own inbox shows it.
    const notices = await waitUntil(() => peer.messages.filter((m) => m.to.includes('desk@gym.test') && mailText(m.raw).includes(STRANGER)), 15_000);
    expect(notices.length).toBeGreaterThanOrEqual(1);
  });

  it('newsletter: accepts every real name (or none), and its confirmation carries nothing else typed', async () => {
    for (const name of REAL_NAMES) {
      const email = address('newsletter');
      const res = await send('newsletter', name, email);
      expect(res.statusCode, `${name}: ${res.body}`).toBe(201);
      expectNoStrangerText(await mailsTo(email), name);
    }
    expect((await send('newsletter', '   ')).statusCode).toBe(201);
  });

  it('waiting list: accepts every real name; the offer says the name and nothing else the stranger typed', async () => {
    const emails: string[] = [];
    for (const name of REAL_NAMES) {
      const email = address('waiting list');
      const res = await send('waiting list', name, email);
      expect(res.statusCode, `${name}: ${res.body}`).toBe(201);
      emails.push(email);
    }
    // The seat comes free: the first in line is offered it.
    const before = (await outboxTo(emails[0])).length;
    expect((await t.inject({ method: 'PUT', url: `/api/reservations/${full.bookingId}/cancel`, token: staff })).statusCode).toBe(200);
    await waitUntil(async () => (await outboxTo(emails[0])).length > before, 15_000, 'the offer');
    const mails = await mailsTo(emails[0], before + 1);
    expect(mails.join('\n')).toContain(REAL_NAMES[0]);
    expectNoStrangerText(mails, 'the offer');
    // Whatever else the others got (if anything) carries none of it either.
    for (const email of emails.slice(1)) expectNoStrangerText(await mailsTo(email, 0), email);
  });
});
