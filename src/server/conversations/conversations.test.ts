import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeHeader, startSmtpPeer, waitUntil, type SmtpPeer } from '../../../tests/helpers/smtp-peer';
import { backends, createTestApp, type TestApp } from '../../../tests/helpers/test-app';
import { FAST_MAIL } from '../../../tests/helpers/factories';
import { SITE } from '../../shared/site';
import { breakOutbox, repairOutbox } from '../mail/delivery/outbox-test-utils';

const ODD_IDS = ['abc', '0', '-1', '1.5', '99999999999', '1e3', '%20'];
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/** Lets a few poll cycles pass, to show that nothing more arrives. */
const settle = (ms = 400) => new Promise((r) => setTimeout(r, ms));

describe.each(backends)('conversations on %s', (backend) => {
  let peer: SmtpPeer;
  let t: TestApp;
  let staff: { token: string; id: number };
  let n = 0;

  /** A customer writes through the contact form; returns the conversation and submission ids. */
  async function openConversation(over: Record<string, unknown> = {}) {
    n += 1;
    const res = await t.inject({
      method: 'POST',
      url: '/api/contact',
      payload: { name: `Customer ${n}`, email: `customer${n}@example.com`, subject: `Question ${n}`, message: `First line ${n}\nSecond line`, ...over },
    });
    expect(res.statusCode).toBe(201);
    return res.json<{ id: number; conversationId: number }>();
  }
  const reply = (id: number | string, content: unknown, token: string | undefined = staff.token) =>
    t.inject({ method: 'POST', url: `/api/conversations/${id}/messages`, payload: { content }, token });
  // The staff's replies: the contact form's acknowledgement to the customer (issue 22) left aside.
  const ACK = 'We received your message%';
  const outboxCount = async () => (await t.app.ctx.db.selectFrom('outbox').select('id').where('subject', 'not like', ACK).execute()).length;
  const mailsTo = (to: string) =>
    peer.messages.filter((m) => m.to.includes(to) && !decodeHeader(m.headers.subject ?? '').startsWith('We received your message'));

  beforeAll(async () => {
    peer = await startSmtpPeer();
    t = await createTestApp(backend, { smtpUrl: peer.url, ...FAST_MAIL });
    const s = await t.signIn('staff', { name: 'Coach Somchai' });
    staff = { token: s.token, id: s.id };
  });
  afterAll(async () => {
    await t?.close();
    await peer?.close();
  });

  it('requires a signed-in user for every call', async () => {
    const { conversationId: id } = await openConversation();
    const calls = [
      { method: 'GET', url: '/api/conversations' },
      { method: 'GET', url: `/api/conversations/${id}` },
      { method: 'GET', url: `/api/conversations/${id}/messages` },
      { method: 'POST', url: `/api/conversations/${id}/messages`, payload: { content: 'hi' } },
      { method: 'PUT', url: `/api/conversations/${id}/status`, payload: { status: 'open' } },
      { method: 'PUT', url: `/api/conversations/${id}/mark-read` },
    ] as const;
    for (const c of calls) {
      const res = await t.inject({ ...c });
      expect(res.statusCode, `${c.method} ${c.url}`).toBe(401);
      const bad = await t.inject({ ...c, token: 'x'.repeat(43) });
      expect(bad.statusCode).toBe(401);
    }
    expect(await outboxCount()).toBe(0);
  });

  it('lists conversations by last message, newest first, with counts', async () => {
    const a = await openConversation();
    const b = await openConversation();
    const res = await t.inject({ method: 'GET', url: '/api/conversations', token: staff.token });
    expect(res.statusCode).toBe(200);
    const list = res.json();
    const ids = list.map((c: { id: number }) => c.id);
    expect(ids.indexOf(b.conversationId)).toBeLessThan(ids.indexOf(a.conversationId));
    const conv = list.find((c: { id: number }) => c.id === b.conversationId);
    expect(Object.keys(conv).sort()).toEqual([
      'createdAt',
      'emailBounce',
      'id',
      'lastMessageAt',
      'messageCount',
      'status',
      'subject',
      'unreadCount',
      'userEmail',
      'userName',
    ]);
    expect(conv).toMatchObject({
      userName: `Customer ${n}`,
      userEmail: `customer${n}@example.com`,
      subject: `Question ${n}`,
      status: 'new',
      messageCount: 1,
      unreadCount: 1,
    });
    expect(conv.createdAt).toMatch(ISO);
    expect(conv.lastMessageAt).toBe(conv.createdAt);

    // A reply moves the older conversation to the top.
    expect((await reply(a.conversationId, 'Answer')).statusCode).toBe(201);
    const after = (await t.inject({ method: 'GET', url: '/api/conversations', token: staff.token })).json();
    expect(after[0].id).toBe(a.conversationId);
    expect(after[0]).toMatchObject({ messageCount: 2, unreadCount: 1, status: 'open' });
  });

  it('gets one conversation, 404 when missing, 400/404 for odd ids', async () => {
    const { conversationId: id } = await openConversation();
    const res = await t.inject({ method: 'GET', url: `/api/conversations/${id}`, token: staff.token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id, status: 'new', messageCount: 1, unreadCount: 1 });
    for (const path of ['', '/messages']) {
      const missing = await t.inject({ method: 'GET', url: `/api/conversations/999999${path}`, token: staff.token });
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ error: 'Conversation not found', code: 'not_found' });
      for (const odd of ODD_IDS) {
        const r = await t.inject({ method: 'GET', url: `/api/conversations/${odd}${path}`, token: staff.token });
        expect([400, 404], `${odd}${path}`).toContain(r.statusCode);
      }
    }
    for (const [method, path, payload] of [
      ['POST', 'messages', { content: 'x' }],
      ['PUT', 'status', { status: 'open' }],
      ['PUT', 'mark-read', undefined],
    ] as const) {
      for (const odd of ODD_IDS) {
        const r = await t.inject({ method, url: `/api/conversations/${odd}/${path}`, payload, token: staff.token });
        expect([400, 404], `${method} ${odd}/${path}`).toContain(r.statusCode);
      }
    }
  });

  it('stores a reply, opens the conversation, marks the submission responded, and e-mails the customer once', async () => {
    const { id: submissionId, conversationId: id } = await openConversation({
      name: 'Marie Curie',
      email: 'marie@example.com',
      subject: 'Élan & prices',
      message: 'How much is a week of Muay Thai?',
    });
    const res = await reply(id, '  A week of Muay Thai is 1,500 THB.\nSee you soon!  ');
    expect(res.statusCode).toBe(201);
    const msg = res.json();
    expect(Object.keys(msg).sort()).toEqual([
      'attachments',
      'channel',
      'content',
      'conversationId',
      'createdAt',
      'emailFrom',
      'html',
      'id',
      'isRead',
      'senderName',
      'senderType',
    ]);
    expect(msg).toMatchObject({ channel: 'web', emailFrom: null, html: null, attachments: [] });
    expect(msg).toMatchObject({
      conversationId: id,
      senderType: 'admin',
      senderName: 'Coach Somchai',
      content: 'A week of Muay Thai is 1,500 THB.\nSee you soon!',
      isRead: true,
    });
    expect(msg.createdAt).toMatch(ISO);

    const conv = (await t.inject({ method: 'GET', url: `/api/conversations/${id}`, token: staff.token })).json();
    expect(conv).toMatchObject({ status: 'open', lastMessageAt: msg.createdAt, messageCount: 2 });
    const sub = await t.app.ctx.db.selectFrom('contact_submissions').select('status').where('id', '=', submissionId).executeTakeFirstOrThrow();
    expect(sub.status).toBe('responded');

    const messages = (await t.inject({ method: 'GET', url: `/api/conversations/${id}/messages`, token: staff.token })).json();
    expect(messages.map((m: { senderType: string }) => m.senderType)).toEqual(['customer', 'admin']);
    expect(messages[0]).toMatchObject({ senderName: 'Marie Curie', content: 'How much is a week of Muay Thai?', isRead: false });

    await waitUntil(() => mailsTo('marie@example.com').length >= 1, 10_000, 'the reply e-mail');
    const [mail] = mailsTo('marie@example.com');
    expect(decodeHeader(mail.headers.subject)).toBe('Re: Élan & prices');
    expect(mail.from).toBe('no-reply@localhost');
    expect(mail.body).toContain('A week of Muay Thai is 1,500 THB.\nSee you soon!');
    expect(mail.body).toContain(`\n-- \n${SITE.name}\nhttp://gym.test\n`);
    expect(mail.body).toContain('Marie Curie wrote:\n> How much is a week of Muay Thai?');
    await waitUntil(
      async () =>
        (
          await t.app.ctx.db
            .selectFrom('outbox')
            .select('status')
            .where('to_address', '=', 'marie@example.com')
            .where('subject', 'not like', ACK)
            .executeTakeFirst()
        )?.status === 'sent',
    );
    await settle();
    expect(mailsTo('marie@example.com')).toHaveLength(1);
  });

  it('refuses a blank reply and stores nothing', async () => {
    const { conversationId: id } = await openConversation();
    const before = await outboxCount();
    for (const content of ['', '   ', '\n\t ']) {
      const res = await reply(id, content);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: 'Reply cannot be empty', code: 'validation' });
    }
    for (const content of [undefined, null, 42, ['hi'], { text: 'hi' }]) {
      const res = await reply(id, content);
      expect(res.statusCode, JSON.stringify(content)).toBe(400);
      expect(res.json()).toEqual({ error: 'Reply cannot be empty', code: 'validation' });
    }
    expect((await reply(id, 'x'.repeat(10_001))).statusCode).toBe(400);
    expect(await outboxCount()).toBe(before);
    const conv = (await t.inject({ method: 'GET', url: `/api/conversations/${id}`, token: staff.token })).json();
    expect(conv).toMatchObject({ status: 'new', messageCount: 1 });
  });

  it('a reply to a missing conversation is a 404 and queues no e-mail', async () => {
    const before = await outboxCount();
    const res = await reply(999999, 'Hello?');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'Conversation not found', code: 'not_found' });
    expect(await outboxCount()).toBe(before);
    expect((await t.app.ctx.db.selectFrom('conversation_messages').select('id').where('conversation_id', '=', 999999).execute()).length).toBe(0);
  });

  it('writes the reply and its e-mail in one transaction: when the outbox fails, no reply is stored', async () => {
    const { id: submissionId, conversationId: id } = await openConversation();
    await breakOutbox(t.app.ctx.db, t.app.ctx.dialect);
    try {
      const res = await reply(id, 'This cannot be queued');
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ error: 'Internal server error', code: 'internal' });
    } finally {
      await repairOutbox(t.app.ctx.db, t.app.ctx.dialect);
    }
    const msgs = await t.app.ctx.db.selectFrom('conversation_messages').selectAll().where('conversation_id', '=', id).execute();
    expect(msgs.map((m) => m.sender_type)).toEqual(['customer']);
    const conv = await t.app.ctx.db.selectFrom('conversations').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(conv.status).toBe('new');
    const sub = await t.app.ctx.db.selectFrom('contact_submissions').select('status').where('id', '=', submissionId).executeTakeFirstOrThrow();
    expect(sub.status).toBe('new');
    // And it works again once the outbox is back.
    expect((await reply(id, 'Now it can')).statusCode).toBe(201);
  });

  it('delivers every reply exactly once after the SMTP server refused for a while', async () => {
    const { conversationId: id } = await openConversation({ email: 'patient@example.com', subject: 'Patience' });
    const refused = peer.refusedCount;
    peer.refuse(true);
    try {
      for (let i = 1; i <= 3; i++) expect((await reply(id, `Reply number ${i}`)).statusCode).toBe(201);
      await waitUntil(() => peer.refusedCount - refused >= 6, 10_000, 'refused attempts');
      expect(mailsTo('patient@example.com')).toHaveLength(0);
      const rows = await t.app.ctx.db
        .selectFrom('outbox')
        .selectAll()
        .where('to_address', '=', 'patient@example.com')
        .where('subject', 'not like', ACK)
        .execute();
      expect(rows).toHaveLength(3);
      for (const r of rows) expect(r.status).not.toBe('sent');
    } finally {
      peer.refuse(false);
    }
    await waitUntil(() => mailsTo('patient@example.com').length >= 3, 10_000, 'three replies');
    await waitUntil(async () =>
      (
        await t.app.ctx.db.selectFrom('outbox').select('status').where('to_address', '=', 'patient@example.com').where('subject', 'not like', ACK).execute()
      ).every((r) => r.status === 'sent'),
    );
    await settle();
    const got = mailsTo('patient@example.com');
    expect(got).toHaveLength(3);
    expect(got.every((m) => decodeHeader(m.headers.subject) === 'Re: Patience')).toBe(true);
    expect(got.map((m) => m.body.match(/Reply number (\d)/)![1]).sort()).toEqual(['1', '2', '3']);
  });

  it('sets the status to new, open or closed only; a reply leaves a closed conversation closed', async () => {
    const { conversationId: id } = await openConversation();
    const url = `/api/conversations/${id}/status`;
    for (const status of ['open', 'closed', 'new', 'closed']) {
      const res = await t.inject({ method: 'PUT', url, payload: { status }, token: staff.token });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ id, status, messageCount: 1 });
    }
    for (const status of ['archived', 'OPEN', '', 3, null]) {
      const res = await t.inject({ method: 'PUT', url, payload: { status }, token: staff.token });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: 'Status must be one of: new, open, closed', code: 'validation' });
    }
    const missing = await t.inject({ method: 'PUT', url: '/api/conversations/999999/status', payload: { status: 'open' }, token: staff.token });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: 'Conversation not found', code: 'not_found' });
    expect((await reply(id, 'One more thing')).statusCode).toBe(201);
    expect((await t.inject({ method: 'GET', url: `/api/conversations/${id}`, token: staff.token })).json().status).toBe('closed');
  });

  it('marks every customer message read', async () => {
    const { conversationId: id } = await openConversation();
    // A second customer message in the same thread (e.g. a follow-up stored by the gym).
    await t.app.ctx.db
      .insertInto('conversation_messages')
      .values({ conversation_id: id, sender_type: 'customer', sender_name: 'Someone', content: 'Follow-up', is_read: 0, created_at: new Date().toISOString() })
      .execute();
    expect((await reply(id, 'Ok')).statusCode).toBe(201);
    expect((await t.inject({ method: 'GET', url: `/api/conversations/${id}`, token: staff.token })).json().unreadCount).toBe(2);
    const res = await t.inject({ method: 'PUT', url: `/api/conversations/${id}/mark-read`, token: staff.token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, updated: 2 });
    const messages = (await t.inject({ method: 'GET', url: `/api/conversations/${id}/messages`, token: staff.token })).json();
    expect(messages.every((m: { isRead: boolean }) => m.isRead)).toBe(true);
    expect((await t.inject({ method: 'GET', url: `/api/conversations/${id}`, token: staff.token })).json().unreadCount).toBe(0);
    const again = await t.inject({
      method: 'PUT',
      url: `/api/conversations/${id}/mark-read`,
      token: staff.token,
      headers: { 'content-type': 'application/json' },
      payload: '',
    });
    expect(again.json()).toEqual({ success: true, updated: 0 });
    const missing = await t.inject({ method: 'PUT', url: '/api/conversations/999999/mark-read', token: staff.token });
    expect(missing.statusCode).toBe(404);
  });

  it('lists messages oldest first', async () => {
    const { conversationId: id } = await openConversation();
    for (const c of ['a', 'b', 'c']) expect((await reply(id, c)).statusCode).toBe(201);
    const res = await t.inject({ method: 'GET', url: `/api/conversations/${id}/messages`, token: staff.token });
    expect(res.statusCode).toBe(200);
    const list = res.json();
    expect(list.map((m: { content: string }) => m.content).slice(1)).toEqual(['a', 'b', 'c']);
    const times = list.map((m: { createdAt: string }) => m.createdAt);
    expect([...times].sort()).toEqual(times);
  });
});
