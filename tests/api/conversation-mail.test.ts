import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, createTestApp, type TestApp } from '../helpers/test-app';
import { PDF_BYTES, seedEmailConversation, type SeededMail } from '../helpers/inbound-seed';

// The back office's side of inbound e-mail (issue 22): a message read from the mailbox shows its
// channel, sender, sanitised HTML and attachments; kept files download for staff only; a
// bouncing address is flagged on the conversation; the mailbox's status never shows the password.

describe.each(backends)('e-mail messages at the desk on %s', (backend) => {
  let t: TestApp;
  let staff: string;
  let seeded: SeededMail;
  let other: SeededMail;

  // Workers off: this suite writes the mailbox's bookkeeping itself; no reader connects.
  beforeAll(async () => {
    t = await createTestApp(
      backend,
      {},
      { IMAP_URL: 'imaps://desk%40gym.test:s3cret-pass@imap.gym.test:993/INBOX', INBOUND_ADDRESS: 'hello@gym.test' },
      { startWorkers: false },
    );
    staff = (await t.signIn('staff')).token;
    seeded = await seedEmailConversation(t.app.ctx, {
      email: 'Mail.Customer@example.com',
      name: 'Mail Customer',
      from: 'mail.customer@work.example',
      remoteImage: 'https://images.example/gloves.jpg',
      bounce: true,
    });
    other = await seedEmailConversation(t.app.ctx, { email: 'other@example.com', name: 'Other', remoteImage: 'https://images.example/x.png' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('presents an e-mail message: channel, sender, sanitised HTML with remote images held back, attachments', async () => {
    const res = await t.inject({ method: 'GET', url: `/api/conversations/${seeded.conversationId}/messages`, token: staff });
    expect(res.statusCode).toBe(200);
    const [web, mail] = res.json();
    expect(web).toMatchObject({ channel: 'web', emailFrom: null, html: null, attachments: [] });
    expect(mail).toMatchObject({ id: seeded.messageId, channel: 'email', emailFrom: 'mail.customer@work.example', senderType: 'customer', isRead: false });
    expect(mail.html).toContain('<b>photo</b>');
    expect(mail.html).toContain('data-remote-src="https://images.example/gloves.jpg"');
    expect(mail.html).not.toMatch(/<script|onclick|hacked|\ssrc=/i);
    expect(mail.attachments).toEqual([
      {
        id: seeded.storedId,
        filename: 'receipt.pdf',
        contentType: 'application/pdf',
        sizeBytes: PDF_BYTES.length,
        url: `/api/conversations/${seeded.conversationId}/attachments/${seeded.storedId}`,
      },
      {
        id: seeded.listedId,
        filename: 'notes.docx',
        contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
        sizeBytes: 48_213,
        url: null,
      },
    ]);
  });

  it('serves a kept attachment to staff only, with its type, a download name, nosniff and no cache', async () => {
    const url = `/api/conversations/${seeded.conversationId}/attachments/${seeded.storedId}`;
    expect((await t.inject({ method: 'GET', url })).statusCode).toBe(401);
    const res = await t.inject({ method: 'GET', url, token: staff });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(PDF_BYTES)).toBe(true);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="receipt.pdf"; filename*=UTF-8''receipt.pdf`);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    // Private to the staff member: no cache keeps it (every signed-in answer).
    expect(res.headers['cache-control']).toBe('no-store');
    // Listed only, of another conversation, or unknown: not found.
    for (const path of [
      `/api/conversations/${seeded.conversationId}/attachments/${seeded.listedId}`,
      `/api/conversations/${other.conversationId}/attachments/${seeded.storedId}`,
      `/api/conversations/${seeded.conversationId}/attachments/999999`,
    ]) {
      const r = await t.inject({ method: 'GET', url: path, token: staff });
      expect(r.statusCode, path).toBe(404);
      expect(r.json().code).toBe('not_found');
    }
    expect((await t.inject({ method: 'GET', url: `/api/conversations/${seeded.conversationId}/attachments/abc`, token: staff })).statusCode).toBe(400);
  });

  it('flags a bouncing address on the conversation, whatever its case; others are not flagged', async () => {
    const one = (await t.inject({ method: 'GET', url: `/api/conversations/${seeded.conversationId}`, token: staff })).json();
    expect(one.emailBounce).toMatchObject({ reason: '550 5.1.1 mailbox unavailable' });
    expect(one.emailBounce.at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(one.unreadCount).toBe(1);
    const list = (await t.inject({ method: 'GET', url: '/api/conversations', token: staff })).json<{ id: number; emailBounce: unknown }[]>();
    expect(list.find((c) => c.id === other.conversationId)!.emailBounce).toBeNull();
    expect(list.find((c) => c.id === seeded.conversationId)!.emailBounce).not.toBeNull();
  });

  it('reports the mailbox status to staff: configured, last read and last error, never the password', async () => {
    expect((await t.inject({ method: 'GET', url: '/api/inbound/status' })).statusCode).toBe(401);
    const empty = await t.inject({ method: 'GET', url: '/api/inbound/status', token: staff });
    expect(empty.json()).toEqual({
      configured: true,
      address: 'hello@gym.test',
      mailboxes: [],
      failures: [],
      held: [],
      attachments: { keptBytes: expect.any(Number), maxBytes: 2048 * 1024 * 1024 },
    });
    await t.app.ctx.db
      .insertInto('inbound_mailboxes')
      .values({
        mailbox: 'INBOX',
        uid_validity: '7',
        last_uid: 12,
        last_read_at: '2026-11-26T05:00:00.000Z',
        last_error: 'connection refused',
        last_error_at: '2026-11-26T04:00:00.000Z',
        updated_at: '2026-11-26T05:00:00.000Z',
      })
      .execute();
    const res = await t.inject({ method: 'GET', url: '/api/inbound/status', token: staff });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      configured: true,
      address: 'hello@gym.test',
      mailboxes: [{ mailbox: 'INBOX', lastReadAt: '2026-11-26T05:00:00.000Z', lastError: 'connection refused', lastErrorAt: '2026-11-26T04:00:00.000Z' }],
      failures: [],
      held: [],
      attachments: { keptBytes: expect.any(Number), maxBytes: 2048 * 1024 * 1024 },
    });
    expect(res.body).not.toContain('s3cret');
    expect(res.body).not.toContain('imap.gym.test');
  });

  it('says when reading the mailbox is not configured', async () => {
    const u = await createTestApp(backend);
    try {
      const token = (await u.signIn('staff')).token;
      expect((await u.inject({ method: 'GET', url: '/api/inbound/status', token })).json()).toEqual({
        configured: false,
        address: null,
        mailboxes: [],
        failures: [],
        held: [],
        attachments: { keptBytes: 0, maxBytes: 2048 * 1024 * 1024 },
      });
    } finally {
      await u.close();
    }
  });
});
