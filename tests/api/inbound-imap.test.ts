import { randomBytes } from 'node:crypto';
import { ImapFlow } from 'imapflow';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AppContext } from '../../src/server/context';
import { importMail, type FoundMail, type ImportResult } from '../../src/server/inbound/import-mail';
import { createImapReader, IMPORTED_KEYWORD, parseImapUrl, type ImapReader, type ImapReaderOptions } from '../../src/server/inbound/imap-reader';
import { findMailbox } from '../../src/server/inbound/inbound-mailbox.repository';
import type { ConversationDto, ConversationMessageDto } from '../../src/shared/api-types/content';
import { startDovecot, type TestDovecot } from '../helpers/dovecot';
import { until } from '../helpers/inbound-fixtures';
import { FAST_MAIL } from '../helpers/factories';
import { decodeHeader, startSmtpPeer, type SmtpPeer } from '../helpers/smtp-peer';
import { backends, createTestApp, type TestApp } from '../helpers/test-app';

// Issue 22 points 2, 3 and 6: the server reads the gym's mailbox from a real IMAP server
// (Dovecot on loopback), imports each mail once whatever the restarts, records its bookkeeping
// and flags or moves what it read, never deleting.

/** A customer's plain-text question, with a Message-ID of its own. */
function question(n: number, tag: string, extra = ''): string {
  return [
    `From: Customer ${n} <customer${n}.${tag}@example.net>`,
    'To: hello@gym.test',
    `Subject: Question ${n}`,
    `Message-ID: <q${n}.${tag}@example.net>`,
    'Date: Wed, 25 Nov 2026 10:00:00 +0000',
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=utf-8',
    '',
    `Hello, this is question ${n}.${extra}`,
    '',
  ].join('\r\n');
}

describe('parseImapUrl', () => {
  it('reads the scheme, the URL-encoded user and password, the port and the mailbox', () => {
    expect(parseImapUrl('imaps://hello%40gym.example:abcd%20efgh@imap.gmail.com:993/INBOX')).toEqual({
      secure: true,
      host: 'imap.gmail.com',
      port: 993,
      user: 'hello@gym.example',
      password: 'abcd efgh',
      mailbox: 'INBOX',
    });
    expect(parseImapUrl('imap://u:p@127.0.0.1/Gym%2FReplies')).toMatchObject({ secure: false, port: 143, mailbox: 'Gym/Replies' });
    expect(parseImapUrl('imaps://u:p@mail.example')).toMatchObject({ port: 993, mailbox: 'INBOX' });
    expect(() => parseImapUrl('https://u:p@mail.example/INBOX')).toThrow(/imap/);
  });
});

