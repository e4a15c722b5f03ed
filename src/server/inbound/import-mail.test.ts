import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inboundFixture as fixture } from '../../../tests/helpers/inbound-fixtures';
import { contactPayload, FAST_MAIL, uniqueTag } from '../../../tests/helpers/factories';
import { startSmtpPeer, waitUntil, type SmtpPeer } from '../../../tests/helpers/smtp-peer';
import { backends, createTestApp, type TestApp } from '../../../tests/helpers/test-app';
import type { AppContext, PushPayload } from '../context';
import { attachmentStorage } from './attachments';
import { importMail, type FoundMail } from './import-mail';
import { replyAddress } from './reply-tag';

// Real MIME mails (tests/fixtures/inbound/*.eml, with {{PLACEHOLDERS}} for the ids of this run)
// imported into a real database, and the outbox delivering to a real SMTP peer.

const INBOUND = 'hello@gym.example';
const SECRET = 'inbound-test-secret-0123456789';

let uid = 1000;
const found = (raw: Buffer): FoundMail => ({ mailbox: 'INBOX', uid: ++uid, size: raw.length, raw });

describe.each(backends)('importMail on %s', (backend) => {
  let t: TestApp;
  let peer: SmtpPeer;
  let ctx: AppContext;
  let staffToken: string;
  // Staff notifications as the push service would receive them (the service itself is tested in push/).
  const pushes: PushPayload[] = [];

  beforeAll(async () => {
    peer = await startSmtpPeer();
    t = await createTestApp(
      backend,
      { smtpUrl: peer.url, ...FAST_MAIL },
      { INBOUND_ADDRESS: INBOUND, INBOUND_TAG_SECRET: SECRET, INBOUND_MAX_MAIL_MB: '1', MAIL_FROM: 'Gym <no-reply@gym.example>' },
    );
    ctx = { ...t.app.ctx, push: { notifyStaff: (p) => void pushes.push(p), notifyUser: () => undefined, idle: async () => {} } };
    staffToken = (await t.signIn('staff')).token;
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await peer?.close();
  });

  const db = () => t.app.ctx.db;
  /** A conversation opened through the contact form; its first message's Message-ID is ours. */
  async function contact(email: string, name = 'Ana Silva', subject = 'Trial class'): Promise<{ id: number; messageId: string }> {
    const res = await t.inject({ method: 'POST', url: '/api/contact', payload: contactPayload({ name, email, subject }) });
    expect(res.statusCode).toBe(201);
    const id = res.json().conversationId as number;
    const first = await db().selectFrom('conversation_messages').select('message_id').where('conversation_id', '=', id).executeTakeFirstOrThrow();
    return { id, messageId: first.message_id! };
  }
  async function staffReply(conversationId: number): Promise<string> {
    const res = await t.inject({
      method: 'POST',
      url: `/api/conversations/${conversationId}/messages`,
      payload: { content: 'Hello, see you Tuesday' },
      token: staffToken,
    });
    expect(res.statusCode).toBeLessThan(300);
    const row = await db()
      .selectFrom('conversation_messages')
      .select('message_id')
      .where('conversation_id', '=', conversationId)
      .where('sender_type', '=', 'admin')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    return row.message_id!;
  }
  /** A Postfix delivery report for `rcpt` whose returned headers quote `quoted` (a Message-ID), if any. */
  const bounceOf = (rcpt: string, quoted: string | null): string =>
    fixture('bounce.eml', { RCPT: rcpt })
      .toString()
      .replace('<20260303103000.B0A1C2D3E4@mx.gym.example>', `<${uniqueTag()}.bounce@mx.gym.example>`)
      .replace('Subject: Re: Hello\r\n', `Subject: Re: Hello\r\n${quoted ? `Message-ID: ${quoted}\r\n` : ''}`);
  const bouncing = async (key: string) => (await db().selectFrom('email_bounces').selectAll().where('email_key', '=', key).executeTakeFirst()) !== undefined;

  const messages = (conversationId: number) =>
    db().selectFrom('conversation_messages').selectAll().where('conversation_id', '=', conversationId).orderBy('id').execute();
  const conversation = (id: number) => db().selectFrom('conversations').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const record = (key: string) => db().selectFrom('inbound_mails').selectAll().where('message_key', '=', key).executeTakeFirstOrThrow();
  const storedFiles = () => {
    const dir = path.join(t.config.dataDir, 'private', 'attachments');
    return fs.existsSync(dir) ? fs.readdirSync(dir).sort() : [];
  };

  it('threads a Gmail reply by In-Reply-To into the older of two conversations, cuts the quote and reopens it', async () => {
    const email = `ana.silva+${uniqueTag()}@example.com`;
    const older = await contact(email);
    const ours = await staffReply(older.id);
    await contact(email, 'Ana Silva', 'Another question'); // the newer open one: the sender rule would pick it
    await t.inject({ method: 'PUT', url: `/api/conversations/${older.id}/status`, payload: { status: 'closed' }, token: staffToken });
    const raw = fixture('gmail-reply.eml', { IN_REPLY_TO: ours, REFERENCES: `${older.messageId} ${ours}` })
      .toString()
      .replace(/ana\.silva@example\.com/g, email);
    const pushedBefore = pushes.length;

    const result = await importMail(ctx, found(Buffer.from(raw)));

    expect(result).toEqual({ messageKey: 'caf=k9xq4mz+gmail0001@mail.gmail.com', outcome: 'threaded', duplicate: false, conversationId: older.id });
    const last = (await messages(older.id)).at(-1)!;
    expect(last).toMatchObject({
      sender_type: 'customer',
      sender_name: 'Ana Silva',
      channel: 'email',
      email_from: email,
      message_id: '<CAF=k9xQ4mZ+Gmail0001@mail.gmail.com>',
      content: 'Yes, Tuesday at 18:00 works for me. Do I need to bring gloves?\n\nThanks,\nAna',
    });
    expect(Number(last.is_read)).toBe(0);
    expect(last.html_content).toContain('Do I need to bring gloves?');
    expect(last.html_content).not.toContain('we have a trial class');
    expect(await conversation(older.id)).toMatchObject({ status: 'open', last_message_at: last.created_at });
    expect((await record(result.messageKey)).detail).toBe('by headers');
    expect(pushes.slice(pushedBefore)).toEqual([
      { title: 'Réponse par e-mail', body: 'Ana Silva: Trial class', url: `/admin/messages/${older.id}`, tag: 'inbound-mail' },
    ]);
    const listed = await t.inject({ method: 'GET', url: `/api/conversations/${older.id}`, token: staffToken });
    // The contact form's message was never opened either: two unread customer messages.
    expect(listed.json().unreadCount).toBe(2);
  });

  it('threads an Outlook HTML-only reply by its tag, text taken from the HTML without the From/Sent block', async () => {
    const email = `marc.${uniqueTag()}@outlook.example`;
    const c = await contact(email, 'Marc Dupont', 'Cours du soir');
    const raw = fixture('outlook-reply.eml', { TO: replyAddress(INBOUND, SECRET, c.id) })
      .toString()
      .replace(/marc\.dupont@outlook\.example/, email);

    const result = await importMail(ctx, found(Buffer.from(raw)));

    expect(result).toMatchObject({ outcome: 'threaded', conversationId: c.id, duplicate: false });
    const last = (await messages(c.id)).at(-1)!;
    expect(last.content).toBe('Parfait, je viendrai jeudi soir avec mon fils.\nMerci !');
    expect(last.html_content).toContain('Parfait, je viendrai jeudi soir');
    expect(last.html_content).not.toMatch(/Bonjour Marc|Sent:|<style|Calibri/);
    expect((await record(result.messageKey)).detail).toBe('by tag');
  });

  it('threads a reply with its headers stripped by the tag alone, from another address of the customer', async () => {
    const c = await contact(`ana.${uniqueTag()}@example.com`);
    const raw = fixture('stripped-reply.eml', { TO: replyAddress(INBOUND, SECRET, c.id).toUpperCase() });

    const result = await importMail(ctx, found(raw));

    expect(result).toMatchObject({ outcome: 'threaded', conversationId: c.id });
    const last = (await messages(c.id)).at(-1)!;
    expect(last).toMatchObject({ email_from: 'ana.silva@work.example', content: 'Writing from my work address: can I pay at the front desk?' });
    expect(last.html_content).toBeNull();
  });

  it('opens a new conversation for an unknown sender, linked to a new customer; joins the open one of a known sender', async () => {
    const stranger = `new.person.${uniqueTag()}@example.net`;
    const opened = await importMail(
      ctx,
      found(
        fixture('no-headers.eml', {
          FROM_NAME: 'Nina Park',
          FROM: stranger,
          SUBJECT: 'Private lessons?',
          MESSAGE_ID: `${uniqueTag()}@example.net`,
          BODY: 'Do you give private lessons?',
        }),
      ),
    );
    expect(opened).toMatchObject({ outcome: 'opened', duplicate: false });
    const conv = await conversation(opened.conversationId!);
    const customer = await db().selectFrom('customers').selectAll().where('email_key', '=', stranger).executeTakeFirstOrThrow();
    expect(conv).toMatchObject({
      subject: 'Private lessons?',
      user_email: stranger,
      user_name: 'Nina Park',
      status: 'new',
      language: 'en',
      customer_id: customer.id,
    });
    expect((await messages(conv.id)).map((m) => m.content)).toEqual(['Do you give private lessons?']);
    expect(pushes.at(-1)).toMatchObject({ title: 'Nouveau message par e-mail', url: `/admin/messages/${conv.id}` });

    const known = `known.${uniqueTag()}@example.com`;
    const c = await contact(known, 'Kim Lee', 'Timetable');
    const joined = await importMail(
      ctx,
      found(
        fixture('no-headers.eml', {
          FROM_NAME: 'Kim Lee',
          FROM: known,
          SUBJECT: 'one more thing',
          MESSAGE_ID: `${uniqueTag()}@example.com`,
          BODY: 'And on Sundays?',
        }),
      ),
    );
    expect(joined).toMatchObject({ outcome: 'threaded', conversationId: c.id });
    expect((await record(joined.messageKey)).detail).toBe('by sender');
    expect((await messages(c.id)).at(-1)!.content).toBe('And on Sundays?');
  });

  it('records an auto-reply and a mail from our own address without threading them', async () => {
    const before = await db()
      .selectFrom('conversation_messages')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const auto = await importMail(ctx, found(fixture('auto-reply.eml')));
    expect(auto).toEqual({ messageKey: 'auto-0001@example.com', outcome: 'auto-reply', duplicate: false, conversationId: null });
    expect((await record(auto.messageKey)).detail).toBe('Auto-Submitted: auto-replied');
    const own = await importMail(ctx, found(fixture('own-address.eml')));
    expect(own).toMatchObject({ outcome: 'own', conversationId: null });
    const after = await db()
      .selectFrom('conversation_messages')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('marks the address of a permanent bounce; the outbox then refuses it while others go; a later mail from it clears the mark', async () => {
    const gone = `gone.${uniqueTag()}@example.net`;
    const c = await contact(gone, 'Gone Person', 'Hello');
    const ours = await staffReply(c.id);
    // The staff reply has left before the bounce comes back.
    await waitUntil(async () => db().selectFrom('outbox').select('id').where('message_id', '=', ours).where('status', '=', 'sent').executeTakeFirst());
    const raw = bounceOf(gone, ours);

    const result = await importMail(ctx, found(Buffer.from(raw)));

    expect(result).toMatchObject({ outcome: 'bounce', conversationId: null });
    expect((await record(result.messageKey)).detail).toBe(`${gone}, status 5.1.1, failed`);
    expect(await db().selectFrom('email_bounces').selectAll().where('email_key', '=', gone).executeTakeFirst()).toBeDefined();
    const customer = await db().selectFrom('customers').selectAll().where('email_key', '=', gone).executeTakeFirstOrThrow();
    expect(customer.bouncing_at).not.toBeNull();

    const before = peer.messages.length;
    const refused = await t.app.ctx.mail.enqueue(db(), { to: gone, subject: 'Your booking', text: 'x' });
    const fine = await t.app.ctx.mail.enqueue(db(), { to: `fine.${uniqueTag()}@example.com`, subject: 'Your booking', text: 'y' });
    t.app.ctx.mail.kick();
    const rows = await waitUntil(async () => {
      const r = await db().selectFrom('outbox').selectAll().where('id', 'in', [refused, fine]).orderBy('id').execute();
      return r.every((x) => x.status === 'sent' || x.status === 'failed') ? r : undefined;
    });
    expect(rows.map((r) => [r.status, r.last_error])).toEqual([
      ['failed', 'address bounces'],
      ['sent', null],
    ]);
    await peer.waitFor(before + 1);
    expect(peer.messages.slice(before).flatMap((m) => m.to)).not.toContain(gone);

    await importMail(
      ctx,
      found(
        fixture('no-headers.eml', {
          FROM_NAME: 'Gone Person',
          FROM: gone,
          SUBJECT: 'new address works',
          MESSAGE_ID: `${uniqueTag()}@example.net`,
          BODY: 'I fixed my mailbox',
        }),
      ),
    );
    expect(await db().selectFrom('email_bounces').selectAll().where('email_key', '=', gone).executeTakeFirst()).toBeUndefined();
    expect((await db().selectFrom('customers').select('bouncing_at').where('id', '=', customer.id).executeTakeFirstOrThrow()).bouncing_at).toBeNull();
  });

  it('counts a bounce only when it quotes a mail we sent to that address', async () => {
    const target = `target.${uniqueTag()}@example.net`;
    const other = `other.${uniqueTag()}@example.net`;
    const c = await contact(target, 'Target Person', 'Hello');
    await staffReply(c.id);
    const o = await contact(other, 'Other Person', 'Hello');
    const toOther = await staffReply(o.id);

    // Forged: no returned headers, a made-up id, or our id of a mail sent to someone else.
    for (const quoted of [null, `<${uniqueTag()}@gym.test>`, toOther]) {
      const result = await importMail(ctx, found(Buffer.from(bounceOf(target, quoted))));
      expect(result.outcome).toBe('bounce');
      expect((await record(result.messageKey)).detail).toContain('not counted: it quotes no mail we sent to that address');
    }
    expect(await bouncing(target)).toBe(false);
    const customer = await db().selectFrom('customers').select('bouncing_at').where('email_key', '=', target).executeTakeFirstOrThrow();
    expect(customer.bouncing_at).toBeNull();
  });

  it('never marks a staff address, even quoting our mail to it, and account mail to a staff address still goes', async () => {
    const staff = await t.signIn('staff');
    const key = staff.email.toLowerCase();
    expect((await t.inject({ method: 'POST', url: '/api/auth/password-reset', payload: { email: staff.email } })).statusCode).toBe(200);
    const reset = await waitUntil(async () =>
      db().selectFrom('outbox').select(['message_id', 'status']).where('to_address', '=', staff.email).where('status', '=', 'sent').executeTakeFirst(),
    );
    const result = await importMail(ctx, found(Buffer.from(bounceOf(staff.email, reset.message_id))));
    expect((await record(result.messageKey)).detail).toContain('not counted: the address is ours or a staff account');
    expect(await bouncing(key)).toBe(false);

    // Even a bounce recorded before (an older import): the reset mail is delivered all the same.
    await db().insertInto('email_bounces').values({ email_key: key, reason: 'old', bounced_at: new Date().toISOString() }).execute();
    const before = peer.messages.length;
    expect((await t.inject({ method: 'POST', url: '/api/auth/password-reset', payload: { email: staff.email } })).statusCode).toBe(200);
    await peer.waitFor(before + 1);
    expect(peer.messages.slice(before).flatMap((m) => m.to)).toContain(key);
  });

  it('keeps an image as one WebP and a PDF in private storage, and lists an .exe without storing it', async () => {
    const result = await importMail(ctx, found(fixture('attachments.eml')));
    expect(result.outcome).not.toBe('rejected');
    const message = (await messages(result.conversationId!)).at(-1)!;
    const files = await db().selectFrom('message_attachments').selectAll().where('conversation_message_id', '=', message.id).orderBy('id').execute();
    expect(files.map((f) => [f.filename, f.content_type, f.storage_key === null])).toEqual([
      ['photo.webp', 'image/webp', false],
      ['certificate.pdf', 'application/pdf', false],
      ['setup.exe', 'application/octet-stream', true],
    ]);
    const storage = attachmentStorage(t.app.ctx);
    const webp = await storage.read(files[0].storage_key!);
    expect(webp.subarray(8, 12).toString('latin1')).toBe('WEBP');
    expect(files[0].size_bytes).toBe(webp.length);
    expect((await storage.read(files[1].storage_key!)).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(files[2].size_bytes).toBeGreaterThan(0);
    expect(message.content).toBe('Here are my photo, the medical certificate and a program.');
  });

  it('sanitises HTML: no script, style, frames, forms or handlers; remote images held back; cid images point at the stored file', async () => {
    const result = await importMail(ctx, found(fixture('html-script.eml')));
    const message = (await messages(result.conversationId!)).at(-1)!;
    const html = message.html_content!;
    expect(html).not.toMatch(/<script|alert|<style|<iframe|<form|<input|onclick|onmouseover|javascript:|tracker\.example\/bg/i);
    expect(html).toContain('data-remote-src="https://tracker.example/pixel.gif?u=lee"');
    expect(html).not.toMatch(/ src="https:/);
    expect(html).not.toContain('<span></span>');
    const [stored] = await db().selectFrom('message_attachments').select('storage_key').where('conversation_message_id', '=', message.id).execute();
    expect(html).toContain(`src="/api/conversations/attachments/${stored.storage_key}"`);
    expect(html).not.toContain('cid:');
    expect(html).not.toContain('alt="gone"');
    expect(html).toContain('<a href="https://example.org/belts" rel="noopener noreferrer nofollow" target="_blank">the shop</a>');
    expect(message.content).toContain('Is this the right belt?');
  });

  it('rejects a mail over the size limit, keyed by its envelope Message-ID or its UID, once', async () => {
    const big = await importMail(ctx, { mailbox: 'INBOX', uid: 77, size: 30_000_000, envelopeMessageId: '<Huge-1@Example.com>' });
    expect(big).toEqual({ messageKey: 'huge-1@example.com', outcome: 'rejected', duplicate: false, conversationId: null });
    expect((await record('huge-1@example.com')).detail).toBe('too large: 30000000 bytes (limit 1048576)');
    const raw = Buffer.concat([
      fixture('no-headers.eml', { FROM_NAME: 'X', FROM: 'x@example.com', SUBJECT: 's', MESSAGE_ID: 'big-2@example.com', BODY: 'x' }),
      Buffer.alloc(1_100_000, 'a'),
    ]);
    const mailbox = `INBOX-${uniqueTag()}`;
    expect(await importMail(ctx, { mailbox, uid: 78, size: raw.length, raw })).toMatchObject({ messageKey: `imap:${mailbox}:78`, outcome: 'rejected' });
    expect(await importMail(ctx, { mailbox, uid: 78, size: raw.length, raw })).toMatchObject({ messageKey: `imap:${mailbox}:78`, duplicate: true });
  });

  it('records a mail the parser refuses (too many MIME parts) as rejected, keyed by its digest', async () => {
    const parts = Array.from({ length: 250 }, (_, i) => `--b\r\nContent-Type: text/plain\r\n\r\npart ${i}\r\n`).join('');
    const raw = Buffer.from(
      `From: a@example.com\r\nTo: hello@gym.example\r\nSubject: parts\r\nMIME-Version: 1.0\r\nContent-Type: multipart/mixed; boundary="b"\r\n\r\n${parts}--b--\r\n`,
    );
    const result = await importMail(ctx, found(raw));
    expect(result).toMatchObject({ outcome: 'rejected', duplicate: false, conversationId: null });
    expect(result.messageKey).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect((await record(result.messageKey)).detail).toMatch(/^unreadable: /);
  });

  it('imports the same mail given twice at once exactly once, and leaves no file of the losing copy', async () => {
    const id = `parallel-${uniqueTag()}@example.com`;
    const raw = fixture('attachments.eml').toString().replace('<attach-0001@example.com>', `<${id}>`);
    const filesBefore = storedFiles().length;

    const results = await Promise.all([importMail(ctx, found(Buffer.from(raw))), importMail(ctx, found(Buffer.from(raw)))]);

    expect(results.map((r) => r.duplicate).sort()).toEqual([false, true]);
    expect(new Set(results.map((r) => r.conversationId)).size).toBe(1);
    const copies = await db().selectFrom('conversation_messages').select('id').where('message_id', '=', `<${id}>`).execute();
    expect(copies).toHaveLength(1);
    expect(storedFiles().length - filesBefore).toBe(2);
    expect(await importMail(ctx, found(Buffer.from(raw)))).toMatchObject({ duplicate: true, outcome: results[0].outcome });
  });
});
