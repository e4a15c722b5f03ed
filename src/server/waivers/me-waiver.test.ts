import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { confirm, cookieOf, customer, signInMail } from '../../../tests/helpers/me-sign-in';
import { pdfText } from '../../../tests/helpers/pdf-read';
import type { Language } from '../../shared/i18n/languages';
import { backends, createTestApp, type TestApp } from '../../../tests/helpers/test-app';

// The traveller's side of the waiver and the door code (issue 47 points 4 and 5) on both
// databases: signed in by e-mail, they read the text in their language, sign it with a drawing,
// get their PDF and their QR; signed out, or with a staff token, nothing opens.

describe.each(backends)("My page's waiver and door code on %s", (backend) => {
  let t: TestApp;
  let admin: string;
  let cookie = '';
  let signature = '';

  beforeAll(async () => {
    t = await createTestApp(backend);
    admin = (await t.signIn('admin')).token;
    await customer(t, 'mina@example.com', 'Mina Traveller', 'ru');
    const mail = await signInMail(t, 'mina@example.com', 'ru');
    cookie = cookieOf(await confirm(t, mail.token));
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" width="300" height="120"><path d="M10 90 C 60 10, 120 110, 290 30" stroke="black" stroke-width="4" fill="none"/></svg>';
    signature = `data:image/png;base64,${(await sharp(Buffer.from(svg)).png().toBuffer()).toString('base64')}`;
    const published = await t.inject({
      method: 'POST',
      url: '/api/waiver/versions',
      token: admin,
      payload: { texts: { en: 'I train at my own risk.', ru: 'Я тренируюсь на свой риск.' }, resign: 'unsigned' },
    });
    expect(published.statusCode).toBe(201);
  });
  afterAll(async () => {
    await t?.close();
  });

  const me = (method: 'GET' | 'POST', url: string, payload?: object, headers: Record<string, string> = { cookie }) =>
    t.inject({ method, url, headers, ...(payload ? { payload } : {}) });

  it('opens nothing without the session cookie, nor with a staff token', async () => {
    for (const url of ['/api/me/waiver', '/api/me/waiver.pdf', '/api/me/check-in.svg']) {
      expect((await me('GET', url, undefined, {})).statusCode).toBe(401);
      expect((await t.inject({ method: 'GET', url, token: admin })).statusCode).toBe(401);
    }
    const complete = {
      version: 1,
      fullName: 'Mina Traveller',
      birthDate: '1994-05-06',
      emergencyName: 'Oleg',
      emergencyPhone: '+7 900 123 45 67',
      conditions: [],
      signatureName: 'Mina Traveller',
      signatureImage: signature,
    };
    expect((await me('POST', '/api/me/waiver', complete, {})).statusCode).toBe(401);
  });

  it('gives the text in the traveller’s language, takes the signature once, and then the PDF', async () => {
    const before = await me('GET', '/api/me/waiver');
    expect(before.statusCode).toBe(200);
    expect(before.json()).toMatchObject({
      required: true,
      signedVersion: null,
      current: { version: 1, language: 'ru', text: 'Я тренируюсь на свой риск.' },
      signed: null,
    });
    expect((await me('GET', '/api/me/waiver.pdf')).statusCode).toBe(404);

    const body = {
      version: 1,
      fullName: 'Mina Traveller',
      birthDate: '1994-05-06',
      emergencyName: 'Oleg',
      emergencyPhone: '+7 900 123 45 67',
      conditions: ['asthma', 'nonsense'],
      signatureName: 'Mina Traveller',
      signatureImage: signature,
    };
    const refused = await me('POST', '/api/me/waiver', body);
    expect(refused.statusCode).toBe(400);
    const signed = await me('POST', '/api/me/waiver', { ...body, conditions: ['asthma'] });
    expect(signed.statusCode, signed.body).toBe(201);
    expect(signed.json()).toMatchObject({ required: false, signedVersion: 1 });
    const after = (await me('GET', '/api/me/waiver')).json<{ signed: { conditions: string[]; fullName: string } }>();
    expect(after.signed).toMatchObject({ conditions: ['asthma'], fullName: 'Mina Traveller' });
    const pdf = await me('GET', '/api/me/waiver.pdf');
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['cache-control']).toContain('no-store');
  });

  it('prints names typed in Cyrillic, Chinese and Thai in the PDF, and the text in the language signed', async () => {
    const people: { email: string; language: Language; fullName: string; emergencyName: string; conditionsText: string }[] = [
      { email: 'ivan@example.com', language: 'ru', fullName: 'Иван Петров', emergencyName: 'Ольга Петрова', conditionsText: 'Старая травма колена' },
      { email: 'wang@example.com', language: 'zh', fullName: '王小明', emergencyName: '李华', conditionsText: '膝盖旧伤' },
      { email: 'somchai@example.com', language: 'th', fullName: 'สมชาย ใจดี', emergencyName: 'มาลี ใจดี', conditionsText: 'บาดเจ็บที่เข่า' },
    ];
    for (const p of people) {
      await customer(t, p.email, p.fullName, p.language);
      const own = cookieOf(await confirm(t, (await signInMail(t, p.email, p.language)).token));
      const signed = await me(
        'POST',
        '/api/me/waiver',
        {
          version: 1,
          fullName: p.fullName,
          birthDate: '1990-02-03',
          emergencyName: p.emergencyName,
          emergencyPhone: '+66 81 234 5678',
          conditions: ['asthma'],
          conditionsText: p.conditionsText,
          signatureName: p.fullName,
          signatureImage: signature,
        },
        { cookie: own },
      );
      expect(signed.statusCode, signed.body).toBe(201);
      const pdf = await me('GET', '/api/me/waiver.pdf', undefined, { cookie: own });
      expect(pdf.statusCode).toBe(200);
      // pdftotext gives the words as drawn: each glyph was in an embedded font, or it would be missing.
      const text = (await pdfText(pdf.rawPayload)).normalize('NFC');
      for (const typed of [p.fullName, p.emergencyName, p.conditionsText, `Signed as: ${p.fullName}`]) expect(text, p.language).toContain(typed);
      if (p.language === 'ru') expect(text).toContain('Я тренируюсь на свой риск.');
    }
  });

  it('refuses a signature under 18 with its own code', async () => {
    const year = new Date().getUTCFullYear() - 15;
    const res = await me('POST', '/api/me/waiver', {
      version: 1,
      fullName: 'Mina Traveller',
      birthDate: `${year}-01-01`,
      emergencyName: 'Oleg',
      emergencyPhone: '+7 900 123 45 67',
      conditions: [],
      signatureName: 'Mina Traveller',
      signatureImage: signature,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: 'waiver_minor' });
  });

  it('shows the door code as a QR image, and a renewal ends the old code', async () => {
    const svg = await me('GET', '/api/me/check-in.svg');
    expect(svg.statusCode).toBe(200);
    expect(svg.headers['content-type']).toContain('image/svg+xml');
    expect(svg.body).toContain('<svg');
    const staff = (await t.signIn('staff')).token;
    const { checkInCodeOf } = await import('../check-in/check-in-code');
    const id = (await t.app.ctx.db.selectFrom('customers').select('id').where('email_key', '=', 'mina@example.com').executeTakeFirstOrThrow()).id;
    const old = await checkInCodeOf(t.app.ctx.db, id);
    expect((await t.inject({ method: 'POST', url: '/api/desk/check-in', token: staff, payload: { code: old } })).statusCode).toBe(200);
    expect((await me('POST', '/api/me/check-in-code/renew', {})).statusCode).toBe(204);
    expect((await t.inject({ method: 'POST', url: '/api/desk/check-in', token: staff, payload: { code: old } })).statusCode).toBe(404);
    const renewed = await checkInCodeOf(t.app.ctx.db, id);
    expect((await t.inject({ method: 'POST', url: '/api/desk/check-in', token: staff, payload: { code: renewed } })).json()).toMatchObject({
      person: { name: 'Mina Traveller' },
      waiver: 'conditions',
    });
  });
});
