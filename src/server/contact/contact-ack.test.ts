import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeHeader, startSmtpPeer, waitUntil, type SmtpPeer, type ReceivedMail } from '../../../tests/helpers/smtp-peer';
import { backends, createTestApp, type TestApp } from '../../../tests/helpers/test-app';
import { FAST_MAIL } from '../../../tests/helpers/factories';
import { conversationFromRecipients, tagSecret } from '../inbound/reply-tag';
import { getSiteSettings } from '../site-settings/site-settings.service';
import { LANGUAGES } from '../../shared/i18n/languages';

// Issue 22, point 1: every e-mail of a conversation (the acknowledgement of a contact message,
// the staff's replies) carries our Message-ID, In-Reply-To/References to the thread and, with
// INBOUND_ADDRESS, a Reply-To tagged with the conversation. Read from the delivered messages.

const address = (h: string | undefined) => (h ?? '').replace(/^.*<([^>]+)>.*$/, '$1').trim();

describe.each(backends)('conversation e-mail headers on %s', (backend) => {
  let peer: SmtpPeer;
  let t: TestApp;
  let u: TestApp;
  let staff: string;
  let gym: string;
  let n = 0;

  const delivered = (to: string, subject: RegExp): Promise<ReceivedMail> =>
    waitUntil(() => peer.messages.find((m) => m.to.includes(to) && subject.test(decodeHeader(m.headers.subject ?? ''))), 10_000, `mail to ${to}`);

  async function contact(app: TestApp, over: Record<string, unknown> = {}) {
    n += 1;
    const email = `ack${n}-${backend}@example.com`;
    const payload = { name: `Visitor Zed${n}`, email, subject: `Secret subject ${n}`, message: `Secret words ${n} http://spam.example`, ...over };
    const res = await app.inject({ method: 'POST', url: '/api/contact', payload });
    expect(res.statusCode).toBe(201);
    return { email, payload, conversationId: res.json<{ conversationId: number }>().conversationId };
  }
  const firstMessageId = async (app: TestApp, conversationId: number) =>
    (
      await app.app.ctx.db
        .selectFrom('conversation_messages')
        .select('message_id')
        .where('conversation_id', '=', conversationId)
        .orderBy('id')
        .executeTakeFirstOrThrow()
    ).message_id!;

  beforeAll(async () => {
    peer = await startSmtpPeer();
    t = await createTestApp(backend, { smtpUrl: peer.url, notifyEmail: 'desk@gym.test', ...FAST_MAIL }, { INBOUND_ADDRESS: 'hello@gym.test' });
    staff = (await t.signIn('staff')).token;
    gym = (await getSiteSettings(t.app.ctx)).settings.name;
  });
  afterAll(async () => {
    await t?.close();
    await u?.close();
    await peer?.close();
  });

  it('acknowledges a contact message with fixed words, a tag that decodes to the conversation, and threading headers', async () => {
    const { email, payload, conversationId } = await contact(t, { language: 'en' });
    const ack = await delivered(email, /We received your message/);
    const subject = decodeHeader(ack.headers.subject);
    expect(subject).toBe(`We received your message — ${gym}`);
    expect(ack.body).toContain(`Thank you for writing to ${gym}. We received your message and will answer soon.`);
    expect(ack.body).toContain('reply to this e-mail');
    // None of the visitor's words: subject, message, name.
    for (const words of [payload.subject, payload.message, 'Secret', 'Zed', 'spam.example']) {
      expect(ack.raw).not.toContain(words);
      expect(ack.body).not.toContain(words);
    }
    // Its own Message-ID, answering the customer's message (whose id the conversation keeps).
    const first = await firstMessageId(t, conversationId);
    expect(ack.headers['message-id']).toMatch(/^<[^<>@\s]+@gym\.test>$/);
    expect(ack.headers['message-id']).not.toBe(first);
    expect(ack.headers['in-reply-to']).toBe(first);
    expect(ack.headers.references).toBe(first);
    expect(ack.headers['auto-submitted']).toBe('auto-generated');
    // The tag in Reply-To finds the conversation; a made-up one does not.
    const replyTo = address(ack.headers['reply-to']);
    expect(replyTo).toMatch(new RegExp(`^hello\\+c${conversationId}\\.[a-z2-7]{10}@gym\\.test$`));
    const key = await tagSecret(t.app.ctx.db, t.config);
    expect(conversationFromRecipients([replyTo], 'hello@gym.test', key)).toBe(conversationId);
    expect(conversationFromRecipients([replyTo.replace(`+c${conversationId}.`, `+c${conversationId + 1}.`)], 'hello@gym.test', key)).toBeNull();
    // The gym's notice still carries the message (to the gym's own inbox).
    expect((await delivered('desk@gym.test', new RegExp(payload.subject))).body).toContain(payload.message);
  });

  it("threads the staff's replies: stored Message-ID, In-Reply-To the latest, References the thread, tagged Reply-To", async () => {
    const { email, conversationId } = await contact(t);
    const first = await firstMessageId(t, conversationId);
    const post = (content: string) => t.inject({ method: 'POST', url: `/api/conversations/${conversationId}/messages`, token: staff, payload: { content } });
    const r1 = await post('First answer');
    expect(r1.statusCode).toBe(201);
    const m1 = await delivered(email, /^Re: /);
    const stored1 = await t.app.ctx.db.selectFrom('conversation_messages').select('message_id').where('id', '=', r1.json().id).executeTakeFirstOrThrow();
    expect(m1.headers['message-id']).toBe(stored1.message_id);
    expect(m1.headers['in-reply-to']).toBe(first);
    const key = await tagSecret(t.app.ctx.db, t.config);
    expect(conversationFromRecipients([address(m1.headers['reply-to'])], 'hello@gym.test', key)).toBe(conversationId);

    expect((await post('Second answer')).statusCode).toBe(201);
    const m2 = await waitUntil(
      () => peer.messages.filter((m) => m.to.includes(email) && /^Re: /.test(decodeHeader(m.headers.subject)))[1],
      10_000,
      'second reply',
    );
    expect(m2.headers['in-reply-to']).toBe(stored1.message_id);
    expect(m2.headers.references).toBe(`${first} ${stored1.message_id}`);
    expect(conversationFromRecipients([address(m2.headers['reply-to'])], 'hello@gym.test', key)).toBe(conversationId);
  });

  it('speaks the customer’s language, six of them, each naming the gym', async () => {
    const subjects = new Set<string>();
    for (const language of LANGUAGES) {
      const { email, payload } = await contact(t, { language });
      const ack = await waitUntil(() => peer.messages.find((m) => m.to.includes(email)), 10_000, `ack in ${language}`);
      const subject = decodeHeader(ack.headers.subject);
      expect(subject).toContain(gym);
      expect(ack.body).toContain(gym);
      expect(ack.raw).not.toContain(payload.subject);
      expect(ack.body).not.toContain('Secret');
      subjects.add(subject);
    }
    expect(subjects.size).toBe(LANGUAGES.length);
  });

  it('without INBOUND_ADDRESS, the reply goes to the gym inbox as before', async () => {
    u = await createTestApp(backend, { smtpUrl: peer.url, notifyEmail: 'inbox@gym.test', ...FAST_MAIL });
    const { email, conversationId } = await contact(u);
    const ack = await delivered(email, /We received your message/);
    expect(ack.headers['reply-to']).toBe('inbox@gym.test');
    const token = (await u.signIn('staff')).token;
    expect((await u.inject({ method: 'POST', url: `/api/conversations/${conversationId}/messages`, token, payload: { content: 'Hi' } })).statusCode).toBe(201);
    expect((await delivered(email, /^Re: /)).headers['reply-to']).toBe('inbox@gym.test');
  });
});
