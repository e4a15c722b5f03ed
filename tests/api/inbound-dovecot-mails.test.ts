import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMPORTED_KEYWORD } from '../../src/server/inbound/imap-reader';
import { replyAddress } from '../../src/server/inbound/reply-tag';
import { startDovecot, type TestDovecot } from '../helpers/dovecot';
import { inboundFixture as fixture, until } from '../helpers/inbound-fixtures';
import { backends, createTestApp, type TestApp } from '../helpers/test-app';

// Issue 22 point 6: the real MIME mails of tests/fixtures/inbound (a Gmail-like and an
// Outlook-like reply, a reply with its headers stripped, an auto-reply, a bounce, a mail with an
// image, a PDF and a program) delivered into a real IMAP server and read by the running app:
// each lands where it belongs, on both databases.

const INBOUND = 'hello@gym.example';
const SECRET = 'dovecot-suite-secret-0123456789';

describe.each(backends)('real mails through Dovecot on %s', (backend) => {
  let dovecot: TestDovecot;
  let t: TestApp;
  beforeAll(async () => {
    dovecot = await startDovecot();
    // Workers off until the mailbox is filled: the reader then finds one batch.
    t = await createTestApp(
      backend,
      {},
      { IMAP_URL: dovecot.url(), IMAP_POLL_SECONDS: '600', INBOUND_ADDRESS: INBOUND, INBOUND_TAG_SECRET: SECRET },
      { startWorkers: false },
    );
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await dovecot?.close();
  }, 60_000);

  const contact = async (email: string, name: string, subject: string) => {
    const res = await t.inject({ method: 'POST', url: '/api/contact', payload: { name, email, subject, message: 'A first question.' } });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ conversationId: number }>().conversationId;
  };

  it('threads the replies, sets aside the auto-reply and the bounce, keeps the attachments, and flags every mail', async () => {
    const staff = (await t.signIn('staff')).token;
    const ana = await contact('ana.silva@example.com', 'Ana Silva', 'Trial class');
    const reply = await t.inject({ method: 'POST', url: `/api/conversations/${ana}/messages`, token: staff, payload: { content: 'Tuesday at 18:00?' } });
    expect(reply.statusCode).toBe(201);
    const ours = (
      await t.app.ctx.db
        .selectFrom('conversation_messages')
        .select('message_id')
        .where('conversation_id', '=', ana)
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow()
    ).message_id!;
    const first = (
      await t.app.ctx.db.selectFrom('conversation_messages').select('message_id').where('conversation_id', '=', ana).orderBy('id').executeTakeFirstOrThrow()
    ).message_id!;
    const marc = await contact('marc.dupont@outlook.example', 'Marc Dupont', 'Cours du soir');
    const work = await contact('ana.home@example.org', 'Ana Silva', 'Paying at the desk');
    await contact('gone.away@example.net', 'Gone Away', 'Hello');

    const mails = [
      fixture('gmail-reply.eml', { IN_REPLY_TO: ours, REFERENCES: `${first} ${ours}` }),
      fixture('outlook-reply.eml', { TO: replyAddress(INBOUND, SECRET, marc) }),
      fixture('stripped-reply.eml', { TO: replyAddress(INBOUND, SECRET, work) }),
      fixture('auto-reply.eml'),
      fixture('bounce.eml', { RCPT: 'gone.away@example.net' }),
      fixture('attachments.eml'),
    ];
    for (const m of mails) await dovecot.deliver(m.toString());

    const reader = t.app.imapReader;
    expect(reader, 'the app made a mailbox reader for IMAP_URL').toBeDefined();
    reader!.start();
    const rows = await until(
      'six mails read',
      async () => {
        const r = await t.app.ctx.db.selectFrom('inbound_mails').selectAll().orderBy('uid').execute();
        return r.length === 6 ? r : undefined;
      },
      60_000,
    );
    expect(rows.map((r) => [r.uid, r.outcome, r.conversation_id])).toEqual([
      [1, 'threaded', ana],
      [2, 'threaded', marc],
      [3, 'threaded', work],
      [4, 'auto-reply', null],
      [5, 'bounce', null],
      // No tag and no thread headers: it joins the sender's open conversation.
      [6, 'threaded', ana],
    ]);

    const messages = async (id: number) =>
      t.app.ctx.db.selectFrom('conversation_messages').selectAll().where('conversation_id', '=', id).orderBy('id').execute();
    const anaThread = await messages(ana);
    expect(anaThread.map((m) => [m.sender_type, m.channel])).toEqual([
      ['customer', 'web'],
      ['admin', 'web'],
      ['customer', 'email'],
      ['customer', 'email'],
    ]);
    expect(anaThread[2].content).toBe('Yes, Tuesday at 18:00 works for me. Do I need to bring gloves?\n\nThanks,\nAna');
    expect((await messages(marc)).at(-1)?.content).toBe('Parfait, je viendrai jeudi soir avec mon fils.\nMerci !');
    expect((await messages(work)).at(-1)).toMatchObject({ channel: 'email', email_from: 'ana.silva@work.example' });
    const files = await t.app.ctx.db
      .selectFrom('message_attachments')
      .selectAll()
      .where('conversation_message_id', '=', anaThread[3].id)
      .orderBy('id')
      .execute();
    expect(files.map((f) => [f.filename, f.storage_key !== null])).toEqual([
      ['photo.webp', true],
      ['certificate.pdf', true],
      ['setup.exe', false],
    ]);
    // The report quotes no mail we sent to that address: recorded, but it marks nothing (decision 131).
    expect(await t.app.ctx.db.selectFrom('email_bounces').selectAll().where('email_key', '=', 'gone.away@example.net').executeTakeFirst()).toBeUndefined();

    // Every conversation with a new customer message is unread and open for the staff.
    const list = (await t.inject({ method: 'GET', url: '/api/conversations', token: staff })).json<{ id: number; status: string; unreadCount: number }[]>();
    for (const id of [ana, marc, work]) expect(list.find((c) => c.id === id)).toMatchObject({ status: 'open' });
    expect(list.find((c) => c.id === marc)!.unreadCount).toBeGreaterThan(0);

    // Read mail stays in the mailbox, flagged.
    const stored = await until(
      'all flagged',
      async () => {
        const m = await dovecot.messages();
        return m.length === 6 && m.every((x) => x.flags.includes('\\Seen') && x.flags.includes(IMPORTED_KEYWORD)) ? m : undefined;
      },
      60_000,
    );
    expect(stored).toHaveLength(6);
  }, 120_000);
});