describe.each(backends)('the mailbox reader on %s', (backend) => {
  let dovecot: TestDovecot;
  let t: TestApp | undefined;
  const readers: ImapReader[] = [];
  let tag: string;

  beforeEach(async () => {
    tag = randomBytes(4).toString('hex');
    dovecot = await startDovecot();
  }, 60_000);
  afterEach(async () => {
    for (const r of readers.splice(0)) await r.stop();
    await t?.close();
    t = undefined;
    await dovecot?.close();
  }, 60_000);

  const rows = (ctx: AppContext) => ctx.db.selectFrom('inbound_mails').selectAll().orderBy('uid').execute();

  /** An app whose workers do not run: the test drives its own readers on its database. */
  async function quietApp(): Promise<TestApp> {
    t = await createTestApp(backend, {}, {}, { startWorkers: false });
    return t;
  }

  /** The app's context pointed at the test mailbox. */
  function mailboxCtx(base: AppContext, inbound: Partial<AppContext['config']['inbound']> = {}): AppContext {
    return { ...base, config: { ...base.config, inbound: { ...base.config.inbound, imapUrl: dovecot.url(), pollMs: 600_000, ...inbound } } };
  }

  /** A reader with a recording import step; `hook` may throw or stop before the real import. */
  function reader(ctx: AppContext, calls: FoundMail[], hook?: (mail: FoundMail, nth: number) => Promise<void> | void, opts: ImapReaderOptions = {}) {
    const r = createImapReader(ctx, {
      retryMs: { min: 200, max: 1_000 },
      ...opts,
      importMail: async (c, mail): Promise<ImportResult> => {
        calls.push(mail);
        await hook?.(mail, calls.length);
        return importMail(c, mail);
      },
    });
    readers.push(r);
    return r;
  }

  it('reads every mail once with the app, advances the last UID, flags them in place, and hears a new one through IDLE', async () => {
    for (let n = 1; n <= 4; n++) await dovecot.deliver(question(n, tag));
    // The poll is ten minutes away: only IDLE can bring the fifth mail in time.
    t = await createTestApp(backend, {}, { IMAP_URL: dovecot.url(), IMAP_POLL_SECONDS: '600' });
    const ctx = t.app.ctx;
    expect(t.app.imapReader).toBeDefined();
    await until('4 mails', async () => (await rows(ctx)).length === 4);
    const box = await until('the bookkeeping', async () => {
      const b = await findMailbox(ctx.db, 'INBOX');
      return b && b.last_uid === 4 ? b : undefined;
    });
    expect(box.uid_validity).toMatch(/^\d+$/);
    expect(box.last_read_at).not.toBeNull();
    const read = await rows(ctx);
    expect(read.map((r) => r.message_key)).toEqual([1, 2, 3, 4].map((n) => `q${n}.${tag}@example.net`));
    expect(read.map((r) => r.uid)).toEqual([1, 2, 3, 4]);
    await until('flags', async () => (await dovecot.messages()).every((m) => m.flags.includes('\\Seen') && m.flags.includes(IMPORTED_KEYWORD)));

    const uid = await dovecot.deliver(question(5, tag));
    await until('the mail delivered while reading', async () => (await rows(ctx)).some((r) => r.uid === uid));
    await until('last UID 5', async () => (await findMailbox(ctx.db, 'INBOX'))?.last_uid === 5);
    // Never deleted: all five stay in the mailbox, flagged.
    const kept = await until('flags on all five', async () => {
      const m = await dovecot.messages();
      return m.length === 5 && m.every((x) => x.flags.includes(IMPORTED_KEYWORD)) ? m : undefined;
    });
    expect(kept.map((m) => m.uid)).toEqual([1, 2, 3, 4, 5]);
    expect(await rows(ctx)).toHaveLength(5);
  }, 90_000);

  it('moves what it read to IMAP_DONE_FOLDER, creating the folder, and deletes nothing', async () => {
    for (let n = 1; n <= 3; n++) await dovecot.deliver(question(n, tag));
    t = await createTestApp(backend, {}, { IMAP_URL: dovecot.url(), IMAP_DONE_FOLDER: 'Imported', IMAP_POLL_SECONDS: '600' });
    const ctx = t.app.ctx;
    await until('3 mails', async () => (await rows(ctx)).length === 3);
    const moved = await until('the moved mail', async () => {
      const inbox = await dovecot.messages('INBOX');
      const done = await dovecot.messages('Imported');
      return inbox.length === 0 && done.length === 3 ? done : undefined;
    });
    expect(moved.map((m) => m.messageId).sort()).toEqual([1, 2, 3].map((n) => `<q${n}.${tag}@example.net>`));
    expect(await dovecot.folders()).toContain('Imported');
    expect((await findMailbox(ctx.db, 'INBOX'))?.last_uid).toBe(3);
  }, 90_000);

  it('goes on past a mail it could not import, records the failed try, and imports that mail once on its next try', async () => {
    const { app } = await quietApp();
    for (let n = 1; n <= 5; n++) await dovecot.deliver(question(n, tag));
    const ctx = mailboxCtx(app.ctx);
    const calls: FoundMail[] = [];
    let failed = false;
    let failure: unknown;
    const r = reader(ctx, calls, async (mail) => {
      if (mail.uid === 3 && !failed) {
        failed = true;
        throw new Error('database unavailable');
      }
      if (mail.uid === 3) failure = await ctx.db.selectFrom('inbound_failures').selectAll().where('uid', '=', 3).executeTakeFirst();
    });
    r.start();
    await until('all five', async () => (await rows(ctx)).length === 5);
    await until('no failure left', async () => (await ctx.db.selectFrom('inbound_failures').selectAll().execute()).length === 0);
    await r.stop();
    const box = await findMailbox(ctx.db, 'INBOX');
    expect(box?.last_uid).toBe(5);
    // The failed try was recorded with its error; the second try was the second counted.
    expect(failure).toMatchObject({ attempts: 2, status: 'failing', last_error: expect.stringContaining('database unavailable') });
    // Mails 4 and 5 did not wait for mail 3: 3 was tried again after them, and imported once.
    expect(calls.map((c) => c.uid)).toEqual([1, 2, 3, 4, 5, 3]);
    expect(new Set((await rows(ctx)).map((x) => x.message_key)).size).toBe(5);
    expect((await dovecot.messages()).every((m) => m.flags.includes(IMPORTED_KEYWORD))).toBe(true);
  }, 90_000);

  it('a reader stopped in the middle of a batch and started again imports each mail exactly once', async () => {
    const { app } = await quietApp();
    for (let n = 1; n <= 6; n++) await dovecot.deliver(question(n, tag));
    const ctx = mailboxCtx(app.ctx);
    const calls: FoundMail[] = [];
    let stopped: Promise<void> | undefined;
    const first = reader(ctx, calls, (_mail, nth) => {
      // The process goes down while the third mail is being imported.
      if (nth === 3) stopped = first.stop();
    });
    first.start();
    await until('the first reader to stop', async () => stopped !== undefined);
    await stopped;
    const half = await rows(ctx);
    expect(half).toHaveLength(3);
    expect((await findMailbox(ctx.db, 'INBOX'))?.last_uid).toBe(3);
    // Three flagged, three not yet touched.
    const flagged = (await dovecot.messages()).filter((m) => m.flags.includes(IMPORTED_KEYWORD)).map((m) => m.uid);
    expect(flagged).toEqual([1, 2, 3]);

    const second = reader(ctx, calls);
    second.start();
    await until('all six', async () => (await rows(ctx)).length === 6);
    await until('last UID 6', async () => (await findMailbox(ctx.db, 'INBOX'))?.last_uid === 6);
    await second.stop();
    expect(calls.map((c) => c.uid)).toEqual([1, 2, 3, 4, 5, 6]);
    expect((await rows(ctx)).map((x) => x.message_key)).toEqual([1, 2, 3, 4, 5, 6].map((n) => `q${n}.${tag}@example.net`));
  }, 90_000);

  it('imports the same mail delivered twice (same Message-ID) once, and flags both copies', async () => {
    const { app } = await quietApp();
    const raw = question(1, tag);
    await dovecot.deliver(raw);
    await dovecot.deliver(raw);
    const ctx = mailboxCtx(app.ctx);
    const calls: FoundMail[] = [];
    const r = reader(ctx, calls);
    r.start();
    await until('both copies read', async () => (await findMailbox(ctx.db, 'INBOX'))?.last_uid === 2);
    await until('both flagged', async () => (await dovecot.messages()).filter((m) => m.flags.includes(IMPORTED_KEYWORD)).length === 2);
    await r.stop();
    expect(calls.map((c) => c.uid)).toEqual([1, 2]);
    const read = await rows(ctx);
    expect(read).toHaveLength(1);
    expect(read[0]).toMatchObject({ message_key: `q1.${tag}@example.net`, uid: 1 });
  }, 90_000);

  it('records the error while the IMAP server is down and resumes by itself when it is back', async () => {
    const { app } = await quietApp();
    await dovecot.deliver(question(1, tag));
    const ctx = mailboxCtx(app.ctx);
    const calls: FoundMail[] = [];
    const r = reader(ctx, calls);
    r.start();
    await until('the first mail', async () => (await rows(ctx)).length === 1);
    await dovecot.stop();
    const down = await until('the error', async () => (await findMailbox(ctx.db, 'INBOX'))?.last_error_at ?? undefined);
    expect((await findMailbox(ctx.db, 'INBOX'))?.last_error).toBeTruthy();
    await dovecot.start();
    await dovecot.deliver(question(2, tag));
    await until('the mail delivered after the outage', async () => (await rows(ctx)).length === 2);
    const box = await until('a read after the error', async () => {
      const b = await findMailbox(ctx.db, 'INBOX');
      // A pass right after the reconnect may record its read before the new mail's UID.
      return b && b.last_read_at && b.last_read_at > down && b.last_uid >= 2 ? b : undefined;
    });
    expect(box.last_uid).toBe(2);
    expect(calls.map((c) => c.uid)).toEqual([1, 2]);
  }, 90_000);

  it('polls a server without IDLE: a new mail arrives by the next look', async () => {
    await dovecot.close();
    dovecot = await startDovecot({ idle: false });
    const at = parseImapUrl(dovecot.url());
    const probe = new ImapFlow({ host: at.host, port: at.port, secure: at.secure, auth: { user: at.user, pass: at.password }, logger: false });
    await probe.connect();
    expect(probe.capabilities.has('IDLE')).toBe(false);
    await probe.logout();
    const { app } = await quietApp();
    const ctx = mailboxCtx(app.ctx, { pollMs: 1_000 });
    const calls: FoundMail[] = [];
    const r = reader(ctx, calls);
    r.start();
    await until('the first look', async () => (await findMailbox(ctx.db, 'INBOX'))?.last_read_at ?? undefined);
    await dovecot.deliver(question(1, tag));
    await until('the mail, by polling', async () => (await rows(ctx)).length === 1);
    await dovecot.deliver(question(2, tag));
    await until('the next one', async () => (await rows(ctx)).length === 2);
    expect(calls.map((c) => c.uid)).toEqual([1, 2]);
  }, 90_000);

  it('reads a flood of mail one at a time: never two mails in memory at once, each imported once', async () => {
    const { app } = await quietApp();
    const body = `\r\n${'y'.repeat(76)}`.repeat(1_300); // about 100 KB each
    const count = 60;
    for (let n = 1; n <= count; n++) await dovecot.deliver(question(n, tag, body));
    const ctx = mailboxCtx(app.ctx);
    let inFlight = 0;
    let most = 0;
    const uids: number[] = [];
    const r = createImapReader(ctx, {
      retryMs: { min: 200, max: 1_000 },
      importMail: async (c, mail) => {
        inFlight += 1;
        most = Math.max(most, inFlight);
        try {
          uids.push(mail.uid!);
          return await importMail(c, mail);
        } finally {
          inFlight -= 1;
        }
      },
    });
    readers.push(r);
    r.start();
    await until('every mail', async () => (await rows(ctx)).length === count, 90_000);
    await r.stop();
    expect(most).toBe(1);
    expect(uids).toEqual(Array.from({ length: count }, (_, i) => i + 1));
  }, 150_000);

  it('records a mail over the size limit as rejected without downloading it', async () => {
    const { app } = await quietApp();
    await dovecot.deliver(question(1, tag, `\r\n${'x'.repeat(76)}`.repeat(200)));
    await dovecot.deliver(question(2, tag));
    const ctx = mailboxCtx(app.ctx, { maxMailBytes: 4_000 });
    const calls: FoundMail[] = [];
    const r = reader(ctx, calls);
    r.start();
    await until('both mails', async () => (await rows(ctx)).length === 2);
    await r.stop();
    expect(calls[0]).toMatchObject({ uid: 1, envelopeMessageId: `<q1.${tag}@example.net>` });
    expect(calls[0].size).toBeGreaterThan(4_000);
    expect(calls[0].raw).toBeUndefined();
    expect(calls[1].raw?.toString()).toContain('question 2');
    const [big, small] = await rows(ctx);
    expect(big).toMatchObject({ uid: 1, outcome: 'rejected', message_key: `q1.${tag}@example.net` });
    expect(small.outcome).not.toBe('rejected');
    // Set aside, not deleted: it stays in the mailbox, flagged, for a person to look at.
    expect((await dovecot.messages()).map((m) => m.uid)).toEqual([1, 2]);
  }, 90_000);

  // Several instances share a PostgreSQL database; SQLite serves one instance (README).
  if (backend === 'postgres')
    it('two instances on one database: one reads, each mail is handed over once', async () => {
      const { app } = await quietApp();
      for (let n = 1; n <= 4; n++) await dovecot.deliver(question(n, tag));
      const ctx = mailboxCtx(app.ctx, { pollMs: 300 });
      const calls: FoundMail[] = [];
      const a = reader(ctx, calls);
      const b = reader(ctx, calls);
      a.start();
      b.start();
      await until('4 mails', async () => (await rows(ctx)).length === 4);
      await dovecot.deliver(question(5, tag));
      await until('the fifth', async () => (await rows(ctx)).length === 5);
      // The other instance takes over when the first stops.
      await a.stop();
      await dovecot.deliver(question(6, tag));
      await until('the sixth', async () => (await rows(ctx)).length === 6);
      await b.stop();
      expect(calls.map((c) => c.uid)).toEqual([1, 2, 3, 4, 5, 6]);
    }, 90_000);
});

