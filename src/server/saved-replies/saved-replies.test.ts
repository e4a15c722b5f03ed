import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeHeader, startSmtpPeer, waitUntil, type SmtpPeer } from '../../../tests/helpers/smtp-peer';
import { backends, createTestApp, type TestApp } from '../../../tests/helpers/test-app';
import { FAST_MAIL } from '../../../tests/helpers/factories';
import { fullAddress, PRICES, WHAT_TO_BRING } from '../../shared/site';

describe.each(backends)('saved replies on %s', (backend) => {
  let t: TestApp;
  let staff: string;
  let admin: string;

  beforeAll(async () => {
    t = await createTestApp(backend);
    staff = (await t.signIn('staff')).token;
    admin = (await t.signIn('admin')).token;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('is seeded with the prices, how to find us and what to bring, from the site facts', async () => {
    const res = await t.inject({ method: 'GET', url: '/api/saved-replies', token: staff });
    expect(res.statusCode).toBe(200);
    const list = res.json<{ title: string; content: string }[]>();
    expect(list.map((r) => r.title)).toEqual(['How to find us', 'Prices', 'What to bring']);
    const byTitle = Object.fromEntries(list.map((r) => [r.title, r.content]));
    for (const p of PRICES) expect(byTitle.Prices).toContain(`${p.item}: ${p.muayThai} THB`);
    expect(byTitle['How to find us']).toContain(fullAddress());
    for (const w of WHAT_TO_BRING) expect(byTitle['What to bring']).toContain(w);
  });

  it('lets staff and admins add, edit and delete one; nobody else', async () => {
    const created = await t.inject({
      method: 'POST',
      url: '/api/saved-replies',
      token: staff,
      payload: { title: '  Opening hours ', content: 'Mon-Sat 8-19' },
    });
    expect(created.statusCode).toBe(201);
    const body = created.json<{ id: number; title: string; content: string; createdAt: string; updatedAt: string }>();
    expect(body).toMatchObject({ title: 'Opening hours', content: 'Mon-Sat 8-19' });
    expect(Object.keys(body).sort()).toEqual(['content', 'createdAt', 'id', 'title', 'updatedAt']);

    const edited = await t.inject({
      method: 'PUT',
      url: `/api/saved-replies/${body.id}`,
      token: admin,
      payload: { title: 'Hours', content: 'Monday to Saturday, 8:00 to 19:00' },
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ id: body.id, title: 'Hours', content: 'Monday to Saturday, 8:00 to 19:00' });
    const list = (await t.inject({ method: 'GET', url: '/api/saved-replies', token: admin })).json<{ id: number; title: string }[]>();
    expect(list.find((r) => r.id === body.id)?.title).toBe('Hours');

    // Signed out: every call is refused and nothing changes.
    for (const c of [
      { method: 'GET', url: '/api/saved-replies' },
      { method: 'POST', url: '/api/saved-replies', payload: { title: 'x', content: 'y' } },
      { method: 'PUT', url: `/api/saved-replies/${body.id}`, payload: { title: 'x', content: 'y' } },
      { method: 'DELETE', url: `/api/saved-replies/${body.id}` },
    ] as const) {
      expect((await t.inject({ ...c })).statusCode, `${c.method} ${c.url}`).toBe(401);
      expect((await t.inject({ ...c, token: 'x'.repeat(43) })).statusCode).toBe(401);
    }
    const still = await t.app.ctx.db.selectFrom('saved_replies').select('title').where('id', '=', body.id).executeTakeFirstOrThrow();
    expect(still.title).toBe('Hours');

    const del = await t.inject({ method: 'DELETE', url: `/api/saved-replies/${body.id}`, token: staff });
    expect(del.statusCode).toBe(204);
    expect((await t.inject({ method: 'DELETE', url: `/api/saved-replies/${body.id}`, token: staff })).statusCode).toBe(404);
    const missing = await t.inject({ method: 'PUT', url: `/api/saved-replies/${body.id}`, token: staff, payload: { title: 'x', content: 'y' } });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: 'Réponse enregistrée introuvable', code: 'not_found' });
  });

  it('refuses a blank title or text with a French message', async () => {
    const noTitle = await t.inject({ method: 'POST', url: '/api/saved-replies', token: staff, payload: { title: '  ', content: 'text' } });
    expect(noTitle.statusCode).toBe(400);
    expect(noTitle.json()).toEqual({ error: 'Le titre est requis', code: 'validation' });
    const noText = await t.inject({ method: 'POST', url: '/api/saved-replies', token: staff, payload: { title: 'T', content: ' \n ' } });
    expect(noText.statusCode).toBe(400);
    expect(noText.json()).toEqual({ error: 'Le texte est requis', code: 'validation' });
  });
});

