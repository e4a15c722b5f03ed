import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RECIPIENT_TAG_HEADER } from '../../src/server/mail/recipient-tag';
import { startDovecot, type TestDovecot } from '../helpers/dovecot';
import { FAST_MAIL } from '../helpers/factories';
import { inboundFixture, until } from '../helpers/inbound-fixtures';
import { startSmtpPeer, type SmtpPeer } from '../helpers/smtp-peer';
import { backends, createTestApp, type TestApp } from '../helpers/test-app';

// Issue 33 point 3, the signed half (decision 139): every mail we send carries a signature of its
// recipient; a bounce that returns only our headers, with no Message-ID at all, counts when that
// signature is valid for the address it reports. A signature copied from someone else's mail, or
// made up, marks nobody, and a staff address is never marked. Real SMTP out, real IMAP in.

const TAG = RECIPIENT_TAG_HEADER.toLowerCase();

/** A Postfix-like report for `rcpt` whose returned headers carry `signature` and no Message-ID. */
function bounce(rcpt: string, signature: string): string {
  return inboundFixture('bounce.eml', { RCPT: rcpt })
    .toString('utf8')
    .replace('<20260303103000.B0A1C2D3E4@mx.gym.example>', `<${randomBytes(6).toString('hex')}.bounce@mx.gym.example>`)
    .replace('Subject: Re: Hello\r\n', `Subject: Re: Hello\r\n${RECIPIENT_TAG_HEADER}: ${signature}\r\n`);
}

describe.each(backends)('bounces signed by their recipient on %s', (backend) => {
  let dovecot: TestDovecot;
  let peer: SmtpPeer;
  let t: TestApp;
  beforeAll(async () => {
    dovecot = await startDovecot();
    peer = await startSmtpPeer();
    t = await createTestApp(
      backend,
      { smtpUrl: peer.url, ...FAST_MAIL },
      { IMAP_URL: dovecot.url(), IMAP_POLL_SECONDS: '600', INBOUND_ADDRESS: 'hello@gym.test', INBOUND_TAG_SECRET: 'bounce-signature-secret-0123456789' },
    );
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await peer?.close();
    await dovecot?.close();
  }, 60_000);

  const bouncing = async (key: string) =>
    (await t.app.ctx.db.selectFrom('email_bounces').selectAll().where('email_key', '=', key).executeTakeFirst()) !== undefined;

  it('a genuine bounce with only the signature counts; a forged or borrowed one, or one for staff, does not', async () => {
    const run = randomBytes(4).toString('hex');
    const gone = `gone.${run}@example.net`;
    const other = `other.${run}@example.net`;
    const staff = await t.signIn('staff');

    // A staff reply to each customer, and a password reset to the staff member, leave by SMTP.
    const conversations: Record<string, number> = {};
    for (const email of [gone, other]) {
      const res = await t.inject({ method: 'POST', url: '/api/contact', payload: { name: 'Guest', email, subject: 'Hello', message: 'A first question.' } });
      expect(res.statusCode, res.body).toBe(201);
      conversations[email] = res.json<{ conversationId: number }>().conversationId;
      const reply = await t.inject({
        method: 'POST',
        url: `/api/conversations/${conversations[email]}/messages`,
        token: staff.token,
        payload: { content: 'Come on Tuesday.' },
      });
      expect(reply.statusCode).toBe(201);
    }
    expect((await t.inject({ method: 'POST', url: '/api/auth/password-reset', payload: { email: staff.email } })).statusCode).toBe(200);
    const received = (to: string) => until(`the mail to ${to}`, async () => peer.messages.find((m) => m.to.includes(to)));
    const [toGone, toOther, toStaff] = await Promise.all([received(gone), received(other), received(staff.email)]);
    const signature = (m: typeof toGone) => m.headers[TAG];
    for (const m of [toGone, toOther, toStaff]) expect(signature(m)).toMatch(/^v1\.[a-z2-7]{32}$/);
    // One signature per address.
    expect(new Set([toGone, toOther, toStaff].map(signature)).size).toBe(3);

    const flipped = signature(toOther).slice(0, -1) + (signature(toOther).endsWith('a') ? 'b' : 'a');
    const reports = [
      // Borrowed: a real signature, but of another address.
      bounce(other, signature(toGone)),
      // Made up: a signature of the right shape that is not ours.
      bounce(other, flipped),
      // A staff address is never marked, even by a genuine report.
      bounce(staff.email, signature(toStaff)),
      // Genuine: the report returns our headers without the Message-ID.
      bounce(gone, signature(toGone)),
    ];
    for (const r of reports) {
      expect(r).not.toMatch(/^Message-ID: <[^>]*@gym/im);
      await dovecot.deliver(r);
    }
    t.app.imapReader!.start();
    const rows = await until(
      'four reports read',
      async () => {
        const r = await t.app.ctx.db.selectFrom('inbound_mails').select(['outcome', 'detail']).where('outcome', '=', 'bounce').orderBy('uid').execute();
        return r.length === 4 ? r : undefined;
      },
      60_000,
    );
    expect(rows.map((r) => r.detail)).toEqual([
      expect.stringContaining('not counted: it quotes no mail we sent'),
      expect.stringContaining('not counted: it quotes no mail we sent'),
      expect.stringContaining('not counted: the address is ours or a staff account'),
      expect.not.stringContaining('not counted'),
    ]);
    expect(await bouncing(gone)).toBe(true);
    expect(await bouncing(other)).toBe(false);
    expect(await bouncing(staff.email)).toBe(false);

    // The outbox now refuses the bouncing address and still mails the other one.
    const count = (to: string) => peer.messages.filter((m) => m.to.includes(to)).length;
    const before = { gone: count(gone), other: count(other) };
    for (const email of [gone, other]) {
      const res = await t.inject({
        method: 'POST',
        url: `/api/conversations/${conversations[email]}/messages`,
        token: staff.token,
        payload: { content: 'Still there?' },
      });
      expect(res.statusCode).toBe(201);
    }
    await until('the second reply to the other customer', async () => count(other) === before.other + 1);
    const refused = await until('the reply to the bouncing address refused', async () =>
      t.app.ctx.db.selectFrom('outbox').select(['status', 'last_error']).where('to_address', '=', gone).where('status', '=', 'failed').executeTakeFirst(),
    );
    expect(refused.last_error).toBe('address bounces');
    expect(count(gone)).toBe(before.gone);
  }, 120_000);
});
