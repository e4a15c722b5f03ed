import { DEFAULT_STAY_SETTINGS } from '../../src/shared/stay-settings-data';
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, createTestApp, type TestApp } from '../helpers/test-app';
import { STALE_EDIT } from '../../src/shared/messages';
import { withSeedTranslations } from '../../src/server/db/migrations/020-owner-translations.data';
import { letterDetailsMissing } from '../../src/shared/legal-details';
import { type SiteSettings, type SiteSettingsDto, type SiteSettingsHistoryEntryDto } from '../../src/shared/schemas/site-settings';
import { DEFAULT_SITE_SETTINGS } from '../../src/shared/site-settings-data';

type Answer = SiteSettingsDto;
const clone = <T>(v: T): T => structuredClone(v);

/** A multipart body with one `image` file, as the browser's FormData sends it. */
async function imageForm(data: Buffer, filename: string, type: string) {
  const form = new FormData();
  form.append('image', new Blob([new Uint8Array(data)], { type }), filename);
  const res = new Response(form);
  return { payload: Buffer.from(await res.arrayBuffer()), headers: { 'content-type': res.headers.get('content-type')! } };
}

describe.each(backends)('site settings on %s', (backend) => {
  let t: TestApp;
  let admin: string;
  let adminId: number;
  let staff: string;

  beforeAll(async () => {
    t = await createTestApp(backend);
    const a = await t.signIn('admin', { name: 'Owner Pim' });
    admin = a.token;
    adminId = a.id;
    staff = (await t.signIn('staff')).token;
  });
  afterAll(async () => {
    await t?.close();
  });

  const get = async () => {
    const res = await t.inject({ method: 'GET', url: '/api/site-settings' });
    expect(res.statusCode).toBe(200);
    return res.json<Answer>();
  };
  const put = (settings: SiteSettings, version: number, token: string | null = admin) =>
    t.inject({ method: 'PUT', url: '/api/site-settings', ...(token ? { token } : {}), payload: { settings, version } });

  it('is seeded with the sample values and SPEC.md §9, readable by anyone', async () => {
    const a = await get();
    // The sample values, with their seeded translations (migration 020; tests/api/owner-translations.test.ts).
    // The stays' seed is the server's, out of the public pages' bundle (issue 36, staySettingsOf).
    expect(a.settings).toEqual({ ...withSeedTranslations(DEFAULT_SITE_SETTINGS), stays: DEFAULT_STAY_SETTINGS });
    expect(a.version).toBeGreaterThanOrEqual(1);
    expect(Date.parse(a.updatedAt)).not.toBeNaN();
    expect(a.settings.prices.rows.map((r) => [r.label, ...r.prices])).toEqual([
      ['1 session', 250, 400],
      ['Full day pass', 600, 1000],
      ['1 week, one session/day', 1500, 2500],
      ['1 week, full day', 3500, 5000],
      ['1 month, one session/day', 6500, 8000],
      ['1 month, full day', 12000, 15000],
      ['Private class', 1000, 1500],
    ]);
    expect(a.settings.reviews).toHaveLength(10);
    expect(a.settings.hours.sunday.open).toBe(false);
    expect(a.settings.hours.monday).toEqual({ open: true, from: '08:00', to: '19:00' });
  });

  it('lets only admins save: anonymous 401, staff 403, admin 200', async () => {
    const before = await get();
    const changed = { ...clone(before.settings), tagline: 'Changed by the test' };
    const anon = await put(changed, before.version, null);
    expect(anon.statusCode).toBe(401);
    const byStaff = await put(changed, before.version, staff);
    expect(byStaff.statusCode).toBe(403);
    expect((await get()).settings.tagline).toBe(before.settings.tagline);
    for (const url of ['/api/site-settings/history', '/api/site-settings/history/1/restore']) {
      const method = url.endsWith('restore') ? 'POST' : 'GET';
      expect((await t.inject({ method, url })).statusCode).toBe(401);
      expect((await t.inject({ method, url, token: staff })).statusCode).toBe(403);
    }

    const ok = await put(changed, before.version);
    expect(ok.statusCode).toBe(200);
    const saved = ok.json<Answer>();
    expect(saved.version).toBe(before.version + 1);
    expect(saved.settings.tagline).toBe('Changed by the test');
    expect((await get()).settings.tagline).toBe('Changed by the test');

    // The audit journal records who saved (field names only).
    const audit = await t.app.ctx.db
      .selectFrom('audit_log')
      .selectAll()
      .where('route', '=', '/api/site-settings')
      .where('method', '=', 'PUT')
      .where('status', '=', 200)
      .execute();
    expect(audit.some((e) => e.user_id === adminId)).toBe(true);
  });

  it('answers 400 naming the field for each invalid value', async () => {
    const { settings, version } = await get();
    const cases: [string, (s: SiteSettings) => void, RegExp][] = [
      ['WhatsApp without +', (s) => (s.whatsapp = '081 234 5678'), /WhatsApp/],
      ['http:// social link', (s) => (s.social.facebook = 'http://www.facebook.com/gym'), /Facebook.*https/],
      ['closing before opening', (s) => (s.hours.tuesday = { open: true, from: '19:00', to: '08:00' }), /mardi.*ouverture doit précéder la fermeture/],
      ['hour not HH:MM', (s) => (s.hours.friday.from = '8h'), /vendredi.*HH:MM/],
      ['fractional price', (s) => (s.prices.rows[0].prices[0] = 250.5), /Prix.*entier/],
      ['fewer than 3 reviews', (s) => (s.reviews = s.reviews.slice(0, 2)), /Avis.*au moins 3/],
      ['a row missing a column', (s) => (s.prices.rows[1].prices = [600]), /Tarifs.*Full day pass/],
      ['no price row', (s) => (s.prices.rows = []), /Tarifs.*au moins une ligne/],
      ['blank name', (s) => (s.name = '  '), /nom du club/],
    ];
    for (const [label, change, message] of cases) {
      const s = clone(settings);
      change(s);
      const res = await put(s, version);
      expect(res.statusCode, label).toBe(400);
      expect(res.json<{ error: string }>().error, label).toMatch(message);
    }
    // A closed day's hours are not compared.
    const closed = clone(settings);
    closed.hours.sunday = { open: false, from: '19:00', to: '08:00' };
    const res = await put(closed, version);
    expect(res.statusCode).toBe(200);
    // Nothing refused was stored.
    const after = await get();
    expect(after.settings.whatsapp).toBe(settings.whatsapp);
    expect(after.settings.reviews).toHaveLength(settings.reviews.length);
  });

  it('takes back exactly what GET answered, and changes nothing but the version', async () => {
    const read = await t.inject({ method: 'GET', url: '/api/site-settings' });
    const before = read.json<Answer>();
    // The body sent is the body read, byte for byte (updatedAt included).
    const res = await t.inject({ method: 'PUT', url: '/api/site-settings', token: admin, headers: { 'content-type': 'application/json' }, payload: read.body });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).not.toContain('Le nom du club est requis');
    const saved = res.json<Answer>();
    expect(saved.settings).toEqual(before.settings);
    expect(saved.version).toBe(before.version + 1);
    const after = await get();
    expect(after.settings).toEqual(before.settings);
    expect(after.version).toBe(before.version + 1);
  });

  it('refuses the settings laid flat beside the version, naming the settings object', async () => {
    const { settings, version } = await get();
    const flat = await t.inject({ method: 'PUT', url: '/api/site-settings', token: admin, payload: { ...settings, version } });
    expect(flat.statusCode).toBe(400);
    expect(flat.json<{ error: string }>().error).toMatch(/settings/);
    expect((await get()).version).toBe(version);
  });

  it('refuses a save based on a stale version with 409 and keeps the other save', async () => {
    const { settings, version } = await get();
    const first = await put({ ...clone(settings), tagline: 'First save wins' }, version);
    expect(first.statusCode).toBe(200);
    const second = await put({ ...clone(settings), tagline: 'Second save loses' }, version);
    expect(second.statusCode).toBe(409);
    expect(second.json()).toEqual({ error: STALE_EDIT.siteSettings, code: 'stale_version' });
    expect((await get()).settings.tagline).toBe('First save wins');
    const missing = await t.inject({ method: 'PUT', url: '/api/site-settings', token: admin, payload: { settings } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json<{ error: string }>().error).toMatch(/version/);
  });

  it('lists who changed what, newest first, and restores an earlier version as a new one', async () => {
    const start = await get();
    const s1 = clone(start.settings);
    s1.whatsapp = '+66 99 000 1111';
    s1.prices.rows[0].prices[0] = 300;
    const r1 = await put(s1, start.version);
    expect(r1.statusCode).toBe(200);

    const history = await t.inject({ method: 'GET', url: '/api/site-settings/history', token: admin });
    expect(history.statusCode).toBe(200);
    const entries = history.json<SiteSettingsHistoryEntryDto[]>();
    const [latest] = entries;
    expect(latest.version).toBe(start.version + 1);
    expect(latest.changedBy).toEqual({ id: adminId, name: 'Owner Pim' });
    expect(latest.changes.sort()).toEqual(['prices', 'whatsapp']);
    expect(entries.map((e) => e.version)).toEqual([...entries.map((e) => e.version)].sort((a, b) => b - a));
    // The seed is the first entry, by nobody.
    const seed = entries.find((e) => e.version === 1)!;
    expect(seed.changedBy).toBeNull();
    expect(entries.length).toBeLessThanOrEqual(50);

    // Restore the version before the change.
    const previous = entries.find((e) => e.version === start.version)!;
    const restored = await t.inject({ method: 'POST', url: `/api/site-settings/history/${previous.id}/restore`, token: admin });
    expect(restored.statusCode).toBe(200);
    const back = restored.json<Answer>();
    expect(back.version).toBe(start.version + 2);
    expect(back.settings).toEqual(start.settings);
    expect((await get()).settings.whatsapp).toBe(start.settings.whatsapp);
    const after = (await t.inject({ method: 'GET', url: '/api/site-settings/history', token: admin })).json<SiteSettingsHistoryEntryDto[]>();
    expect(after[0]).toMatchObject({ version: start.version + 2, changedBy: { id: adminId, name: 'Owner Pim' } });
    expect(after[0].changes.sort()).toEqual(['prices', 'whatsapp']);

    const missing = await t.inject({ method: 'POST', url: '/api/site-settings/history/999999/restore', token: admin });
    expect(missing.statusCode).toBe(404);
  });

  it('names the gym as saved in the e-mails written after the save', async () => {
    const { settings, version } = await get();
    expect((await put({ ...clone(settings), name: 'Railay Muay Thai' }, version)).statusCode).toBe(200);
    const email = `reader-${backend}@example.com`;
    const res = await t.inject({ method: 'POST', url: '/api/newsletter-subscribers', payload: { email } });
    expect(res.statusCode).toBe(201);
    const mail = await t.app.ctx.db.selectFrom('outbox').select(['subject', 'text_body']).where('to_address', '=', email).executeTakeFirstOrThrow();
    expect(mail.subject).toBe('Confirm your subscription to the Railay Muay Thai newsletter');
    expect(mail.text_body).toContain('Railay Muay Thai');
    expect(mail.text_body).not.toContain('Tiger Coast');
    // The authenticator app's label for a new enrolment names it too.
    const setup = await t.inject({ method: 'POST', url: '/api/auth/two-factor/setup', token: admin, payload: {} });
    expect(setup.statusCode, setup.body).toBe(200);
    expect(setup.json<{ otpauthUrl: string }>().otpauthUrl).toContain(`issuer=${encodeURIComponent('Railay Muay Thai')}`);
  });

  it('lists only the last 50 versions', async () => {
    let { settings, version } = await get();
    for (let i = 0; i < 52; i++) {
      const res = await put({ ...clone(settings), tagline: `Tagline ${i}` }, version);
      expect(res.statusCode).toBe(200);
      ({ settings, version } = res.json<Answer>());
    }
    const entries = (await t.inject({ method: 'GET', url: '/api/site-settings/history', token: admin })).json<SiteSettingsHistoryEntryDto[]>();
    expect(entries).toHaveLength(50);
    expect(entries[0].version).toBe(version);
    expect(entries[49].version).toBe(version - 49);
    expect(entries[0].changes).toEqual(['tagline']);
  });

  it('keeps the legal details and the visa letter (a Thai address on several lines), and reads them empty from a record saved before', async () => {
    const { settings, version } = await get();
    // Seeded empty: no letter can be issued yet.
    expect(settings.legal).toEqual({ name: null, registrationNumber: null, address: null, phone: null, email: null });
    expect(settings.visaLetter).toEqual({ signatoryName: null, signatoryTitle: null, signatureImageUrl: null, stampImageUrl: null, onDeposit: false });
    expect(letterDetailsMissing(settings)).toHaveLength(9);

    const s = clone(settings);
    s.legal = {
      name: 'Tiger Coast Co., Ltd.',
      registrationNumber: '0815562001234',
      address: '88/8 หมู่ 2 ถนนอ่าวนาง\nตำบลอ่าวนาง อำเภอเมืองกระบี่\nกระบี่ 81180',
      phone: '+66 75 123 456',
      email: 'office@tigercoastfightclub.com',
    };
    s.visaLetter = {
      signatoryName: 'Pim Sukjai',
      signatoryTitle: 'Managing Director',
      signatureImageUrl: '/uploads/site/sig-400.webp',
      stampImageUrl: null,
      onDeposit: true,
    };
    const res = await put(s, version);
    expect(res.statusCode, res.body).toBe(200);
    // Admins read the signature back; anyone else reads the settings without it.
    const after = (await t.inject({ method: 'GET', url: '/api/site-settings', token: admin })).json<Answer>();
    expect(after.settings.legal).toEqual(s.legal);
    expect(after.settings.visaLetter).toEqual(s.visaLetter);
    expect((await get()).settings.visaLetter).toEqual({ ...s.visaLetter, signatureImageUrl: null });
    expect(letterDetailsMissing(after.settings)).toEqual(['Image du cachet']);

    for (const [label, change, message] of [
      ['bad legal e-mail', (x: SiteSettings) => (x.legal.email = 'office@'), /e-mail légal/],
      ['letters in the phone', (x: SiteSettings) => (x.legal.phone = 'call us'), /téléphone légal/],
      ['address too long', (x: SiteSettings) => (x.legal.address = 'ก'.repeat(501)), /adresse légale.*500/],
      ['stamp not an image address', (x: SiteSettings) => (x.visaLetter.stampImageUrl = 'javascript:alert(1)'), /Cachet/],
      ['onDeposit not a boolean', (x: SiteSettings) => ((x.visaLetter as { onDeposit: unknown }).onDeposit = 'yes'), /acompte/],
    ] as const) {
      const bad = clone(after.settings);
      change(bad);
      const r = await put(bad, after.version);
      expect(r.statusCode, label).toBe(400);
      expect(r.json<{ error: string }>().error, label).toMatch(message);
    }

    // A record saved before issue 35 has neither group: it reads the empty defaults.
    const { legal: _legal, visaLetter: _visa, ...older } = after.settings;
    await t.app.ctx.db
      .updateTable('site_settings')
      .set({ data: JSON.stringify(older) })
      .execute();
    t.app.ctx.publicCache.invalidate();
    const reread = await get();
    expect(reread.settings.legal).toEqual(DEFAULT_SITE_SETTINGS.legal);
    expect(reread.settings.visaLetter).toEqual(DEFAULT_SITE_SETTINGS.visaLetter);
    expect(reread.settings.name).toBe(after.settings.name);
  });

  it('takes the signature and the stamp as images', async () => {
    const png = await sharp({ create: { width: 600, height: 300, channels: 4, background: { r: 0, g: 0, b: 120, alpha: 0.5 } } })
      .png()
      .toBuffer();
    for (const kind of ['signature', 'stamp']) {
      const res = await t.inject({
        method: 'POST',
        url: `/api/site-settings/images/${kind}`,
        token: admin,
        ...(await imageForm(png, `${kind}.png`, 'image/png')),
      });
      expect(res.statusCode, kind).toBe(201);
      expect(res.json<{ url: string }>().url).toMatch(/^\/uploads\/site\/[0-9a-f]{32}-[0-9]+\.webp$/);
    }
  });

  it('stores an uploaded logo as WebP variants and answers its URL', async () => {
    const png = await sharp({ create: { width: 900, height: 500, channels: 3, background: { r: 200, g: 30, b: 30 } } })
      .png()
      .toBuffer();
    const form = await imageForm(png, 'logo.png', 'image/png');
    const anon = await t.inject({ method: 'POST', url: '/api/site-settings/images/logo', ...form });
    expect(anon.statusCode).toBe(401);
    const byStaff = await t.inject({ method: 'POST', url: '/api/site-settings/images/logo', token: staff, ...form });
    expect(byStaff.statusCode).toBe(403);

    const res = await t.inject({ method: 'POST', url: '/api/site-settings/images/hero', token: admin, ...form });
    expect(res.statusCode).toBe(201);
    const { url } = res.json<{ url: string }>();
    expect(url).toMatch(/^\/uploads\/site\/[0-9a-f]{32}-800\.webp$/);
    const stem = url.slice('/uploads/site/'.length).replace(/-800\.webp$/, '');
    const dir = path.join(t.config.dataDir, 'uploads', 'site');
    expect(
      fs
        .readdirSync(dir)
        .filter((f) => f.startsWith(stem))
        .sort(),
    ).toEqual([`${stem}-400.webp`, `${stem}-800.webp`]);
    const meta = await sharp(path.join(dir, `${stem}-400.webp`)).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.width).toBe(400);
    const served = await t.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);

    const notImage = await t.inject({
      method: 'POST',
      url: '/api/site-settings/images/logo',
      token: admin,
      ...(await imageForm(Buffer.from('hello'), 'x.png', 'image/png')),
    });
    expect(notImage.statusCode).toBe(415);
    const badKind = await t.inject({ method: 'POST', url: '/api/site-settings/images/banner', token: admin, ...form });
    expect(badKind.statusCode).toBe(400);
  });

  it('drops the cached public answer on save: the next anonymous GET shows the new values', async () => {
    // Anonymous reads are cached whole: warm the cache, then save.
    const warm = await get();
    expect((await get()).version).toBe(warm.version);
    const s = clone(warm.settings);
    s.name = 'Andaman Fight Camp';
    const res = await put(s, warm.version);
    expect(res.statusCode).toBe(200);
    const after = await get();
    expect(after.settings.name).toBe('Andaman Fight Camp');
    expect(after.version).toBe(warm.version + 1);
  });
});
