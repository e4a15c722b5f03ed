import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { TestApp } from './test-app';
import type { Language } from '../../src/shared/i18n/languages';
import { findOrCreateCustomer } from '../../src/server/customers/customers.repository';

// What the suites of My page's sign-in share (src/server/me/me-sign-in.test.ts, me-session.test.ts).

export async function customer(t: TestApp, email: string, name = 'Ana Lima', language: Language = 'en') {
  const row = await findOrCreateCustomer(t.app.ctx.db, { name, email, phone: null, language });
  return row!;
}

export const ask = (t: TestApp, email: string, opts: { ip?: string; language?: Language } = {}) =>
  t.inject({ method: 'POST', url: '/api/me/sign-in', remoteAddress: opts.ip ?? '127.0.0.1', payload: { email, language: opts.language ?? 'en' } });

/** The e-mails queued for an address, oldest first. */
export const mailsTo = (t: TestApp, email: string) =>
  t.app.ctx.db.selectFrom('outbox').select(['subject', 'text_body', 'html_body']).where('to_address', '=', email).orderBy('id').execute();

/** Asks for an e-mail and reads its link's token, its path and its code. */
export async function signInMail(t: TestApp, email: string, language: Language = 'en') {
  const res = await ask(t, email, { language });
  expect(res.statusCode, res.body).toBe(202);
  const text = (await mailsTo(t, email)).at(-1)?.text_body ?? '';
  const link = /https?:\/\/[^\s]*?(\/(?:[a-z]{2}\/)?me\/sign-in)\?token=([A-Za-z0-9_-]{43})/.exec(text);
  const code = /(?:^|\s)(\d{6})(?:\s|$)/m.exec(text);
  expect(link, text).not.toBeNull();
  expect(code, text).not.toBeNull();
  return { path: link![1], token: link![2], code: code![1], text };
}

export const confirm = (t: TestApp, token: string, headers: Record<string, string> = {}) =>
  t.inject({ method: 'POST', url: '/api/me/sign-in/confirm', payload: { token }, headers });

export const withCode = (t: TestApp, email: string, code: string, ip = '127.0.0.1') =>
  t.inject({ method: 'POST', url: '/api/me/sign-in/code', remoteAddress: ip, payload: { email, code } });

/** The session cookie a sign-in set, as a Cookie header's value. */
export function cookieOf(res: LightMyRequestResponse): string {
  const set = String(res.headers['set-cookie'] ?? '');
  const m = /^(me_session=[^;]+)/.exec(set);
  expect(m, set).not.toBeNull();
  return m![1];
}

export const me = (t: TestApp, cookie?: string, token?: string) => t.inject({ method: 'GET', url: '/api/me', headers: cookie ? { cookie } : {}, token });

/** Signs in by the link and answers the cookie. */
export async function signedIn(t: TestApp, email: string): Promise<string> {
  const { token } = await signInMail(t, email);
  const res = await confirm(t, token);
  expect(res.statusCode, res.body).toBe(200);
  return cookieOf(res);
}
