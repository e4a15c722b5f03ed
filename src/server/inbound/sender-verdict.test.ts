import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactPayload, uniqueTag } from '../../../tests/helpers/factories';
import { backends, createTestApp, type TestApp } from '../../../tests/helpers/test-app';
import { importMail, type FoundMail } from './import-mail';
import { readAuthenticationResults, senderVerdict } from './sender-verdict';

// Issue 33 point 4: with INBOUND_TRUSTED_AUTHSERV, the receiving server's Authentication-Results
// decide whether a sender is believed. A forged sender is held for staff with a warning: never in
// the customer's thread, never clearing their bounce flag. Other servers' results are ignored.

const AUTHSERV = 'mx.gym.test';
const headers = (...values: string[]) => new Map([['authentication-results', values]]);

describe('senderVerdict', () => {
  it("reads the trusted server's results, comments and all, and ignores every other authserv-id", () => {
    expect(
      Object.fromEntries(
        readAuthenticationResults(
          'mx.gym.test 1; spf=pass (sender IP is 192.0.2.1) smtp.mailfrom=a.example; dkim=fail (bad sig) header.d=a.example; dmarc=fail',
          AUTHSERV,
        )!,
      ),
    ).toEqual({ spf: 'pass', dkim: 'fail', dmarc: 'fail' });
    expect(readAuthenticationResults('evil.example; dmarc=pass', AUTHSERV)).toBeNull();
    expect(senderVerdict(headers('mx.gym.test; dmarc=fail (p=reject) header.from=a.example'), AUTHSERV)).toEqual({ verified: false, reason: 'dmarc=fail' });
    expect(senderVerdict(headers('mx.gym.test; spf=fail smtp.mailfrom=a.example; dkim=fail header.d=a.example'), AUTHSERV)).toEqual({
      verified: false,
      reason: 'spf=fail, dkim=fail',
    });
    expect(senderVerdict(headers('mx.gym.test; spf=softfail smtp.mailfrom=a.example'), AUTHSERV)).toMatchObject({ verified: false });
    expect(senderVerdict(headers('mx.gym.test; spf=fail; dkim=pass header.d=a.example; dmarc=pass'), AUTHSERV)).toEqual({ verified: true });
    // Another server's verdict, either way, counts for nothing; without the setting nothing is read.
    expect(senderVerdict(headers('evil.example; dmarc=pass', 'mx.gym.test; dmarc=fail'), AUTHSERV)).toMatchObject({ verified: false });
    expect(senderVerdict(headers('evil.example; dmarc=fail; spf=fail; dkim=fail'), AUTHSERV)).toEqual({ verified: true });
    expect(senderVerdict(headers('mx.gym.test; dmarc=fail'), undefined)).toEqual({ verified: true });
    // Several receiving servers (INBOUND_TRUSTED_AUTHSERV=mx1.example,mx2.example): each one's verdict counts.
    expect(senderVerdict(headers('MX2.example; dmarc=fail'), ['mx1.example', 'mx2.example'])).toMatchObject({ verified: false });
  });
});