// The whole path: a customer answers the staff's e-mail from a Gmail-like client; the answer is
// read from the IMAP server and lands in its conversation as an unread customer message.
describe.each(backends)('a customer reply by e-mail on %s', (backend) => {
  let dovecot: TestDovecot;
  let peer: SmtpPeer;
  let t: TestApp;
  beforeAll(async () => {
    dovecot = await startDovecot();
    peer = await startSmtpPeer();
    t = await createTestApp(
      backend,
      { smtpUrl: peer.url, ...FAST_MAIL },
      { IMAP_URL: dovecot.url(), IMAP_POLL_SECONDS: '600', INBOUND_ADDRESS: 'hello@gym.test' },
    );
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await peer?.close();
    await dovecot?.close();
  }, 60_000);

  it('a Gmail-like reply to a staff reply joins its closed conversation, unread, and opens it again', async () => {
    const tag = randomBytes(4).toString('hex');
    const customer = `ploy.${tag}@gmail.example`;
    const staff = (await t.signIn('staff', { name: 'Coach Somchai' })).token;
    const contact = await t.inject({
      method: 'POST',
      url: '/api/contact',
      payload: { name: 'Ploy', email: customer, subject: 'Private lessons', message: 'Do you teach private lessons?' },
    });
    expect(contact.statusCode).toBe(201);
    const id = contact.json<{ conversationId: number }>().conversationId;
    const answer = await t.inject({ method: 'POST', url: `/api/conversations/${id}/messages`, token: staff, payload: { content: 'Yes, every morning at 9.' } });
    expect(answer.statusCode).toBe(201);
    expect((await t.inject({ method: 'PUT', url: `/api/conversations/${id}/mark-read`, token: staff })).statusCode).toBe(200);
    expect((await t.inject({ method: 'PUT', url: `/api/conversations/${id}/status`, token: staff, payload: { status: 'closed' } })).statusCode).toBe(200);

    // The staff's reply as the customer received it.
    const received = await until('the staff reply e-mail', async () => peer.messages.find((m) => m.to.includes(customer) && m.body.includes('every morning')));
    const messageId = received.headers['message-id'];
    expect(messageId).toMatch(/^<[^>]+>$/);
    const replyTo = received.headers['reply-to'] ?? 'hello@gym.test';
    const boundary = `000000000000${tag}`;
    await dovecot.deliver(
      [
        'MIME-Version: 1.0',
        'Date: Thu, 26 Nov 2026 08:15:00 +0700',
        `References: ${messageId}`,
        `In-Reply-To: ${messageId}`,
        `Message-ID: <CAF${tag}=xyz@mail.gmail.example>`,
        `Subject: Re: ${decodeHeader(received.headers.subject ?? 'Private lessons')}`,
        `From: Ploy <${customer}>`,
        `To: ${replyTo}`,
        `Content-Type: multipart/alternative; boundary="${boundary}"`,
        '',
        `--${boundary}`,
        'Content-Type: text/plain; charset="UTF-8"',
        '',
        'Great, I will come on Tuesday.',
        '',
        'On Wed, 25 Nov 2026 at 17:02, Gym <hello@gym.test> wrote:',
        '> Yes, every morning at 9.',
        '',
        `--${boundary}`,
        'Content-Type: text/html; charset="UTF-8"',
        '',
        '<div dir="ltr">Great, I will come on Tuesday.</div><br><div class="gmail_quote"><div dir="ltr" class="gmail_attr">On Wed, 25 Nov 2026 at 17:02, Gym &lt;hello@gym.test&gt; wrote:<br></div><blockquote class="gmail_quote">Yes, every morning at 9.</blockquote></div>',
        '',
        `--${boundary}--`,
        '',
      ].join('\r\n'),
    );

    const row = await until('the reply read', async () =>
      t.app.ctx.db.selectFrom('inbound_mails').selectAll().where('message_key', '=', `caf${tag}=xyz@mail.gmail.example`).executeTakeFirst(),
    );
    expect(row).toMatchObject({ outcome: 'threaded', conversation_id: id });
    const messages = (await t.inject({ method: 'GET', url: `/api/conversations/${id}/messages`, token: staff })).json<ConversationMessageDto[]>();
    const last = messages[messages.length - 1];
    expect(messages).toHaveLength(3);
    expect(last).toMatchObject({ senderType: 'customer', isRead: false });
    expect(last.content.trim()).toBe('Great, I will come on Tuesday.');
    const conv = (await t.inject({ method: 'GET', url: `/api/conversations/${id}`, token: staff })).json<ConversationDto>();
    expect(conv).toMatchObject({ status: 'open', unreadCount: 1, messageCount: 3 });
    // No second conversation was opened for it.
    const mine = await t.app.ctx.db.selectFrom('conversations').select('id').where('user_email', '=', customer).execute();
    expect(mine).toHaveLength(1);
  }, 90_000);
});
