import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeHeader, waitUntil, startSmtpPeer, type SmtpPeer } from '../../../tests/helpers/smtp-peer';
import { backends, createTestApp, type TestApp } from '../../../tests/helpers/test-app';
import { FAST_MAIL } from '../../../tests/helpers/factories';

const ODD_IDS = ['abc', '0', '-1', '1.5', '99999999999', '1e3', '%20'];

describe.each(backends)('contact on %s', (backend) => {
  let peer: SmtpPeer;
  let t: TestApp;
  let staff: string;

  const send = (payload: unknown) =>
    t.inject({ method: 'POST', url: '/api/contact', headers: { 'content-type': 'application/json' }, payload: JSON.stringify(payload) ?? '' });
  const contactCount = async () => {
    const r = await t.app.ctx.db
      .selectFrom('daily_stats')
      .select((eb) => eb.fn.sum<number>('value').as('n'))
      .where('metric', '=', 'contact_form')
      .executeTakeFirst();
    return Number(r?.n ?? 0);
  };

  beforeAll(async () => {
    peer = await startSmtpPeer();
    t = await createTestApp(backend, { smtpUrl: peer.url, notifyEmail: 'owner@gym.test', ...FAST_MAIL });
    staff = (await t.signIn('staff')).token;
  });
  afterAll(async () => {
    await t?.close();
    await peer?.close();
  });

  it('stores the submission, opens a conversation whose first message is the customer’s, and counts it', async () => {
    const counted = await contactCount();
    const res = await send({ name: 'Jane Doe', email: 'jane@example.com', subject: 'Private lessons', message: 'Do you offer private lessons?\nThanks' });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['conversationId', 'id', 'success']);
    expect(body.success).toBe(true);
    expect(Number.isInteger(body.id) && Number.isInteger(body.conversationId)).toBe(true);

    const db = t.app.ctx.db;
    const sub = await db.selectFrom('contact_submissions').selectAll().where('id', '=', body.id).executeTakeFirstOrThrow();
    expect(sub).toMatchObject({ name: 'Jane Doe', email: 'jane@example.com', subject: 'Private lessons', status: 'new', phone: null });
    const conv = await db.selectFrom('conversations').selectAll().where('id', '=', body.conversationId).executeTakeFirstOrThrow();
    expect(conv).toMatchObject({
      user_name: 'Jane Doe',
      user_email: 'jane@example.com',
      subject: 'Private lessons',
      status: 'new',
      contact_submission_id: body.id,
    });
    expect(conv.last_message_at).toBe(sub.created_at);
    const msgs = await db.selectFrom('conversation_messages').selectAll().where('conversation_id', '=', body.conversationId).execute();
    expect(msgs).toHaveLength(1);
    expect(msgs[0]).toMatchObject({ sender_type: 'customer', sender_name: 'Jane Doe', content: 'Do you offer private lessons?\nThanks' });
    expect(Boolean(Number(msgs[0].is_read))).toBe(false);
    expect(await contactCount()).toBe(counted + 1);

    // The gym is told by e-mail (GYM_NOTIFY_EMAIL), with the customer as Reply-To.
    const note = await waitUntil(
      () => peer.messages.find((m) => m.to.includes('owner@gym.test') && decodeHeader(m.headers.subject).includes('Private lessons')),
      20_000,
      'the notice to the gym',
    );
    expect(note).toBeDefined();
    expect(decodeHeader(note.headers.subject)).toBe('New message: Private lessons');
    expect(note.headers['reply-to']).toBe('jane@example.com');
    expect(note.body).toContain('Do you offer private lessons?');
    expect(note.body).toContain(`http://gym.test/admin/messages/${body.conversationId}`);
  });

  it('links the conversation to the writer’s customer record: one record for one e-mail, whatever its case', async () => {
    const db = t.app.ctx.db;
    const first = await send({ name: 'Иван', email: 'Writer.Ivan@Example.com', phone: '+7 912 000 11 22', message: 'Привет', language: 'ru' });
    const second = await send({ name: 'Иван Петров', email: 'writer.ivan@example.com', message: 'Ещё вопрос', language: 'ru' });
    expect([first.statusCode, second.statusCode]).toEqual([201, 201]);
    const linked = await db
      .selectFrom('conversations')
      .select('customer_id')
      .where('id', 'in', [first.json().conversationId, second.json().conversationId])
      .execute();
    expect(linked).toHaveLength(2);
    expect(linked[0].customer_id).not.toBeNull();
    expect(linked[1].customer_id).toBe(linked[0].customer_id);
    const who = await db.selectFrom('customers').selectAll().where('id', '=', linked[0].customer_id!).executeTakeFirstOrThrow();
    // The second form does not rename them: anyone can type an address (decision 173).
    expect(who).toMatchObject({ name: 'Иван', email_key: 'writer.ivan@example.com', phone_key: '+79120001122', language: 'ru' });
  });

  it('uses "General Inquiry" when the subject is empty or missing', async () => {
    for (const subject of ['', '   ', null, undefined]) {
      const res = await send({ name: 'No Subject', email: 'ns@example.com', subject, message: 'Hello' });
      expect(res.statusCode).toBe(201);
      const sub = await t.app.ctx.db.selectFrom('contact_submissions').select('subject').where('id', '=', res.json().id).executeTakeFirstOrThrow();
      expect(sub.subject).toBe('General Inquiry');
    }
  });

  it('validates the form with clear messages and stores nothing', async () => {
    const before = (await t.app.ctx.db.selectFrom('contact_submissions').select('id').execute()).length;
    const ok = { name: 'A B', email: 'a@example.com', subject: 'S', message: 'M' };
    const cases: [unknown, string][] = [
      [{ ...ok, name: '' }, 'Name is required'],
      [{ ...ok, name: '   ' }, 'Name is required'],
      [{ ...ok, email: '' }, 'Email is required'],
      [{ ...ok, email: 'not-an-email' }, 'Invalid email'],
      [{ ...ok, message: '' }, 'Message is required'],
      [{ ...ok, message: ' \n ' }, 'Message is required'],
    ];
    for (const [payload, error] of cases) {
      const res = await send(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toEqual({ error, code: 'validation' });
    }
    for (const payload of [{ ...ok, name: 42 }, { ...ok, email: ['a@example.com'] }, { ...ok, message: { x: 1 } }, [], 'text', null]) {
      const res = await send(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(typeof res.json().error).toBe('string');
    }
    const bad = await t.inject({ method: 'POST', url: '/api/contact', headers: { 'content-type': 'application/json' }, payload: '{"name":' });
    expect(bad.statusCode).toBe(400);
    expect((await t.app.ctx.db.selectFrom('contact_submissions').select('id').execute()).length).toBe(before);
  });

  it('lists submissions newest first for signed-in users only', async () => {
    expect((await t.inject({ method: 'GET', url: '/api/contact-submissions' })).statusCode).toBe(401);
    const a = (await send({ name: 'First Person', email: 'first@example.com', message: 'one' })).json().id;
    const sent = (await send({ name: 'Second Person', email: 'second@example.com', subject: 'Two', message: 'two', phone: '+66 81 234 5678' })).json();
    const b = sent.id;
    const res = await t.inject({ method: 'GET', url: '/api/contact-submissions', token: staff });
    expect(res.statusCode).toBe(200);
    const list = res.json();
    const ids = list.map((s: { id: number }) => s.id);
    expect(ids.indexOf(b)).toBeLessThan(ids.indexOf(a));
    const second = list.find((s: { id: number }) => s.id === b);
    expect(Object.keys(second).sort()).toEqual(['conversationId', 'createdAt', 'email', 'id', 'message', 'name', 'phone', 'status', 'subject']);
    expect(second).toMatchObject({
      // The card links to the conversation the message opened.
      conversationId: sent.conversationId,
      name: 'Second Person',
      email: 'second@example.com',
      phone: '+66 81 234 5678',
      subject: 'Two',
      message: 'two',
      status: 'new',
    });
    expect(second.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
  });

  it('sets a submission status to new, read or responded only', async () => {
    const id = (await send({ name: 'Status Person', email: 'status@example.com', message: 'hi' })).json().id;
    const url = `/api/contact-submissions/${id}/status`;
    expect((await t.inject({ method: 'PUT', url, payload: { status: 'read' } })).statusCode).toBe(401);
    for (const status of ['read', 'responded', 'new']) {
      const res = await t.inject({ method: 'PUT', url, payload: { status }, token: staff });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ id, status, name: 'Status Person' });
    }
    for (const status of ['archived', 'NEW', '', 1, null]) {
      const res = await t.inject({ method: 'PUT', url, payload: { status }, token: staff });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: 'Status must be one of: new, read, responded', code: 'validation' });
    }
    expect((await t.inject({ method: 'PUT', url, payload: {}, token: staff })).statusCode).toBe(400);
    const missing = await t.inject({ method: 'PUT', url: '/api/contact-submissions/999999/status', payload: { status: 'read' }, token: staff });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: 'Contact submission not found', code: 'not_found' });
    for (const odd of ODD_IDS) {
      const res = await t.inject({ method: 'PUT', url: `/api/contact-submissions/${odd}/status`, payload: { status: 'read' }, token: staff });
      expect([400, 404], odd).toContain(res.statusCode);
    }
  });
});
