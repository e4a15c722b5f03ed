import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderDto, VisaLetterDto, VisaLetterPageDto, VisaVerificationDto } from '../../src/shared/api-types';
import { addDays } from '../../src/shared/gym-time';
import { longDate } from '../../src/server/documents/pdf-document';
import { recordDisputeLine } from '../../src/server/ledger/ledger.service';
import { nextSequence } from '../../src/server/visa-letters/visa-letters.repository';
import { createVisaLetterPurgeJob } from '../../src/server/visa-letters/visa-letters.job';
import { editSettings, fillLetterDetails, gymToday, orderBody, slipForm } from '../helpers/orders';
import { addSessions } from '../helpers/pass-orders';
import { pdfInfo, pdfQrCode, pdfText } from '../helpers/pdf-read';
import { backends, createTestApp, defaultRateLimits, type TestApp } from '../helpers/test-app';
import sharp from 'sharp';
import { localizedSiteSettings } from '../../src/server/site-settings/site-settings.service';

// Issue 35, points 2 to 5 and 8: the traveller asks for the letter once the programme is paid,
// staff issue it (the PDF read back, its QR decoded to the verification page), anyone verifies it,
// a refund, a staff revocation or a re-issue revokes it, and its passport data is guarded: staff
// only, audited, exported, erased and purged. On both databases.

const PROGRAMME = 'muay-thai-6-months.programme';
const PASSPORT = {
  fullName: 'Jana Marie Novak',
  nationality: 'CZ',
  passportNumber: 'C01X00T47',
  dateOfBirth: '1994-03-01',
  embassy: 'Royal Thai Embassy, Prague',
};

const png = (color: string) =>
  sharp({ create: { width: 300, height: 120, channels: 3, background: color } })
    .png()
    .toBuffer();

