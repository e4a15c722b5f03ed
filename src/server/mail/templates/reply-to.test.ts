import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeHeader, startSmtpPeer, waitUntil, type SmtpPeer } from '../../../../tests/helpers/smtp-peer';
import { backends, createTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import { getSiteSettings, saveSiteSettings } from '../../site-settings/site-settings.service';

// Where a customer's answer goes: the gym's e-mail from the settings (Paramètres) unless
// GYM_NOTIFY_EMAIL says otherwise, never MAIL_FROM (read from the delivered messages' headers).

const fast = { mailRetryBaseMs: 50, mailRetryMaxMs: 200, mailPollMs: 50 };
// MMA Training's Tuesday session: 10:00 UTC is 17:00 at the gym (Asia/Bangkok).
const booking = { name: 'Ana Lima', phone: null, course: 'MMA Training', dateTime: '2028-01-04T10:00:00.000Z', message: null };

describe.each(backends)('Reply-To of the e-mails to customers on %s', (backend) => {
  let peer: SmtpPeer;
  let t: TestApp;
  let u: TestApp;
  let staff: string;

  const delivered = (to: string, subject: RegExp) =>
    waitUntil(() => peer.messages.find((m) => m.to.includes(to) && subject.test(decodeHeader(m.headers.subject))), 10_000, `mail to ${to}`);

  /** Books, then the staff cancels and answers a contact message: three e-mails to the customer. */
  async function mailsTo(app: TestApp, email: string) {
    const token = (await app.signIn('staff', { email: `staff-${email}` })).token;
    const made = await app.inject({ method: 'POST', url: '/api/reservations', payload: { ...booking, email } });
    expect(made.statusCode).toBe(201);
    expect((await app.inject({ method: 'PUT', url: `/api/reservations/${made.json().id}/cancel`, token })).statusCode).toBe(200);
    const contact = await app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: { name: 'Ana', email, subject: 'Gloves', message: 'Do you lend gloves?' },
    });
    const reply = { content: 'Yes, we do.' };
    expect((await app.inject({ method: 'POST', url: `/api/conversations/${contact.json().conversationId}/messages`, token, payload: reply })).statusCode).toBe(
      201,
    );
    return Promise.all([delivered(email, /^Booking confirmed/), delivered(email, /^Booking cancelled/), delivered(email, /^Re: Gloves/)]);
  }

  beforeAll(async () => {
    peer = await startSmtpPeer();
    t = await createTestApp(backend, { smtpUrl: peer.url, ...fast });
    const admin = await t.signIn('admin');
    staff = admin.token;
    // The owner changes the gym's e-mail in Paramètres.
    const current = await getSiteSettings(t.app.ctx);
    await saveSiteSettings(t.app.ctx, { ...current.settings, email: 'owner@gym.test' }, current.version, admin.id);
  });
  afterAll(async () => {
    await t?.close();
    await u?.close();
    await peer?.close();
  });

  it('without GYM_NOTIFY_EMAIL: the gym e-mail from the settings', async () => {
    expect(staff).toBeTruthy();
    for (const m of await mailsTo(t, 'ana-settings@example.com')) expect(m.headers['reply-to']).toBe('owner@gym.test');
  });

  it('with GYM_NOTIFY_EMAIL: that address', async () => {
    u = await createTestApp(backend, { smtpUrl: peer.url, notifyEmail: 'desk@gym.test', ...fast });
    for (const m of await mailsTo(u, 'ana-notify@example.com')) expect(m.headers['reply-to']).toBe('desk@gym.test');
  });
});
