import fs from 'node:fs';
import path from 'node:path';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isoWeekday } from '../../src/shared/gym-time';
import { queueDueReminders } from '../../src/server/reminders/reminders.service';
import { bookingPayload, contactPayload } from '../helpers/factories';
import { nextSession } from '../helpers/sessions';
import { backends, createTestApp, type TestApp } from '../helpers/test-app';

// Point 8 of "Open to the internet" (PDPA, GDPR): staff find every record of an e-mail address
// or phone number, export it (JSON, CSV) and erase it (rows anonymised, counts kept, unsent
// e-mails stopped, .eml copies deleted); deleting a booking drops its queued e-mails.

// Jane's number is not the gym's own (the seed's WhatsApp), which every e-mail in the outbox carries.
const JANE = { name: 'Jane Privacy', email: 'jane.privacy@example.com', phone: '+66 89 765 4321' };
const BOB = { name: 'Bob Keeps', email: 'bob.keeps@example.com', phone: '+66 89 999 0000' };
const GYM = 'gym-desk@example.com';

async function until(check: () => Promise<boolean>, what: string) {
  for (let i = 0; i < 400; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`never happened: ${what}`);
}

describe.each(backends)('personal data on %s', (backend) => {
  let t: TestApp;
  let staff: { token: string; id: number };
  let janeBooking: number;
  const emlDir = () => path.join(t.config.dataDir, 'outbox');
  const count = async (table: 'reservations' | 'contact_submissions' | 'conversations' | 'conversation_messages' | 'newsletter_subscribers' | 'outbox') =>
    Number(
      (
        await t.app.ctx.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  beforeAll(async () => {
    t = await createTestApp(backend, {}, { GYM_NOTIFY_EMAIL: GYM });
    staff = await t.signIn('staff');
    let ip = 10;
    const publicPost = async (url: string, payload: object) => {
      ip += 1;
      const res = await t.inject({ method: 'POST', url, payload, remoteAddress: `192.0.2.${ip}` });
      expect(res.statusCode, res.body).toBeLessThan(300);
      return res.json<{ id: number }>();
    };
    for (const who of [JANE, BOB]) {
      const booked = await publicPost('/api/reservations', bookingPayload({ ...who, course: 'Wrestling', message: `Private note of ${who.name}` }));
      if (who === JANE) janeBooking = booked.id;
      await publicPost('/api/contact', contactPayload({ ...who, subject: `Question from ${who.name}`, message: `=HYPERLINK("x") ${who.name}` }));
      await publicPost('/api/newsletter-subscribers', { email: who.email, name: who.name });
    }
    // A staff reply goes to Jane by e-mail.
    const conv = await t.app.ctx.db.selectFrom('conversations').select('id').where('user_email', '=', JANE.email).executeTakeFirstOrThrow();
    const reply = await t.inject({
      method: 'POST',
      url: `/api/conversations/${conv.id}/messages`,
      token: staff.token,
      payload: { content: 'Hello Jane, see you soon' },
    });
    expect(reply.statusCode).toBeLessThan(300);
    // A desk booking with her number only, written another way.
    const day = nextSession('Wrestling', { nth: 1 }).date;
    const ws = await t.app.ctx.db
      .selectFrom('weekly_sessions as ws')
      .innerJoin('classes as c', 'c.id', 'ws.class_id')
      .select('ws.id')
      .where('c.name', '=', 'Wrestling')
      .where('ws.weekday', '=', isoWeekday(day))
      .executeTakeFirstOrThrow();
    const desk = await t.inject({
      method: 'POST',
      url: '/api/desk/bookings',
      token: staff.token,
      payload: { sessionId: `${ws.id}:${day}`, name: 'J. P.', phone: '089-765-4321', email: null, source: 'whatsapp', message: null },
    });
    expect(desk.statusCode, desk.body).toBe(201);
    // Every e-mail delivered (no SMTP_URL: written as DATA_DIR/outbox/<id>.eml).
    t.app.ctx.mail.kick();
    await until(async () => {
      const left = await t.app.ctx.db.selectFrom('outbox').select('id').where('status', '<>', 'sent').execute();
      return left.length === 0;
    }, 'outbox delivered');
  });
  afterAll(() => t?.close());

  it('needs a signed-in user and an address or a number', async () => {
    expect((await t.inject({ method: 'GET', url: `/api/personal-data?email=${JANE.email}` })).statusCode).toBe(401);
    expect((await t.inject({ method: 'GET', url: `/api/personal-data/export?email=${JANE.email}` })).statusCode).toBe(401);
    expect((await t.inject({ method: 'POST', url: '/api/personal-data/erase', payload: { email: JANE.email } })).statusCode).toBe(401);
    const none = await t.inject({ method: 'GET', url: '/api/personal-data', token: staff.token });
    expect(none.statusCode).toBe(400);
    expect(none.json().error).toBe('Indiquez une adresse e-mail ou un numéro de téléphone');
    expect((await t.inject({ method: 'GET', url: '/api/personal-data?email=not-an-address', token: staff.token })).statusCode).toBe(400);
    expect((await t.inject({ method: 'GET', url: '/api/personal-data?phone=123', token: staff.token })).statusCode).toBe(400);
    expect((await t.inject({ method: 'POST', url: '/api/personal-data/erase', token: staff.token, payload: {} })).statusCode).toBe(400);
  });

  it('finds every record of an address or a number, in every table and .eml file', async () => {
    const res = await t.inject({
      method: 'GET',
      url: `/api/personal-data?email=${encodeURIComponent(' Jane.Privacy@Example.com ')}&phone=${encodeURIComponent('0897654321')}`,
      token: staff.token,
    });
    expect(res.statusCode, res.body).toBe(200);
    const d = res.json();
    expect(d.email).toBe(JANE.email);
    // The web booking (address) and the desk booking (number only).
    expect(d.reservations).toHaveLength(2);
    expect(d.reservations.map((r: { name: string }) => r.name).sort()).toEqual(['J. P.', JANE.name]);
    expect(d.contactSubmissions).toHaveLength(1);
    expect(d.contactSubmissions[0]).toMatchObject({ email: JANE.email, phone: JANE.phone });
    expect(d.conversations).toHaveLength(1);
    expect(d.conversations[0].messages.map((m: { content: string }) => m.content)).toEqual(expect.arrayContaining(['Hello Jane, see you soon']));
    expect(d.newsletterSubscriptions).toHaveLength(1);
    // To her (confirmation, reply, welcome) and about her (the gym's notices name her address).
    const outbox = d.outbox as { id: number; toAddress: string }[];
    expect(outbox.some((o) => o.toAddress === JANE.email)).toBe(true);
    expect(outbox.some((o) => o.toAddress === GYM)).toBe(true);
    expect(outbox.length).toBeGreaterThanOrEqual(4);
    const files = (d.emlFiles as { name: string }[]).map((f) => f.name);
    expect(files.sort()).toEqual(outbox.map((o) => `${o.id}.eml`).sort());
    for (const f of files) expect(fs.existsSync(path.join(emlDir(), f))).toBe(true);
    // Nothing of Bob's.
    expect(res.body).not.toContain(BOB.email);
    expect(res.body).not.toContain('Bob Keeps');

    // The number alone finds the bookings and the contact message, whatever its spelling.
    const byPhone = (await t.inject({ method: 'GET', url: `/api/personal-data?phone=${encodeURIComponent('+66-897-654-321')}`, token: staff.token })).json();
    expect(byPhone.reservations).toHaveLength(2);
    expect(byPhone.contactSubmissions).toHaveLength(1);
    expect(byPhone.conversations).toHaveLength(1);
    expect(byPhone.newsletterSubscriptions).toHaveLength(0);
  });

  it('exports as JSON (with the .eml texts) and as CSV', async () => {
    const json = await t.inject({ method: 'GET', url: `/api/personal-data/export?email=${JANE.email}&format=json`, token: staff.token });
    expect(json.statusCode).toBe(200);
    expect(json.headers['content-type']).toMatch(/^application\/json/);
    expect(json.headers['content-disposition']).toMatch(/^attachment; filename="donnees-personnelles-\d{4}-\d{2}-\d{2}\.json"$/);
    const data = json.json();
    expect(data.exportedAt).toEqual(expect.any(String));
    expect(data.reservations).toHaveLength(1);
    expect(data.reservations[0].message).toBe(`Private note of ${JANE.name}`);
    expect(data.emlFiles.length).toBeGreaterThan(0);
    for (const f of data.emlFiles as { content: string }[]) expect(f.content.toLowerCase()).toContain(JANE.email);

    const csv = await t.inject({ method: 'GET', url: `/api/personal-data/export?email=${JANE.email}&format=csv`, token: staff.token });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.headers['content-disposition']).toMatch(/\.csv"$/);
    const parsed = Papa.parse<string[]>(csv.body.replace(/^\uFEFF/, ''), { skipEmptyLines: true });
    expect(parsed.errors).toEqual([]);
    const [header, ...rows] = parsed.data;
    expect(header).toEqual(['Type', 'Id', 'Date', 'Nom', 'E-mail', 'Téléphone', 'Objet', 'Contenu', 'Statut']);
    const kinds = new Set(rows.map((r) => r[0]));
    for (const k of ['réservation', 'contact', 'conversation', 'message', 'newsletter', 'e-mail', 'fichier .eml']) expect(kinds).toContain(k);
    // A cell that a spreadsheet would run as a formula stays text.
    const contact = rows.find((r) => r[0] === 'contact')!;
    expect(contact[7]).toBe(`'=HYPERLINK("x") ${JANE.name}`);
    expect(csv.body).not.toContain(BOB.email);
  });

  it('erases: rows anonymised with counts and dates kept, unsent e-mails stopped, .eml files gone', async () => {
    const before = {
      reservations: await count('reservations'),
      contacts: await count('contact_submissions'),
      conversations: await count('conversations'),
      messages: await count('conversation_messages'),
      subscribers: await count('newsletter_subscribers'),
      outbox: await count('outbox'),
    };
    const found = (
      await t.inject({ method: 'GET', url: `/api/personal-data?email=${JANE.email}&phone=${encodeURIComponent(JANE.phone)}`, token: staff.token })
    ).json();
    const bookingBefore = await t.app.ctx.db.selectFrom('reservations').selectAll().where('id', '=', janeBooking).executeTakeFirstOrThrow();
    // One e-mail about her not yet sent: it must never leave.
    const pendingId = await t.app.ctx.mail.enqueue(t.app.ctx.db, { to: JANE.email, subject: 'Still queued', text: 'For Jane' });
    const bobFiles = fs.readdirSync(emlDir()).filter((f) => fs.readFileSync(path.join(emlDir(), f), 'latin1').includes(BOB.email));
    expect(bobFiles.length).toBeGreaterThan(0);

    const erased = await t.inject({ method: 'POST', url: '/api/personal-data/erase', token: staff.token, payload: { email: JANE.email, phone: JANE.phone } });
    expect(erased.statusCode, erased.body).toBe(200);
    expect(erased.json()).toMatchObject({
      reservations: 2,
      contactSubmissions: 1,
      conversations: 1,
      newsletterSubscriptions: 1,
      outbox: found.outbox.length + 1,
      emlFiles: found.emlFiles.length,
    });

    // Counts kept.
    expect(await count('reservations')).toBe(before.reservations);
    expect(await count('contact_submissions')).toBe(before.contacts);
    expect(await count('conversations')).toBe(before.conversations);
    expect(await count('conversation_messages')).toBe(before.messages);
    expect(await count('newsletter_subscribers')).toBe(before.subscribers);
    expect(await count('outbox')).toBe(before.outbox + 1);

    // The booking keeps its class, time, status and dates; the person is gone.
    const booking = await t.app.ctx.db.selectFrom('reservations').selectAll().where('id', '=', janeBooking).executeTakeFirstOrThrow();
    expect(booking).toMatchObject({ name: 'Anonymisé', email: null, phone: null, message: null, manage_token_hash: null });
    expect(booking).toMatchObject({
      course: bookingBefore.course,
      date_time: bookingBefore.date_time,
      created_at: bookingBefore.created_at,
      status: bookingBefore.status,
    });

    // Nothing names her any more, anywhere in the database.
    const dump = JSON.stringify(
      await Promise.all(
        (
          ['reservations', 'contact_submissions', 'conversations', 'conversation_messages', 'newsletter_subscribers', 'outbox', 'idempotency_keys'] as const
        ).map((tb) => t.app.ctx.db.selectFrom(tb).selectAll().execute()),
      ),
    );
    for (const s of [JANE.email, JANE.name, JANE.phone, '089-765-4321', 'Private note of Jane', 'Hello Jane']) expect(dump).not.toContain(s);
    // Bob untouched.
    expect(dump).toContain(BOB.email);
    expect(dump).toContain(`Private note of ${BOB.name}`);

    // Outbox bodies emptied; the queued one stopped.
    const rows = await t.app.ctx.db
      .selectFrom('outbox')
      .selectAll()
      .where('id', 'in', [...found.outbox.map((o: { id: number }) => o.id), pendingId])
      .execute();
    for (const r of rows) expect(r).toMatchObject({ text_body: '', html_body: null, calendar: null, attachments: null, to_address: 'anonyme@invalid' });
    expect(rows.find((r) => r.id === pendingId)?.status).toBe('failed');

    // Her .eml files removed, Bob's kept.
    for (const f of found.emlFiles as { name: string }[]) expect(fs.existsSync(path.join(emlDir(), f.name))).toBe(false);
    for (const f of bobFiles) expect(fs.existsSync(path.join(emlDir(), f))).toBe(true);
    const left = fs.readdirSync(emlDir()).map((f) => fs.readFileSync(path.join(emlDir(), f), 'latin1').toLowerCase());
    expect(left.some((text) => text.includes(JANE.email))).toBe(false);

    // Searching again finds nothing.
    const again = (
      await t.inject({ method: 'GET', url: `/api/personal-data?email=${JANE.email}&phone=${encodeURIComponent(JANE.phone)}`, token: staff.token })
    ).json();
    for (const k of ['reservations', 'contactSubmissions', 'conversations', 'newsletterSubscriptions', 'outbox', 'emlFiles']) expect(again[k]).toEqual([]);
  });

  it('records the lookups and the erasure in the audit log, without the address', async () => {
    const entries = await t.app.ctx.db.selectFrom('audit_log').selectAll().where('route', 'like', '/api/personal-data%').orderBy('id').execute();
    const routes = entries.map((e) => `${e.method} ${e.route}`);
    expect(routes).toEqual(expect.arrayContaining(['GET /api/personal-data', 'GET /api/personal-data/export', 'POST /api/personal-data/erase']));
    const erase = entries.find((e) => e.route === '/api/personal-data/erase' && e.status === 200)!;
    expect(erase).toMatchObject({ user_id: staff.id, status: 200, summary: 'email, phone' });
    expect(JSON.stringify(entries)).not.toContain(JANE.email);
  });
});

describe.each(backends)('deleting a booking on %s', (backend) => {
  let t: TestApp;
  let staff: { token: string };
  beforeAll(async () => {
    // No worker: the e-mails stay queued.
    t = await createTestApp(backend, {}, { GYM_NOTIFY_EMAIL: GYM }, { startWorkers: false });
    staff = await t.signIn('staff');
  });
  afterAll(() => t?.close());

  it('drops its queued e-mails (confirmation, notice, reminder) and no other', async () => {
    const session = nextSession('Wrestling', { nth: 2 });
    const ids: number[] = [];
    // Enough bookings that one number is the start of another's (#1 and #10…).
    for (let i = 0; i < 11; i++) {
      const res = await t.inject({
        method: 'POST',
        url: '/api/reservations',
        remoteAddress: `198.51.100.${i + 1}`,
        payload: bookingPayload({ name: `Guest ${i}`, email: `guest${i}@example.com`, course: 'Wrestling', dateTime: session.startsAt }),
      });
      expect(res.statusCode, res.body).toBeLessThan(300);
      ids.push(res.json().id as number);
    }
    // The reminders fall due twelve hours before the class.
    const queued = await queueDueReminders(t.app.ctx, new Date(new Date(session.startsAt).getTime() - 12 * 3_600_000));
    expect(queued).toBe(11);
    const victim = ids[0];
    const mailsOf = async (email: string) =>
      t.app.ctx.db
        .selectFrom('outbox')
        .select(['id', 'subject', 'to_address'])
        .where((eb) => eb.or([eb('to_address', '=', email), eb('text_body', 'like', `%${email}%`)]))
        .where('status', '=', 'pending')
        .execute();
    const victimMails = await mailsOf('guest0@example.com');
    // Confirmation, reminder, and the gym's notice.
    expect(victimMails.length).toBe(3);
    expect(victimMails.some((m) => m.subject.startsWith('Reminder'))).toBe(true);
    expect(victimMails.some((m) => m.to_address === GYM)).toBe(true);
    const total = Number(
      (
        await t.app.ctx.db
          .selectFrom('outbox')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

    const del = await t.inject({ method: 'DELETE', url: `/api/reservations/${victim}`, token: staff.token });
    expect(del.statusCode).toBeLessThan(300);
    expect(await mailsOf('guest0@example.com')).toEqual([]);
    const after = Number(
      (
        await t.app.ctx.db
          .selectFrom('outbox')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
    expect(after).toBe(total - 3);
    // The others keep theirs (booking #10's number starts like #1's).
    expect(await mailsOf('guest10@example.com')).toHaveLength(3);
    expect(await mailsOf('guest1@example.com')).toHaveLength(3);
  });
});
