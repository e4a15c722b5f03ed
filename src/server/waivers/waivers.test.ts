import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfText } from '../../../tests/helpers/pdf-read';
import { backends, createTestApp, type TestApp } from '../../../tests/helpers/test-app';
import { addDays, todayInZone } from '../../shared/gym-time';
import { findOrCreateCustomer } from '../customers/customers.repository';
import * as service from './waivers.service';

// The waiver (issue 47 point 4) on both databases: versions and who signs again, the minor
// rule, the drawn signature's checks, the staff's view and PDF, the health answers nowhere
// else, the retention and the erase.

const drawn = async (empty = false) => {
  const svg = empty
    ? '<svg xmlns="http://www.w3.org/2000/svg" width="300" height="120"></svg>'
    : '<svg xmlns="http://www.w3.org/2000/svg" width="300" height="120"><path d="M10 90 C 60 10, 120 110, 290 30" stroke="black" stroke-width="4" fill="none"/></svg>';
  return `data:image/png;base64,${(await sharp(Buffer.from(svg)).png().toBuffer()).toString('base64')}`;
};

describe.each(backends)('the waiver on %s', (backend) => {
  let t: TestApp;
  let admin: string;
  let staff: string;
  let today: string;
  let signature: string;
  const customer = async (email: string) => (await findOrCreateCustomer(t.app.ctx.db, { name: 'Wai Ver', email, phone: null, language: 'en' }))!.id;
  const payload = (version: number, extra: Record<string, unknown> = {}) => ({
    version,
    fullName: 'Wai Ver',
    birthDate: '1990-04-02',
    emergencyName: 'Mum Ver',
    emergencyPhone: '+44 20 7946 0000',
    conditions: ['asthma'],
    conditionsText: 'Old knee injury, left',
    signatureName: 'Wai Ver',
    signatureImage: signature,
    ...extra,
  });
  const publish = (resign: 'all' | 'unsigned', en = 'I take part at my own risk.') =>
    t.inject({ method: 'POST', url: '/api/waiver/versions', token: admin, payload: { texts: { en, ru: 'Я участвую на свой риск.' }, resign } });

  beforeAll(async () => {
    t = await createTestApp(backend);
    admin = (await t.signIn('admin')).token;
    staff = (await t.signIn('staff')).token;
    today = todayInZone(t.config.timezone);
    signature = await drawn();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('asks nothing before a version is published, and refuses a signature then', async () => {
    const id = await customer('before@example.com');
    expect(await service.waiverStatusOf(t.app.ctx, id)).toEqual({ required: false, signedVersion: null, signedAt: null });
    await expect(service.signWaiver(t.app.ctx, id, payload(1) as never, 'en')).rejects.toMatchObject({ statusCode: 409, code: 'waiver_not_published' });
  });

  it('is published by admins only, English required, numbered in order', async () => {
    expect((await t.inject({ method: 'POST', url: '/api/waiver/versions', token: staff, payload: { texts: { en: 'x' }, resign: 'all' } })).statusCode).toBe(
      403,
    );
    const noEnglish = await t.inject({ method: 'POST', url: '/api/waiver/versions', token: admin, payload: { texts: { ru: 'x' }, resign: 'all' } });
    expect(noEnglish.statusCode).toBe(400);
    const first = await publish('unsigned');
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ version: 1, resign: 'unsigned', texts: { en: 'I take part at my own risk.' } });
    const list = await t.inject({ method: 'GET', url: '/api/waiver/versions', token: admin });
    expect(list.json<{ version: number }[]>().map((v) => v.version)).toEqual([1]);
  });

  it('is signed once per version; "only the unsigned" keeps old signatures, "everyone" asks again', async () => {
    const id = await customer('signer@example.com');
    const never = await customer('never@example.com');
    expect((await service.waiverStatusOf(t.app.ctx, id)).required).toBe(true);
    const v1 = (await service.waiverToSign(t.app.ctx, id, 'ru')).current!;
    expect(v1).toMatchObject({ version: 1, language: 'ru', text: 'Я участвую на свой риск.' });
    expect((await service.waiverToSign(t.app.ctx, id, 'th')).current).toMatchObject({ language: 'en' });

    const signed = await service.signWaiver(t.app.ctx, id, payload(1) as never, 'ru');
    expect(signed).toMatchObject({ required: false, signedVersion: 1 });

    expect((await publish('unsigned', 'Version two.')).statusCode).toBe(201);
    expect((await service.waiverStatusOf(t.app.ctx, id)).required).toBe(false);
    expect((await service.waiverStatusOf(t.app.ctx, never)).required).toBe(true);
    // A signature of an older version than the current one is refused: the text changed.
    await expect(service.signWaiver(t.app.ctx, id, payload(1) as never, 'en')).rejects.toMatchObject({ statusCode: 409, code: 'waiver_version_stale' });

    expect((await publish('all', 'Version three.')).statusCode).toBe(201);
    expect((await service.waiverStatusOf(t.app.ctx, id)).required).toBe(true);
    await service.signWaiver(t.app.ctx, id, payload(3) as never, 'en');
    expect(await service.waiverStatusOf(t.app.ctx, id)).toMatchObject({ required: false, signedVersion: 3 });
    const flags = await service.waiverFlagsOf(t.app.ctx, [id, never]);
    expect(flags.get(id)).toBe('conditions');
    expect(flags.get(never)).toBe('missing');
  });

  it('refuses a person under 18 (a guardian signs at the desk), a birth date to come, and an empty or false drawing', async () => {
    const id = await customer('young@example.com');
    const version = (await service.waiverToSign(t.app.ctx, id, 'en')).current!.version;
    const seventeen = `${Number(today.slice(0, 4)) - 18}${addDays(today, 1).slice(4)}`;
    await expect(service.signWaiver(t.app.ctx, id, payload(version, { birthDate: seventeen }) as never, 'en')).rejects.toMatchObject({
      statusCode: 422,
      code: 'waiver_minor',
    });
    const eighteen = `${Number(today.slice(0, 4)) - 18}${today.slice(4)}`;
    await expect(service.signWaiver(t.app.ctx, id, payload(version, { birthDate: addDays(today, 1) }) as never, 'en')).rejects.toMatchObject({
      statusCode: 400,
    });
    await expect(service.signWaiver(t.app.ctx, id, payload(version, { signatureImage: await drawn(true) }) as never, 'en')).rejects.toMatchObject({
      code: 'waiver_signature_invalid',
    });
    const notPng = `data:image/png;base64,${Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>').toString('base64')}`;
    await expect(service.signWaiver(t.app.ctx, id, payload(version, { signatureImage: notPng }) as never, 'en')).rejects.toMatchObject({
      code: 'waiver_signature_invalid',
    });
    expect((await service.waiverStatusOf(t.app.ctx, id)).signedVersion).toBeNull();
    // Eighteen today is old enough.
    expect(await service.signWaiver(t.app.ctx, id, payload(version, { birthDate: eighteen, conditions: [], conditionsText: '' }) as never, 'en')).toMatchObject(
      {
        required: false,
      },
    );
    expect((await service.waiverFlagsOf(t.app.ctx, [id])).get(id)).toBe('signed');
  });

  it('shows staff the answers and the PDF; nobody signed out; the PDF reads back with the name and the conditions', async () => {
    const id = await customer('signer@example.com');
    expect((await t.inject({ method: 'GET', url: `/api/customers/${id}/waiver` })).statusCode).toBe(401);
    const res = await t.inject({ method: 'GET', url: `/api/customers/${id}/waiver`, token: staff });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      flag: 'conditions',
      signature: { conditions: ['asthma'], conditionsText: 'Old knee injury, left', emergencyName: 'Mum Ver' },
    });
    expect(res.headers['cache-control']).toContain('no-store');
    expect(JSON.stringify(res.json())).not.toContain('base64');

    const pdf = await t.inject({ method: 'GET', url: `/api/customers/${id}/waiver.pdf`, token: staff });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain('WAIVER AND HEALTH DECLARATION');
    expect(text).toContain('Wai Ver');
    expect(text).toContain('Asthma');
    expect(text).toContain('Version three.');
    const none = await customer('nobody-signed@example.com');
    expect((await t.inject({ method: 'GET', url: `/api/customers/${none}/waiver.pdf`, token: staff })).statusCode).toBe(404);
  });

  it('keeps the health answers out of the personal-data-free lists and the logs', async () => {
    const db = t.app.ctx.db;
    // The answers are only in waiver_signatures: no other table holds the free text.
    const rows = await db.selectFrom('audit_log').selectAll().execute();
    expect(JSON.stringify(rows)).not.toContain('Old knee injury');
    const customers = await t.inject({ method: 'GET', url: '/api/customers?search=signer', token: staff });
    expect(customers.statusCode).toBe(200);
    expect(customers.body).not.toContain('Old knee injury');
    expect(customers.body).not.toContain('asthma');
  });

  it('blanks the answers after the retention since the last visit, keeping the flag; the erase deletes the signature', async () => {
    const id = await customer('signer@example.com');
    const later = new Date(Date.now() + 25 * 31 * 24 * 3_600_000);
    const blanked = await service.purgeOldHealthAnswers(t.app.ctx, later);
    expect(blanked).toBeGreaterThan(0);
    const after = await service.signatureForStaff(t.app.ctx, id);
    expect(after).toMatchObject({ conditions: [], conditionsText: null, hasConditions: true });
    expect(after?.healthErasedAt).not.toBeNull();
    expect((await service.waiverFlagsOf(t.app.ctx, [id])).get(id)).toBe('conditions');
    // Twice changes nothing more.
    expect(await service.purgeOldHealthAnswers(t.app.ctx, later)).toBe(0);

    const erase = await t.inject({ method: 'POST', url: '/api/personal-data/erase', token: staff, payload: { email: 'signer@example.com' } });
    expect(erase.statusCode).toBe(200);
    const left = await t.app.ctx.db.selectFrom('waiver_signatures').select('id').where('customer_id', '=', id).execute();
    expect(left).toEqual([]);
  });
});