describe.each(backends)('visa letters on %s', (backend) => {
  let t: TestApp;
  let admin: string;
  let staff: string;
  const start = addDays(gymToday(), 20);

  beforeAll(async () => {
    t = await createTestApp(backend, {}, { GYM_NOTIFY_EMAIL: 'office@gym.test' });
    admin = (await t.signIn('admin')).token;
    staff = (await t.signIn('staff')).token;
    const upload = async (kind: string, color: string) => {
      const form = await slipForm({ data: await png(color), filename: `${kind}.png`, type: 'image/png' });
      const res = await t.inject({ method: 'POST', url: `/api/site-settings/images/${kind}`, token: admin, ...form });
      expect(res.statusCode, res.body).toBe(201);
      return res.json<{ url: string }>().url;
    };
    const signature = await upload('signature', '#224466');
    const stamp = await upload('stamp', '#aa2222');
    await editSettings(t, admin, (s) => {
      fillLetterDetails(s);
      s.visaLetter.signatureImageUrl = signature;
      s.visaLetter.stampImageUrl = stamp;
      s.programmes[0].onSale = true;
    });
    await addSessions(t.app.ctx.db, 'Muay Thai All Levels', [start], ['07:30', '16:00'], t.config.timezone);
    await addSessions(t.app.ctx.db, 'MMA Training', [start], ['18:00'], t.config.timezone);
  });
  afterAll(() => t?.close());

  /** A programme bought at the desk by a fresh customer, paid in full unless told. */
  const programmeOrder = async (opts: { pay?: number; language?: 'en' | 'de' } = {}) => {
    const res = await t.inject({
      method: 'POST',
      url: '/api/orders',
      payload: orderBody({ passId: PROGRAMME, method: 'desk', startDate: start, language: opts.language ?? 'en' }),
    });
    expect(res.statusCode, res.body).toBe(201);
    const o = res.json<OrderDto & { token: string }>();
    const pay = opts.pay ?? o.amountSatang;
    if (pay > 0)
      expect(
        (await t.inject({ method: 'POST', url: `/api/orders/${o.id}/payments`, token: staff, payload: { amountSatang: pay, method: 'cash' } })).statusCode,
      ).toBe(201);
    return o;
  };
  const request = (token: string, body: object = PASSPORT) => t.inject({ method: 'POST', url: `/api/orders/by-token/${token}/visa-letter`, payload: body });
  const list = async (status?: string) => {
    const res = await t.inject({ method: 'GET', url: `/api/visa-letters${status ? `?status=${status}` : ''}`, token: staff });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<VisaLetterPageDto>().items;
  };
  const letterOf = async (orderId: number) => (await list()).find((l) => l.orderId === orderId)!;
  const issue = (id: number) => t.inject({ method: 'POST', url: `/api/visa-letters/${id}/issue`, token: staff });
  const verify = async (code: string) => t.inject({ method: 'GET', url: `/api/visa-letters/verify/${code}` });
  const pdfOf = async (token: string) => {
    const res = await t.inject({ method: 'GET', url: `/api/orders/by-token/${token}/visa-letter.pdf` });
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    return res.rawPayload;
  };
  const codeOf = async (token: string) => {
    const url = await pdfQrCode(await pdfOf(token));
    expect(url).toMatch(/^http:\/\/gym\.test\/verify\/[A-Za-z0-9_-]{22}$/);
    return url!.split('/verify/')[1];
  };
  /** A paid programme with its letter issued: the order, the letter and its code. */
  const issued = async () => {
    const o = await programmeOrder();
    expect((await request(o.token)).statusCode).toBe(201);
    const res = await issue((await letterOf(o.id)).id);
    expect(res.statusCode, res.body).toBe(201);
    return { o, letter: res.json<VisaLetterDto>(), code: await codeOf(o.token) };
  };

  it('is offered once the programme is paid, takes the name as in the passport and tells staff', async () => {
    const o = await programmeOrder({ pay: 0 });
    expect((await t.inject({ method: 'GET', url: `/api/orders/by-token/${o.token}/visa-letter` })).json()).toEqual({
      canRequest: false,
      status: null,
      reference: null,
    });
    const early = await request(o.token);
    expect(early.statusCode).toBe(409);
    expect(early.json().code).toBe('visa_letter_unavailable');
    // A pass is never a programme.
    const pass = await t.inject({ method: 'POST', url: '/api/orders', payload: orderBody({ method: 'desk' }) });
    expect((await request(pass.json<{ token: string }>().token)).json().code).toBe('visa_letter_unavailable');

    expect(
      (await t.inject({ method: 'POST', url: `/api/orders/${o.id}/payments`, token: staff, payload: { amountSatang: o.amountSatang, method: 'cash' } }))
        .statusCode,
    ).toBe(201);
    expect((await t.inject({ method: 'GET', url: `/api/orders/by-token/${o.token}/visa-letter` })).json()).toMatchObject({ canRequest: true, status: null });
    for (const [field, bad] of [
      ['fullName', 'Jana Nováková'],
      ['fullName', 'Яна'],
      ['nationality', 'XX'],
      ['passportNumber', 'C0-1'],
      ['dateOfBirth', '01/03/1994'],
    ] as const) {
      const res = await request(o.token, { ...PASSPORT, [field]: bad });
      expect(res.statusCode, `${field} ${bad}`).toBe(400);
    }
    // Staff are pushed (the app's notifier, observed; it still sends).
    const pushes: { title: string; url?: string; body: string }[] = [];
    const push = t.app.ctx.push;
    const original = push.notifyStaff.bind(push);
    push.notifyStaff = (p) => {
      pushes.push({ title: p.title, url: p.url, body: p.body });
      original(p);
    };
    const res = await request(o.token).finally(() => {
      push.notifyStaff = original;
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(pushes).toEqual([{ title: 'Demande de lettre pour visa', url: '/admin/visas', body: expect.stringContaining(o.reference) }]);
    // The order was bought under another name: the answer warns.
    expect(res.json()).toEqual({ status: 'requested', warning: expect.stringMatching(/differs/) });

    const row = await letterOf(o.id);
    expect(row).toMatchObject({ status: 'requested', fullName: 'JANA MARIE NOVAK', nationality: 'CZ', passportNumber: 'C01X00T47', nameDiffers: true });
    const mails = await t.app.ctx.db.selectFrom('outbox').selectAll().where('to_address', '=', 'office@gym.test').execute();
    const notice = mails.find((m) => m.subject.includes('Visa letter requested'));
    expect(notice?.text_body).toContain(o.reference);
    expect(notice?.text_body).not.toContain('C01X00T47');
  });

  it('keeps the signature and the stamp out of everything public: the settings answer and the pages', async () => {
    // Anonymous first: a cached public answer must not reach the admin after it.
    const anonymous = (await t.inject({ method: 'GET', url: '/api/site-settings' })).json().settings.visaLetter;
    const stored = (await t.inject({ method: 'GET', url: '/api/site-settings', token: admin })).json().settings.visaLetter;
    expect(stored.signatureImageUrl).toMatch(/^\//);
    expect(stored.stampImageUrl).toMatch(/^\//);
    expect(anonymous).toMatchObject({ signatureImageUrl: null, stampImageUrl: null, signatoryName: stored.signatoryName });
    const staffRead = (await t.inject({ method: 'GET', url: '/api/site-settings', token: staff })).json().settings.visaLetter;
    expect(staffRead).toMatchObject({ signatureImageUrl: null, stampImageUrl: null });
    // What every public page embeds (its state script): the signatory, not the images.
    for (const language of ['en', 'th'] as const) {
      const page = (await localizedSiteSettings(t.app.ctx, language)).visaLetter;
      expect(page).toMatchObject({ signatureImageUrl: null, stampImageUrl: null, signatoryName: stored.signatoryName });
    }
  });

  it('shows passport data to signed-in staff only, and records every view and download', async () => {
    expect((await t.inject({ method: 'GET', url: '/api/visa-letters' })).statusCode).toBe(401);
    const { letter } = await issued();
    expect((await t.inject({ method: 'GET', url: `/api/visa-letters/${letter.id}/letter.pdf` })).statusCode).toBe(401);
    expect((await t.inject({ method: 'GET', url: `/api/visa-letters/${letter.id}/letter.pdf`, token: staff })).statusCode).toBe(200);
    expect((await t.inject({ method: 'POST', url: `/api/visa-letters/${letter.id}/issue` })).statusCode).toBe(401);
    expect((await t.inject({ method: 'POST', url: `/api/visa-letters/${letter.id}/revoke`, payload: { reason: 'x' } })).statusCode).toBe(401);
    const audit = await t.app.ctx.db.selectFrom('audit_log').select(['route', 'method', 'user_id']).execute();
    const routes = audit.map((a) => `${a.method} ${a.route}`);
    expect(routes).toContain('GET /api/visa-letters');
    expect(routes).toContain('GET /api/visa-letters/:id/letter.pdf');
    expect(routes).toContain('GET /api/orders/by-token/:token/visa-letter.pdf');
    expect(routes).toContain('POST /api/visa-letters/:id/issue');
  });

  it('issues a one-page letter with every fact, its QR to the verification page, e-mailed in the holder’s language', async () => {
    const o = await programmeOrder({ language: 'de' });
    expect((await request(o.token)).statusCode).toBe(201);
    const res = await issue((await letterOf(o.id)).id);
    expect(res.statusCode, res.body).toBe(201);
    const letter = res.json<VisaLetterDto>();
    const year = gymToday().slice(0, 4);
    expect(letter.reference).toMatch(new RegExp(`^DTV-${year}-\\d{4}$`));
    expect(letter.status).toBe('issued');

    const pdf = await pdfOf(o.token);
    expect(await pdfInfo(pdf)).toMatchObject({ pages: 1, width: 595.28, height: 841.89 });
    const text = await pdfText(pdf);
    for (const expected of [
      'Tiger Coast Co., Ltd.',
      'Reg./Tax No. 0815562001234',
      'กระบี่ 81180',
      '+66 75 123 456',
      'office@tigercoastfightclub.com',
      'To: Royal Thai Embassy, Prague',
      `Reference: ${letter.reference}`,
      `Date: ${longDate(gymToday())}`,
      'JANA MARIE NOVAK',
      'Czechia',
      'C01X00T47',
      '1 March 1994',
      '6-month Muay Thai programme',
      longDate(start),
      longDate(o.endDate),
      '5 sessions and 10 hours per week',
      'Enrolled and paid in full',
      'Pim Sukjai',
      'Managing Director',
    ])
      expect(text, expected).toContain(expected);
    // The timetable: the Muay Thai sessions in gym time, not the MMA class the programme does not cover.
    expect(text).toMatch(/07:30–\d\d:\d\d Muay Thai All Levels/);
    expect(text).not.toContain('MMA Training');
    const code = await codeOf(o.token);
    expect(text).toContain(`http://gym.test/verify/${code}`);

    const mail = await t.app.ctx.db.selectFrom('outbox').selectAll().where('subject', 'like', `%${letter.reference}%`).executeTakeFirstOrThrow();
    expect(mail.subject).toBe(`Ihr Visumsschreiben ${letter.reference}`);
    const attached = JSON.parse(mail.attachments!) as { filename: string; contentType: string; content: string }[];
    expect(attached[0]).toMatchObject({ filename: `${letter.reference}.pdf`, contentType: 'application/pdf' });
    expect(await pdfQrCode(Buffer.from(attached[0].content, 'base64'))).toBe(`http://gym.test/verify/${code}`);
  });

  it('verifies a letter without its passport number or date of birth; an unknown code is a 404', async () => {
    const { o, letter, code } = await issued();
    const res = await verify(code);
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-robots-tag']).toBe('noindex');
    expect(res.json<VisaVerificationDto>()).toEqual({
      status: 'valid',
      reference: letter.reference,
      gym: 'Tiger Coast Co., Ltd.',
      holderName: 'JANA MARIE NOVAK',
      programme: '6-month Muay Thai programme',
      startDate: start,
      endDate: o.endDate,
      issueDate: gymToday(),
      revokedAt: null,
    });
    expect(res.body).not.toContain('C01X00T47');
    expect(res.body).not.toContain('1994');
    expect((await verify('A'.repeat(22))).statusCode).toBe(404);
    expect((await verify('short')).statusCode).toBe(400);
    // After the programme's last day it verifies as expired.
    await t.app.ctx.db
      .updateTable('visa_letters')
      .set({ valid_until: addDays(gymToday(), -1) })
      .where('id', '=', letter.id)
      .execute();
    expect((await verify(code)).json().status).toBe('expired');
  });

  it('refuses a letter with an empty letterhead (409 naming what is missing) or for an order refunded meanwhile', async () => {
    const o = await programmeOrder();
    expect((await request(o.token)).statusCode).toBe(201);
    const { id } = await letterOf(o.id);
    await editSettings(t, admin, (s) => {
      s.legal.name = '';
      s.visaLetter.signatoryTitle = null;
    });
    const empty = await issue(id);
    expect(empty.statusCode).toBe(409);
    expect(empty.json()).toMatchObject({ code: 'letter_details_missing', error: expect.stringMatching(/Raison sociale.*Fonction du signataire/) });
    await editSettings(t, admin, (s) => {
      s.legal.name = 'Tiger Coast Co., Ltd.';
      s.visaLetter.signatoryTitle = 'Managing Director';
    });
    expect((await t.inject({ method: 'POST', url: `/api/orders/${o.id}/refunds`, token: admin, payload: { amountSatang: o.amountSatang } })).statusCode).toBe(
      201,
    );
    const unpaid = await issue(id);
    expect(unpaid.statusCode).toBe(409);
    expect(unpaid.json().code).toBe('visa_letter_unavailable');
  });

  it('revokes the letter at once when the order is refunded in full', async () => {
    const { o, code } = await issued();
    // A partial refund leaves it standing.
    expect((await t.inject({ method: 'POST', url: `/api/orders/${o.id}/refunds`, token: admin, payload: { amountSatang: 100_000 } })).statusCode).toBe(201);
    expect((await verify(code)).json().status).toBe('valid');
    expect(
      (await t.inject({ method: 'POST', url: `/api/orders/${o.id}/refunds`, token: admin, payload: { amountSatang: o.amountSatang - 100_000 } })).statusCode,
    ).toBe(201);
    const res = (await verify(code)).json<VisaVerificationDto>();
    expect(res.status).toBe('revoked');
    expect(res.revokedAt).not.toBeNull();
    expect((await t.inject({ method: 'GET', url: `/api/orders/by-token/${o.token}/visa-letter.pdf` })).statusCode).toBe(404);
  });

  it('revokes it when the bank takes the money back (a chargeback of the whole amount)', async () => {
    const { o, code } = await issued();
    await t.app.ctx.db.transaction().execute(async (trx) => {
      // The dispute stays open (the order reads 'disputed'): the money is gone all the same.
      await trx
        .insertInto('disputes')
        .values({
          order_id: o.id,
          dispute_id: `dp_${o.id}`,
          payment_intent: null,
          status: 'needs_response',
          reason: 'fraudulent',
          amount_satang: o.amountSatang,
          evidence_due_by: null,
          created_at: new Date().toISOString(),
          updated_at: new Date().toISOString(),
        })
        .execute();
      await recordDisputeLine(trx, { orderId: o.id, kind: 'chargeback', amountSatang: o.amountSatang, externalId: `cb-${o.id}`, note: 'test' });
    });
    expect((await verify(code)).json().status).toBe('revoked');
  });

  it('lets staff revoke with a reason, and re-issuing makes a new reference and revokes the old one', async () => {
    const { o, letter, code } = await issued();
    const again = await issue(letter.id);
    expect(again.statusCode, again.body).toBe(201);
    const second = again.json<VisaLetterDto>();
    expect(second.id).not.toBe(letter.id);
    expect(second.reference).not.toBe(letter.reference);
    expect((await verify(code)).json().status).toBe('revoked');
    const newCode = await codeOf(o.token);
    expect(newCode).not.toBe(code);
    expect((await verify(newCode)).json()).toMatchObject({ status: 'valid', reference: second.reference });
    // The replaced letter keeps no passport data.
    const old = await t.app.ctx.db.selectFrom('visa_letters').selectAll().where('id', '=', letter.id).executeTakeFirstOrThrow();
    expect(old).toMatchObject({ status: 'revoked', passport_number: null, date_of_birth: null, revoke_reason: `replaced by ${second.reference}` });

    expect((await t.inject({ method: 'POST', url: `/api/visa-letters/${second.id}/revoke`, token: staff, payload: {} })).statusCode).toBe(400);
    const revoked = await t.inject({
      method: 'POST',
      url: `/api/visa-letters/${second.id}/revoke`,
      token: staff,
      payload: { reason: 'Ne vient plus aux cours' },
    });
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(revoked.json()).toMatchObject({ status: 'revoked', revokeReason: 'Ne vient plus aux cours' });
    expect((await verify(newCode)).json().status).toBe('revoked');
    expect((await t.inject({ method: 'POST', url: `/api/visa-letters/${second.id}/revoke`, token: staff, payload: { reason: 'again' } })).statusCode).toBe(409);
    expect((await list('revoked')).map((l) => l.id)).toEqual(expect.arrayContaining([letter.id, second.id]));
  });

  it('issues a request once when two staff members press at the same moment', async () => {
    const o = await programmeOrder();
    expect((await request(o.token)).statusCode).toBe(201);
    const { id } = await letterOf(o.id);
    const answers = await Promise.all([issue(id), issue(id)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const rows = await t.app.ctx.db.selectFrom('visa_letters').select(['status', 'reference']).where('order_id', '=', o.id).execute();
    expect(rows).toEqual([{ status: 'issued', reference: answers.find((r) => r.statusCode === 201)!.json<VisaLetterDto>().reference }]);
    const mails = await t.app.ctx.db.selectFrom('outbox').select('subject').where('subject', 'like', '%DTV-%').execute();
    expect(mails.filter((m) => rows.some((r) => m.subject.includes(r.reference!)))).toHaveLength(1);
  });

  it('hands out one number per letter under parallel issues', async () => {
    const numbers = await Promise.all(Array.from({ length: 25 }, () => nextSequence(t.app.ctx.db, 'TEST', 2031)));
    expect(new Set(numbers).size).toBe(25);
    expect(Math.max(...numbers)).toBe(25);
  });

  it('exports the passport data, and an erase revokes the letter and removes it', async () => {
    const { o, code } = await issued();
    const email = (
      await t.app.ctx.db
        .selectFrom('customers')
        .select('email')
        .where('id', '=', (await t.app.ctx.db.selectFrom('orders').select('customer_id').where('id', '=', o.id).executeTakeFirstOrThrow()).customer_id)
        .executeTakeFirstOrThrow()
    ).email!;
    const found = await t.inject({ method: 'GET', url: `/api/personal-data?email=${encodeURIComponent(email)}`, token: admin });
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json().visaLetters).toEqual([expect.objectContaining({ passportNumber: 'C01X00T47', dateOfBirth: '1994-03-01', status: 'issued' })]);
    const csv = await t.inject({ method: 'GET', url: `/api/personal-data/export?email=${encodeURIComponent(email)}&format=csv`, token: admin });
    expect(csv.body).toContain('C01X00T47');

    const erased = await t.inject({ method: 'POST', url: '/api/personal-data/erase', token: admin, payload: { email } });
    expect(erased.statusCode, erased.body).toBe(200);
    expect(erased.json().visaLetters).toBe(1);
    const v = (await verify(code)).json<VisaVerificationDto>();
    expect(v).toMatchObject({ status: 'revoked', holderName: null });
    const row = await t.app.ctx.db.selectFrom('visa_letters').selectAll().where('verify_code', '=', code).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ full_name: null, passport_number: null, date_of_birth: null, nationality: null, pdf: null });
    const mails = await t.app.ctx.db.selectFrom('outbox').select('attachments').where('to_address', '=', email).execute();
    expect(JSON.stringify(mails)).not.toContain('application/pdf');
  });

  it('purges a letter a year after it stops verifying, with the PDF of its e-mail', async () => {
    const { letter, code } = await issued();
    const row = await t.app.ctx.db.selectFrom('visa_letters').select('purge_after').where('id', '=', letter.id).executeTakeFirstOrThrow();
    const purgeAt = new Date(row.purge_after!);
    // Kept while the programme runs and for a year after its last day.
    expect(purgeAt.getTime()).toBeGreaterThan(Date.parse(`${addDays(start, 180)}T00:00:00Z`) + 364 * 86_400_000);
    await createVisaLetterPurgeJob(t.app.ctx, { now: () => new Date(purgeAt.getTime() - 60_000) }).runOnce();
    expect((await verify(code)).statusCode).toBe(200);
    expect(await createVisaLetterPurgeJob(t.app.ctx, { now: () => purgeAt }).runOnce()).toBeGreaterThanOrEqual(1);
    expect((await verify(code)).statusCode).toBe(404);
    const mail = await t.app.ctx.db.selectFrom('outbox').select('attachments').where('subject', 'like', `%${letter.reference}%`).executeTakeFirstOrThrow();
    expect(mail.attachments).toBeNull();
  });
});

describe.each(backends)('the verification is rate-limited on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(backend, { rateLimits: { ...defaultRateLimits(), verify: { max: 3, windowMs: 60_000 } } });
  });
  afterAll(() => t?.close());

  it('answers 429 past the limit, guesses included', async () => {
    const codes = [];
    for (let i = 0; i < 4; i++) codes.push((await t.inject({ method: 'GET', url: `/api/visa-letters/verify/${'B'.repeat(21)}${i}` })).statusCode);
    expect(codes).toEqual([404, 404, 404, 429]);
  });
});