describe.each(backends)('a forged sender on %s', (backend) => {
  let t: TestApp;
  let staff: string;
  let uid = 5000;

  beforeAll(async () => {
    t = await createTestApp(
      backend,
      {},
      { INBOUND_ADDRESS: 'hello@gym.test', INBOUND_TAG_SECRET: 'inbound-test-secret-0123456789', INBOUND_TRUSTED_AUTHSERV: AUTHSERV },
    );
    staff = (await t.signIn('staff')).token;
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  const db = () => t.app.ctx.db;
  const found = (raw: string): FoundMail => ({ mailbox: 'INBOX', uid: ++uid, size: raw.length, raw: Buffer.from(raw) });
  const reply = (from: string, results: string[], body: string) =>
    [
      `From: Ana <${from}>`,
      'To: hello@gym.test',
      'Subject: Re: Trial class',
      `Message-ID: <${uniqueTag()}@mail.example>`,
      ...results.map((r) => `Authentication-Results: ${r}`),
      'Content-Type: text/plain; charset=utf-8',
      '',
      body,
      '',
    ].join('\r\n');

  it('holds a dmarc=fail mail for staff: not in the thread, the bounce flag kept; other servers’ results ignored', async () => {
    const email = `ana.${uniqueTag()}@example.com`;
    const res = await t.inject({ method: 'POST', url: '/api/contact', payload: contactPayload({ name: 'Ana', email, subject: 'Trial class' }) });
    const conversationId = res.json().conversationId as number;
    await db().insertInto('email_bounces').values({ email_key: email, reason: '5.1.1', bounced_at: new Date().toISOString() }).execute();
    const count = async () => (await db().selectFrom('conversation_messages').select('id').where('conversation_id', '=', conversationId).execute()).length;
    const before = await count();

    // Our server's verdict on top; a forged "pass" from elsewhere below changes nothing.
    const forged = reply(
      email,
      [`${AUTHSERV}; spf=pass smtp.mailfrom=${email}; dkim=none; dmarc=fail (p=reject) header.from=example.com`, 'evil.example; dmarc=pass'],
      'Please send my invoice to attacker@evil.example',
    );
    const result = await importMail(t.app.ctx, found(forged));
    expect(result).toMatchObject({ outcome: 'rejected', conversationId: null });
    const record = await db().selectFrom('inbound_mails').selectAll().where('message_key', '=', result.messageKey).executeTakeFirstOrThrow();
    expect(record.detail).toBe('sender not verified: dmarc=fail');
    expect(await count()).toBe(before);
    expect(await db().selectFrom('email_bounces').select('email_key').where('email_key', '=', email).executeTakeFirst()).toBeDefined();

    const status = (await t.inject({ method: 'GET', url: '/api/inbound/status', token: staff })).json();
    const held = status.held.find((h: { fromAddress: string }) => h.fromAddress === email);
    expect(held).toMatchObject({
      fromName: 'Ana',
      subject: 'Re: Trial class',
      reason: 'dmarc=fail',
      content: 'Please send my invoice to attacker@evil.example',
    });

    // A verified reply from the same address joins the thread and clears the flag.
    const genuine = reply(
      email,
      [`${AUTHSERV}; spf=pass smtp.mailfrom=${email}; dkim=pass header.d=example.com; dmarc=pass`, 'evil.example; dmarc=fail'],
      'See you Tuesday',
    );
    expect((await importMail(t.app.ctx, found(genuine))).conversationId).toBe(conversationId);
    expect(await count()).toBe(before + 1);
    expect(await db().selectFrom('email_bounces').select('email_key').where('email_key', '=', email).executeTakeFirst()).toBeUndefined();

    // Staff dismiss the held mail from the status.
    expect((await t.inject({ method: 'POST', url: `/api/inbound/held/${held.id}/dismiss`, token: staff })).statusCode).toBe(204);
    const after = (await t.inject({ method: 'GET', url: '/api/inbound/status', token: staff })).json();
    expect(after.held.some((h: { id: number }) => h.id === held.id)).toBe(false);
    expect((await t.inject({ method: 'POST', url: `/api/inbound/held/${held.id}/dismiss`, token: staff })).statusCode).toBe(404);
  });

  it('holds a mail whose SPF and DKIM both fail, and opens no conversation for it', async () => {
    const email = `stranger.${uniqueTag()}@example.org`;
    const result = await importMail(t.app.ctx, found(reply(email, [`${AUTHSERV}; spf=fail smtp.mailfrom=${email}; dkim=fail header.d=example.org`], 'Hello')));
    expect(result).toMatchObject({ outcome: 'rejected', conversationId: null });
    expect(await db().selectFrom('conversations').select('id').where('user_email', '=', email).executeTakeFirst()).toBeUndefined();
    expect(await db().selectFrom('inbound_held_mails').select('reason').where('from_address', '=', email).executeTakeFirstOrThrow()).toEqual({
      reason: 'spf=fail, dkim=fail',
    });
  });
});
