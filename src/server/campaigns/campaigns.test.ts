import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CampaignDto, CampaignPreviewDto } from '../../shared/api-types/campaigns';
import { inboundFixture as fixture } from '../../../tests/helpers/inbound-fixtures';
import { categoryPayload, FAST_MAIL, postPayload, uniqueTag } from '../../../tests/helpers/factories';
import { editSettings } from '../../../tests/helpers/orders';
import { startSmtpPeer, waitUntil, type ReceivedMail, type SmtpPeer } from '../../../tests/helpers/smtp-peer';
import { backends, createTestApp, type TestApp } from '../../../tests/helpers/test-app';
import {
  addSubscribers,
  campaignBody,
  campaignOf,
  campaignReaches,
  parseMime,
  recipientRows,
  sendCampaign,
  someSubscribers,
} from '../../../tests/helpers/campaigns';
import { importMail } from '../inbound/import-mail';

// Newsletter campaigns (issue 48 points 1-4) through the API, sent to a real SMTP peer and read
// back as a mail client does: who gets one (confirmed subscribers only), the e-mail itself (List-*
// headers, text and HTML parts, the subscriber's language), a schedule taken once under a double
// submit, cancel, the signed click redirect, the RFC 8058 unsubscribe and a bounce, each counted.

const SECRET = 'campaign-test-secret-0123456789';
let uid = 5000;

