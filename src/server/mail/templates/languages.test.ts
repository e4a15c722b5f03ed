import { simpleParser, type ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCalendar } from '../../../../tests/helpers/calendar';
import { decodeHeader, startSmtpPeer, waitUntil, type SmtpPeer } from '../../../../tests/helpers/smtp-peer';
import { backends, createTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import { FAST_MAIL, bookingPayload } from '../../../../tests/helpers/factories';
import { queueDueReminders } from '../../reminders/reminders.service';

// Issue 15: a booking, a contact message and a newsletter sign-up keep the page's language, and
// the e-mails the customer gets speak it (real SMTP peer, both databases). SPEC.md §7's
// payloads, without a language, stay English.

// MMA Training's Tuesday session: 10:00 UTC is 17:00 at the gym (Asia/Bangkok).
const booking = bookingPayload({ name: 'Анна Петрова', email: 'anna@example.com', dateTime: '2028-01-04T10:00:00.000Z' });
const LANGUAGE_ERROR = 'Language must be one of: en, ru, zh, de, fr, th';

const bodies = (m: ParsedMail) => [m.text ?? '', typeof m.html === 'string' ? m.html : ''];

describe.each(backends)('e-mails in the customer language on %s', (backend) => {
  let peer: SmtpPeer;
  let t: TestApp;
  let staff: string;

  const post = (url: string, payload: unknown, token?: string) =>
    t.inject({ method: 'POST', url, headers: { 'content-type': 'application/json' }, payload: JSON.stringify(payload), token });
  const mailTo = async (to: string, subject: RegExp) =>
    simpleParser(
      (await waitUntil(() => peer.messages.find((m) => m.to.includes(to) && subject.test(decodeHeader(m.headers.subject))), 10_000, `mail to ${to}`)).raw,
    );

  beforeAll(async () => {
    peer = await startSmtpPeer();
    t = await createTestApp(backend, { smtpUrl: peer.url, ...FAST_MAIL });
    staff = (await t.signIn('staff')).token;
    await t.app.ctx.db.updateTable('weekly_sessions').set({ capacity: 1000 }).execute();
  });
  afterAll(async () => {
    await t?.close();
    await peer?.close();
  });

  it('stores the language given, English when none, and refuses an unknown one with a clear error', async () => {
    const ru = await post('/api/reservations', { ...booking, email: 'stored-ru@example.com', language: 'ru' });
    expect(ru.statusCode).toBe(201);
    // SPEC.md §7's answer keeps its shape: the language is not in it.
    expect(ru.json()).not.toHaveProperty('language');
    const plain = await post('/api/reservations', { ...booking, email: 'stored-en@example.com' });
    expect(plain.statusCode).toBe(201);
    const rows = await t.app.ctx.db.selectFrom('reservations').select(['id', 'language']).where('id', 'in', [ru.json().id, plain.json().id]).execute();
    expect(Object.fromEntries(rows.map((r) => [r.id, r.language]))).toEqual({ [ru.json().id]: 'ru', [plain.json().id]: 'en' });

    const contact = await post('/api/contact', { name: 'Hans', email: 'hans@example.com', subject: 'Frage', message: 'Hallo', language: 'de' });
    expect(contact.statusCode).toBe(201);
    const conv = await t.app.ctx.db.selectFrom('conversations').select('language').where('id', '=', contact.json().conversationId).executeTakeFirstOrThrow();
    const sub = await t.app.ctx.db.selectFrom('contact_submissions').select('language').where('id', '=', contact.json().id).executeTakeFirstOrThrow();
    expect([conv.language, sub.language]).toEqual(['de', 'de']);
    const contactEn = await post('/api/contact', { name: 'Jo', email: 'jo@example.com', subject: 'Hi', message: 'Hello' });
    expect(
      (await t.app.ctx.db.selectFrom('conversations').select('language').where('id', '=', contactEn.json().conversationId).executeTakeFirstOrThrow()).language,
    ).toBe('en');

    const news = await post('/api/newsletter-subscribers', { email: 'stored-zh@example.com', language: 'zh' });
    expect(news.statusCode).toBe(201);
    expect(news.json()).not.toHaveProperty('language');
    const stored = await t.app.ctx.db
      .selectFrom('newsletter_subscribers')
      .select('language')
      .where('email', '=', 'stored-zh@example.com')
      .executeTakeFirstOrThrow();
    expect(stored.language).toBe('zh');

    const before = await t.app.ctx.db.selectFrom('reservations').select('id').execute();
    for (const [url, payload] of [
      ['/api/reservations', { ...booking, language: 'es' }],
      ['/api/reservations', { ...booking, language: 'RU' }],
      ['/api/contact', { name: 'X', email: 'x@example.com', message: 'Hi', language: 'klingon' }],
      ['/api/newsletter-subscribers', { email: 'bad-lang@example.com', language: 7 }],
    ] as const) {
      const res = await post(url, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toEqual({ error: LANGUAGE_ERROR, code: 'validation' });
    }
    expect(await t.app.ctx.db.selectFrom('reservations').select('id').execute()).toHaveLength(before.length);

    // The back office's paged lists name each item's language; SPEC.md's plain list does not.
    const page = await t.inject({ method: 'GET', url: '/api/reservations?page=1&pageSize=100', token: staff });
    const item = page.json().items.find((r: { id: number }) => r.id === ru.json().id);
    expect(item.language).toBe('ru');
    const all = await t.inject({ method: 'GET', url: '/api/reservations', token: staff });
    expect(all.json().find((r: { id: number }) => r.id === ru.json().id)).not.toHaveProperty('language');
    const convRead = await t.inject({ method: 'GET', url: `/api/conversations/${contact.json().conversationId}`, token: staff });
    expect(convRead.json().language).toBe('de');
    // The desk's roster of that session names it too.
    const desk = await t.inject({ method: 'GET', url: '/api/desk/day?date=2028-01-04', token: staff });
    const roster = desk.json().sessions.flatMap((s: { roster: { id: number; language: string }[] }) => s.roster);
    expect(roster.find((r: { id: number }) => r.id === ru.json().id).language).toBe('ru');
    expect(roster.find((r: { id: number }) => r.id === plain.json().id).language).toBe('en');
  });

  it('confirms a Russian booking in Russian: a Russian date, the /ru manage link and a valid .ics', async () => {
    const res = await post('/api/reservations', { ...booking, language: 'ru' });
    expect(res.statusCode).toBe(201);
    const mail = await mailTo('anna@example.com', /^Бронь подтверждена/);
    expect(mail.subject).toBe('Бронь подтверждена: MMA Training, вторник, 4 января 2028 г., 17:00');
    for (const body of bodies(mail)) {
      expect(body).toContain('Здравствуйте, Анна Петрова!');
      expect(body).toContain('вторник, 4 января 2028 г., 17:00 – 18:00 (местное время зала, UTC+7)');
      expect(body).toContain('Что взять с собой');
      expect(body).toMatch(/http:\/\/gym\.test\/ru\/booking\/manage\/[A-Za-z0-9_-]{43}/);
      expect(body).not.toContain('Hello');
      expect(body).not.toContain('What to bring');
    }
    expect(mail.html).toContain('<html lang="ru">');
    const ics = mail.attachments.find((a) => /calendar|ics/.test(a.contentType));
    const ev = parseCalendar(ics!.content.toString('utf8'));
    expect(ev).toMatchObject({ method: 'REQUEST', sequence: 0, uid: `reservation-${res.json().id}@gym.test` });
    expect(ev.start.toISOString()).toBe('2028-01-04T10:00:00.000Z');
    expect(ev.description).toContain('MMA Training в ');
    expect(ev.description).toMatch(/Изменить или отменить: http:\/\/gym\.test\/ru\/booking\/manage\/[A-Za-z0-9_-]{43}/);
  });

  it('an English booking (no language) is confirmed exactly as before', async () => {
    await post('/api/reservations', { ...booking, name: 'Tom', email: 'tom-en@example.com' });
    const mail = await mailTo('tom-en@example.com', /^Booking confirmed/);
    expect(mail.subject).toBe('Booking confirmed: MMA Training on Tuesday, 4 January 2028 at 5:00 PM');
    expect(mail.text).toContain('Tuesday, 4 January 2028, 5:00 PM – 6:00 PM Krabi time (UTC+7)');
    expect(mail.text).toMatch(/http:\/\/gym\.test\/booking\/manage\//);
  });

  it('reminds a German booking in German', async () => {
    const res = await post('/api/reservations', { ...booking, name: 'Jonas', email: 'jonas@example.com', language: 'de' });
    expect(res.statusCode).toBe(201);
    const startsAt = new Date(booking.dateTime);
    expect(await queueDueReminders(t.app.ctx, new Date(startsAt.getTime() - t.config.reminderLeadMs / 2))).toBeGreaterThanOrEqual(1);
    const mail = await mailTo('jonas@example.com', /^Erinnerung/);
    expect(mail.subject).toBe('Erinnerung: MMA Training am Dienstag, 4. Januar 2028 um 17:00');
    for (const body of bodies(mail)) {
      expect(body).toContain('Hallo Jonas,');
      expect(body).toContain('Dienstag, 4. Januar 2028, 17:00 – 18:00 (Ortszeit des Gyms, UTC+7)');
      expect(body).toContain('Bitte komm 10 Minuten früher');
    }
    expect(mail.text).toMatch(/^http:\/\/gym\.test\/de$/m);
  });

  it("frames the staff's reply to a French conversation in French; the staff's text stays as typed", async () => {
    const contact = await post('/api/contact', {
      name: 'Claire Martin',
      email: 'claire@example.com',
      subject: 'Horaires',
      message: 'Bonjour, quels horaires ?',
      language: 'fr',
    });
    expect(contact.statusCode).toBe(201);
    const typed = 'Hello Claire, the kids class is at 16:00.';
    const sent = await post(`/api/conversations/${contact.json().conversationId}/messages`, { content: typed }, staff);
    expect(sent.statusCode).toBe(201);
    const mail = await mailTo('claire@example.com', /^Re: Horaires/);
    const text = mail.text ?? '';
    expect(text.startsWith(`${typed}\n`)).toBe(true);
    expect(text).toMatch(/^http:\/\/gym\.test\/fr$/m);
    // "Le mardi 24 novembre 2026 à 09:12 (UTC+7), Claire Martin a écrit :"
    expect(text).toMatch(
      /^Le (lundi|mardi|mercredi|jeudi|vendredi|samedi|dimanche) \d{1,2} \S+ \d{4} à \d{2}:\d{2} \(UTC\+7\), Claire Martin a écrit\u00a0:$/m,
    );
    expect(text).toContain('> Bonjour, quels horaires ?');
    expect(text).not.toContain('wrote:');
  });

  it('asks a Thai sign-up to confirm in Thai, and welcomes them in Thai', async () => {
    const res = await post('/api/newsletter-subscribers', { email: 'somchai@example.com', language: 'th' });
    expect(res.statusCode).toBe(201);
    const mail = await mailTo('somchai@example.com', /^ยืนยันการสมัครรับจดหมายข่าวของ /);
    const text = mail.text ?? '';
    expect(text).toContain('หากต้องการยืนยัน กรุณาเปิดลิงก์นี้แล้วกดปุ่มบนหน้าเว็บ:');
    expect(text).toMatch(/^http:\/\/gym\.test\/th$/m);
    const token = /confirm\?token=([A-Za-z0-9_-]+)/.exec(text)![1];
    const confirmed = await t.inject({ method: 'POST', url: `/api/newsletter/confirm?token=${token}` });
    expect(confirmed.statusCode).toBeLessThan(400);
    const welcome = await mailTo('somchai@example.com', /^ยินดีต้อนรับสู่จดหมายข่าวของ /);
    expect(welcome.text).toContain('ยกเลิกการรับได้ที่นี่: http://gym.test/api/newsletter/unsubscribe?token=');
  });
});