describe.each(backends)('reply e-mail headers on %s', (backend) => {
  let peer: SmtpPeer;
  let t: TestApp;
  let staff: string;

  beforeAll(async () => {
    peer = await startSmtpPeer();
    // The server's own zone stays whatever the process has; the gym is in New York here, so a
    // header in UTC or in the server's zone would not match.
    t = await createTestApp(backend, {
      smtpUrl: peer.url,
      notifyEmail: 'desk@gym.test',
      mailFrom: 'Tiger Coast <hello@gym.test>',
      timezone: 'America/New_York',
      ...FAST_MAIL,
    });
    staff = (await t.signIn('staff', { name: 'Coach Nok' })).token;
  });
  afterAll(async () => {
    await t?.close();
    await peer?.close();
  });

  it('comes from MAIL_FROM, answers to the gym, threads with the earlier e-mails and quotes in gym time', async () => {
    const contact = await t.inject({
      method: 'POST',
      url: '/api/contact',
      payload: { name: 'Ana Lima', email: 'ana@example.com', subject: 'Gloves', message: 'Do you rent gloves?' },
    });
    expect(contact.statusCode).toBe(201);
    const { conversationId: id } = contact.json<{ conversationId: number }>();
    // The customer's message was written at a known instant: 2026-01-15 03:30 UTC, 22:30 the day before in New York.
    await t.app.ctx.db.updateTable('conversation_messages').set({ created_at: '2026-01-15T03:30:00.000Z' }).where('conversation_id', '=', id).execute();

    await waitUntil(() => peer.messages.some((m) => m.to.includes('desk@gym.test')), 10_000, 'the notice to the gym');
    const notice = peer.messages.find((m) => m.to.includes('desk@gym.test'))!;
    const rootId = notice.headers['message-id'];
    expect(rootId).toMatch(/^<[^@\s]+@gym\.test>$/);

    // The staff's replies to Ana (she also gets the automatic acknowledgement of her message).
    const replies = () => peer.messages.filter((m) => m.to.includes('ana@example.com') && m.headers['auto-submitted'] === undefined);
    const first = await t.inject({ method: 'POST', url: `/api/conversations/${id}/messages`, token: staff, payload: { content: 'Yes, 100 THB.' } });
    expect(first.statusCode).toBe(201);
    await waitUntil(() => replies().length >= 1, 10_000, 'the first reply');
    const [r1] = replies();
    expect(r1.headers.from).toBe('Tiger Coast <hello@gym.test>');
    expect(r1.headers['reply-to']).toBe('desk@gym.test');
    expect(r1.headers['in-reply-to']).toBe(rootId);
    expect(r1.headers.references).toBe(rootId);
    expect(decodeHeader(r1.headers.subject)).toBe('Re: Gloves');
    expect(r1.body).toContain('On Wednesday, January 14, 2026 at 10:30 PM (New York time (UTC-5)), Ana Lima wrote:\n> Do you rent gloves?');
    expect(r1.body).not.toContain('UTC,');

    const second = await t.inject({ method: 'POST', url: `/api/conversations/${id}/messages`, token: staff, payload: { content: 'And shin guards too.' } });
    expect(second.statusCode).toBe(201);
    await waitUntil(() => replies().length >= 2, 10_000, 'the second reply');
    const r2 = replies()[1];
    const r1Id = r1.headers['message-id'];
    expect(r2.headers['in-reply-to']).toBe(r1Id);
    expect(r2.headers.references).toBe(`${rootId} ${r1Id}`);
    expect(r2.headers['message-id']).not.toBe(r1Id);
    // Stored with the messages, so the thread survives restarts.
    const stored = await t.app.ctx.db.selectFrom('conversation_messages').select('message_id').where('conversation_id', '=', id).orderBy('id').execute();
    expect(stored.map((s) => s.message_id)).toEqual([rootId, r1Id, r2.headers['message-id']]);
  });
});