describe.each(backends)('campaigns on %s', (backend) => {
  let t: TestApp;
  let peer: SmtpPeer;
  let staff: string;
  let admin: string;

  beforeAll(async () => {
    peer = await startSmtpPeer();
    t = await createTestApp(
      backend,
      // A short throttle window: the cancel test's one-a-window leaves the others waiting.
      { smtpUrl: peer.url, ...FAST_MAIL, campaignWindowMs: 3000 },
      { INBOUND_ADDRESS: 'hello@gym.example', INBOUND_TAG_SECRET: SECRET, MAIL_FROM: 'Gym <no-reply@gym.example>' },
    );
    admin = (await t.signIn('admin')).token;
    staff = (await t.signIn('staff')).token;
    await editSettings(t, admin, (s) => {
      s.legal.address = '12/3 Moo 2, Ao Nang\nKrabi 81180';
    });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await peer?.close();
  });

  const db = () => t.app.ctx.db;
  const mailsTo = (email: string) => peer.messages.filter((m) => m.to.includes(email));
  const post = (url: string, payload?: object, token: string | undefined = staff) => t.inject({ method: 'POST', url, token, payload });

  it('stores drafts (staff only), edits them, lists newest first and previews the e-mail per language', async () => {
    expect((await t.inject({ method: 'POST', url: '/api/campaigns', payload: campaignBody() })).statusCode).toBe(401);
    expect((await t.inject({ method: 'GET', url: '/api/campaigns' })).statusCode).toBe(401);
    const noEnglish = await post('/api/campaigns', { ...campaignBody(), subject: { ru: 'Только русский' } });
    expect(noEnglish.statusCode).toBe(400);

    const first = await post('/api/campaigns', campaignBody());
    expect(first.statusCode, first.body).toBe(201);
    const draft = first.json<CampaignDto>();
    expect(draft).toMatchObject({ status: 'draft', sendAt: null, postId: null, counts: { recipients: 0, sent: 0, clicks: 0 } });
    const second = (await post('/api/campaigns', campaignBody({ subject: { en: 'Second' } }))).json<CampaignDto>();

    const edited = await t.inject({ method: 'PATCH', url: `/api/campaigns/${draft.id}`, token: staff, payload: { preheader: { en: 'Now three classes' } } });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json<CampaignDto>().preheader).toEqual({ en: 'Now three classes' });

    const list = (await t.inject({ method: 'GET', url: '/api/campaigns', token: staff })).json<CampaignDto[]>();
    expect(list.findIndex((c) => c.id === second.id)).toBeLessThan(list.findIndex((c) => c.id === draft.id));

    const preview = await t.inject({ method: 'GET', url: `/api/campaigns/${draft.id}/preview?language=ru`, token: staff });
    expect(preview.statusCode, preview.body).toBe(200);
    const p = preview.json<CampaignPreviewDto>();
    expect(p).toMatchObject({ language: 'ru', subject: 'Неделя Сонгкрана в зале' });
    expect(p.html).toContain('display:none');
    expect(p.html).toContain('<h2');
    expect(p.html).toContain('12/3 Moo 2, Ao Nang, Krabi 81180');
    expect(p.html).toContain('/api/newsletter/unsubscribe?token=');
    expect(p.text).toContain('НЕДЕЛЯ СОНГКРАНА');
    expect(p.text).toContain('Расписание\nhttps://gym.test/timetable');
    expect(p.text).not.toMatch(/<[a-z]/i);
    // A language without a body: English.
    const th = (await t.inject({ method: 'GET', url: `/api/campaigns/${draft.id}/preview?language=th`, token: staff })).json<CampaignPreviewDto>();
    expect(th).toMatchObject({ language: 'en', subject: 'Songkran week at the gym', preheader: 'Now three classes' });
    expect(th.text).toContain('- Morning pads\n- Evening sparring');
    expect(th.text).toContain('book a pass\nhttp://gym.test/passes');
    // A picture of the text is the text's own (absolute, nothing preloaded); the e-mail adds none.
    await t.inject({
      method: 'PATCH',
      url: `/api/campaigns/${draft.id}`,
      token: staff,
      payload: { bodyMarkdown: { en: 'Look:\n\n![The ring](/uploads/ring.webp)' } },
    });
    const pic = (await t.inject({ method: 'GET', url: `/api/campaigns/${draft.id}/preview`, token: staff })).json<CampaignPreviewDto>();
    expect(pic.html.match(/<img [^>]*>/g)).toEqual([expect.stringContaining('src="http://gym.test/uploads/ring.webp"')]);
    expect(pic.html).not.toContain('<link');
    expect(pic.text).toContain('Look:\n\n[The ring]');
  });

  it('turns a published blog post into a draft; an unpublished one is refused', async () => {
    const categoryId = (await post('/api/blog-categories', categoryPayload(), admin)).json<{ id: number }>().id;
    const published = (await post('/api/blog-posts', postPayload(categoryId, { title: 'Ten rounds', content: 'Pad work **daily**.' }), admin)).json<{
      id: number;
      slug: string;
    }>();
    const res = await post(`/api/campaigns/from-post/${published.id}`);
    expect(res.statusCode, res.body).toBe(201);
    const c = res.json<CampaignDto>();
    expect(c).toMatchObject({ status: 'draft', postId: published.id, subject: { en: 'Ten rounds' } });
    expect(c.bodyMarkdown.en).toContain('Pad work **daily**.');
    expect(c.bodyMarkdown.en).toContain(`(http://gym.test/blog/${published.slug})`);

    const draft = (await post('/api/blog-posts', postPayload(categoryId, { published: false }), admin)).json<{ id: number }>();
    const refused = await post(`/api/campaigns/from-post/${draft.id}`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code).toBe('post_not_published');
    expect((await post('/api/campaigns/from-post/999999')).statusCode).toBe(404);
  });

  it('counts and sends to confirmed subscribers only, in their language, with List-* headers, text and HTML parts', async () => {
    const tag = uniqueTag();
    const en = `ana-${tag}@example.com`;
    const ru = `ivan-${tag}@example.com`;
    const pending = `pending-${tag}@example.com`;
    const left = `left-${tag}@example.com`;
    const bouncing = `gone-${tag}@example.com`;
    await addSubscribers(db(), [
      { email: en },
      { email: ru, language: 'ru' },
      { email: pending, state: 'pending' },
      { email: left, state: 'unsubscribed' },
      { email: bouncing },
    ]);
    await db().insertInto('email_bounces').values({ email_key: bouncing, reason: 'User unknown', bounced_at: new Date().toISOString() }).execute();
    // Only this test's subscribers: narrowed to Russian and English ones of this run by the campaign's own rows below.
    const count = await post('/api/campaigns/audience-count', { audience: { languages: ['ru'] } });
    expect(count.statusCode, count.body).toBe(200);
    const ruCount = count.json<{ count: number }>().count;
    expect(ruCount).toBeGreaterThanOrEqual(1);

    const id = await sendCampaign(t, staff);
    const done = await campaignReaches(t, staff, id);
    const rows = await recipientRows(db(), id);
    const keys = rows.map((r) => r.email_key);
    expect(keys).toContain(en);
    expect(keys).toContain(ru);
    for (const never of [pending, left, bouncing]) {
      expect(keys).not.toContain(never);
      expect(mailsTo(never)).toHaveLength(0);
    }
    expect(done.counts).toMatchObject({ recipients: rows.length, sent: rows.length, queued: 0, failed: 0, bounced: 0 });
    expect(rows.every((r) => r.status === 'sent' && r.message_id && Number(r.attempts) === 1)).toBe(true);

    const [mailEn] = mailsTo(en);
    const [mailRu] = mailsTo(ru);
    expect(mailsTo(en)).toHaveLength(1);
    const parsed = await parseMime(mailEn.raw);
    expect(parsed.subject).toBe('Songkran week at the gym');
    expect(parsed.messageId).toBe(rows.find((r) => r.email_key === en)!.message_id);
    const listUnsubscribe = mailEn.headers['list-unsubscribe'];
    expect(listUnsubscribe).toMatch(/^<http:\/\/gym\.test\/api\/newsletter\/unsubscribe\?token=[A-Za-z0-9_-]+&c=\d+\.[A-Za-z0-9_-]+>$/);
    expect(mailEn.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    expect(mailEn.headers['list-id']).toMatch(/<newsletter\.gym\.test>$/);
    expect(mailEn.headers['x-gym-recipient-tag']).toMatch(/^v1\./);
    expect(parsed.text).toContain('SONGKRAN WEEK');
    expect(parsed.text).toContain('12/3 Moo 2, Ao Nang, Krabi 81180');
    expect(parsed.text).toContain(listUnsubscribe.slice(1, -1));
    expect(parsed.html).toContain('Two extra classes a day');
    expect(parsed.html).toContain('<strong>extra</strong>');
    expect(parsed.html).toContain(listUnsubscribe.slice(1, -1).replace(/&/g, '&amp;'));
    // Every link goes through the signed redirect on the site; no tracking pixel.
    expect(parsed.html).not.toContain('href="https://gym.test/timetable"');
    expect(parsed.text).toMatch(/See the timetable\nhttp:\/\/gym\.test\/c\/\d+\.\d+\.[A-Za-z0-9_-]+/);
    expect(parsed.html).not.toMatch(/<img/i);
    expect((await parseMime(mailRu.raw)).subject).toBe('Неделя Сонгкрана в зале');

    // The per-recipient log.
    const log = await t.inject({ method: 'GET', url: `/api/campaigns/${id}/recipients?status=sent&pageSize=1`, token: staff });
    expect(log.statusCode, log.body).toBe(200);
    expect(log.json()).toMatchObject({ total: rows.length, page: 1, pageSize: 1, items: [{ status: 'sent', attempts: 1, reason: null }] });
    // Sent: no longer editable, nor schedulable again.
    expect((await t.inject({ method: 'PATCH', url: `/api/campaigns/${id}`, token: staff, payload: { subject: { en: 'x' } } })).json().code).toBe(
      'campaign_not_editable',
    );
    expect((await post(`/api/campaigns/${id}/schedule`, { sendAt: null })).json().code).toBe('campaign_not_draft');
  });

  it('schedules once under a double submit; a past time is refused; a later one waits and an edit makes it a draft again', async () => {
    await addSubscribers(db(), someSubscribers(2, 'double'));
    const id = (await post('/api/campaigns', campaignBody())).json<CampaignDto>().id;
    const past = await post(`/api/campaigns/${id}/schedule`, { sendAt: new Date(Date.now() - 60_000).toISOString() });
    expect(past.statusCode).toBe(400);
    expect(past.json().code).toBe('campaign_send_at_past');

    const later = await post(`/api/campaigns/${id}/schedule`, { sendAt: new Date(Date.now() + 3600_000).toISOString() });
    expect(later.json<CampaignDto>()).toMatchObject({ status: 'scheduled' });
    const back = await t.inject({ method: 'PATCH', url: `/api/campaigns/${id}`, token: staff, payload: { subject: { en: 'Changed' } } });
    expect(back.json<CampaignDto>()).toMatchObject({ status: 'draft', sendAt: null });

    const both = await Promise.all([post(`/api/campaigns/${id}/schedule`, { sendAt: null }), post(`/api/campaigns/${id}/schedule`, { sendAt: null })]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(both.find((r) => r.statusCode === 409)!.json().code).toBe('campaign_not_draft');
    await campaignReaches(t, staff, id);
    const rows = await recipientRows(db(), id);
    // Each address once, whoever it is.
    for (const r of rows) expect(peer.messages.filter((m) => m.headers['message-id'] === r.message_id)).toHaveLength(1);
  });

  it('sends a test to a staff address, marked and never counted', async () => {
    const id = (await post('/api/campaigns', campaignBody())).json<CampaignDto>().id;
    const to = `owner-${uniqueTag()}@gym.example`;
    const res = await post(`/api/campaigns/${id}/test`, { to, language: 'ru' });
    expect(res.statusCode, res.body).toBe(202);
    const [mail] = await waitUntil(() => (mailsTo(to).length > 0 ? mailsTo(to) : undefined));
    const parsed = await parseMime(mail.raw);
    expect(parsed.subject).toBe('[Test] Неделя Сонгкрана в зале');
    expect(parsed.text).toContain('Test send');
    expect(mail.headers['list-id']).toBeDefined();
    const c = await campaignOf(t, staff, id);
    expect(c).toMatchObject({ status: 'draft', counts: { recipients: 0, sent: 0 } });
    expect(await recipientRows(db(), id)).toHaveLength(0);
  });

  describe('after sending', () => {
    let id: number;
    let a: string;
    let b: string;
    let mailA: ReceivedMail;
    let mailB: ReceivedMail;
    const clickLinks = async (m: ReceivedMail) => [...new Set((await parseMime(m.raw)).text!.match(/http:\/\/gym\.test\/c\/[^\s]+/g))];

    beforeAll(async () => {
      const tag = uniqueTag();
      a = `click-a-${tag}@example.com`;
      b = `click-b-${tag}@example.com`;
      await addSubscribers(db(), [{ email: a }, { email: b }]);
      id = await sendCampaign(t, staff);
      await campaignReaches(t, staff, id);
      mailA = mailsTo(a)[0];
      mailB = mailsTo(b)[0];
    });

    it('counts a click once per recipient and link, redirects to the link, and refuses a forged token without redirecting', async () => {
      const [timetable, passes] = await clickLinks(mailA);
      const path = (u: string) => u.slice('http://gym.test'.length);
      const first = await t.inject({ method: 'GET', url: path(timetable) });
      expect(first.statusCode).toBe(302);
      expect(first.headers.location).toBe('https://gym.test/timetable');
      expect((await t.inject({ method: 'GET', url: path(timetable) })).statusCode).toBe(302);
      expect((await t.inject({ method: 'GET', url: path(passes) })).headers.location).toBe('http://gym.test/passes');
      const [timetableB] = await clickLinks(mailB);
      await t.inject({ method: 'GET', url: path(timetableB) });

      const c = await campaignOf(t, staff, id);
      expect(c.counts.clicks).toBe(3);
      expect(c.links).toEqual([
        { url: 'https://gym.test/timetable', clicks: 2 },
        { url: 'http://gym.test/passes', clicks: 1 },
      ]);

      const token = new URL(timetable).pathname.slice('/c/'.length);
      const [r, l, mac] = token.split('.');
      for (const forged of [`${r}.${Number(l) + 1}.${mac}`, `${Number(r) + 1}.${l}.${mac}`, `${r}.${l}.${mac.slice(0, -2)}xx`, 'nonsense']) {
        const res = await t.inject({ method: 'GET', url: `/c/${encodeURIComponent(forged)}` });
        expect(res.statusCode, forged).toBe(400);
        expect(res.headers.location).toBeUndefined();
        expect(res.headers['content-type']).toContain('text/html');
      }
      expect((await campaignOf(t, staff, id)).counts.clicks).toBe(3);
    });

    it('unsubscribes through the RFC 8058 one-click POST, counted on the campaign; the next campaign skips the address', async () => {
      const target = /^<([^>]+)>$/.exec(mailA.headers['list-unsubscribe'])![1];
      // The link opened in a browser: a page whose button keeps the campaign's parameter.
      const page = await t.inject({ method: 'GET', url: target.slice('http://gym.test'.length), headers: { accept: 'text/html' } });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain(`action="${target.slice('http://gym.test'.length).replace(/&/g, '&amp;')}"`);
      const res = await t.inject({
        method: 'POST',
        url: target.slice('http://gym.test'.length),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
      });
      expect(res.statusCode, res.body).toBe(200);
      const sub = await db().selectFrom('newsletter_subscribers').selectAll().where('email', '=', a).executeTakeFirstOrThrow();
      expect(sub.is_active).toBeFalsy();
      expect((await campaignOf(t, staff, id)).counts.unsubscribed).toBe(1);
      // Again (a mail client retrying): still one.
      await t.inject({
        method: 'POST',
        url: target.slice('http://gym.test'.length),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
      });
      expect((await campaignOf(t, staff, id)).counts.unsubscribed).toBe(1);

      const next = await sendCampaign(t, staff);
      await campaignReaches(t, staff, next);
      expect((await recipientRows(db(), next)).map((r) => r.email_key)).not.toContain(a);
      expect(mailsTo(a)).toHaveLength(1);
    });

    it('marks the recipient of a bounce quoting the campaign e-mail, counts it, and the address gets no more campaigns', async () => {
      const messageId = mailB.headers['message-id'];
      const raw = fixture('bounce.eml', { RCPT: b })
        .toString()
        .replace('<20260303103000.B0A1C2D3E4@mx.gym.example>', `<${uniqueTag()}.bounce@mx.gym.example>`)
        .replace('Subject: Re: Hello\r\n', `Subject: Re: Hello\r\nMessage-ID: ${messageId}\r\n`);
      const result = await importMail(t.app.ctx, { mailbox: 'INBOX', uid: ++uid, size: raw.length, raw: Buffer.from(raw) });
      expect(result.outcome).toBe('bounce');
      const row = (await recipientRows(db(), id)).find((r) => r.email_key === b)!;
      expect(row.status).toBe('bounced');
      expect(row.reason).toBeTruthy();
      const c = await campaignOf(t, staff, id);
      expect(c.counts.bounced).toBe(1);
      expect(c.counts.sent).toBe(c.counts.recipients);

      const next = await sendCampaign(t, staff);
      await campaignReaches(t, staff, next);
      expect((await recipientRows(db(), next)).map((r) => r.email_key)).not.toContain(b);
    });
  });

  it('an erase of a person blanks their address in the campaigns’ log', async () => {
    const email = `erase-${uniqueTag()}@example.com`;
    await addSubscribers(db(), [{ email }]);
    const id = await sendCampaign(t, staff, campaignBody());
    await campaignReaches(t, staff, id);
    const erased = await t.inject({ method: 'POST', url: '/api/personal-data/erase', token: admin, payload: { email } });
    expect(erased.statusCode, erased.body).toBe(200);
    const rows = await recipientRows(db(), id);
    expect(rows.some((r) => r.email === email || r.email_key === email)).toBe(false);
    expect(rows.filter((r) => r.email === 'anonyme@invalid')).toHaveLength(1);
  });

  it('cancel stops what is not yet sent: the queued are skipped, the sent stay', async () => {
    await editSettings(t, admin, (s) => {
      s.newsletter.campaignsPerMinute = 1;
    });
    try {
      await addSubscribers(db(), someSubscribers(3, 'cancel'));
      const before = peer.messages.length;
      const id = await sendCampaign(t, staff);
      // One a window: the first goes, the others wait; the worker is held while staff cancel.
      await waitUntil(async () => (await recipientRows(db(), id)).some((r) => r.status === 'sent'));
      await t.app.campaignSender.stop();
      const res = await post(`/api/campaigns/${id}/cancel`);
      expect(res.statusCode, res.body).toBe(200);
      const c = res.json<CampaignDto>();
      expect(c.status).toBe('cancelled');
      expect(c.counts.queued).toBe(0);
      const rows = await recipientRows(db(), id);
      const sent = rows.filter((r) => r.status === 'sent').length;
      expect(sent).toBeGreaterThanOrEqual(1);
      expect(sent).toBeLessThan(rows.length);
      expect(c.counts.sent).toBe(sent);
      const skipped = rows.filter((r) => r.status === 'skipped');
      expect(skipped).toHaveLength(rows.length - sent);
      expect(skipped.every((r) => r.reason === 'cancelled')).toBe(true);
      t.app.campaignSender.start();
      await t.app.campaignSender.runOnce();
      expect(peer.messages.length - before).toBe(sent);
      expect((await post(`/api/campaigns/${id}/cancel`)).json().code).toBe('campaign_not_cancellable');
    } finally {
      t.app.campaignSender.start();
      await editSettings(t, admin, (s) => {
        s.newsletter.campaignsPerMinute = 60;
      });
    }
  });
});
