import { randomInt, timingSafeEqual } from 'node:crypto';
import type { MeDto } from '../../shared/api-types';
import type { MeCodePayload, MeSignInPayload } from '../../shared/schemas/me';
import { hashToken, newToken } from '../auth/tokens';
import type { AppContext } from '../context';
import { emailKey } from '../customers/customer-keys';
import { findCustomer, resolveCustomer } from '../customers/customers.repository';
import { badRequest, tooManyRequests, unauthorized } from '../errors';
import * as counters from '../limits/counters.repository';
import { TOO_MANY_REQUESTS, purgeCountersNow } from '../limits/rate-limit';
import { languageBase } from '../mail/templates/i18n';
import { signInMail } from '../mail/templates/me-mails';
import { deleteOfCustomers } from '../push/traveller-push.repository';
import { mailConfig } from '../site-settings/site-settings.service';
import * as repo from './me.repository';

// A traveller's own page, point 1 of issue 47: sign-in by e-mail, no password. The e-mail holds
// a link (spent by its first confirm: a mail scanner that only opens it spends nothing, the
// page's button posts) and a six-digit code for another device. Nothing answered tells whether
// an address is a customer's. Sessions are the traveller's own, apart from the staff's.

export const SIGN_IN_MINUTES = 15;
export const CODE_TRIES = 5;
export const SESSION_DAYS = 30;
export const IDLE_DAYS = 14;
const DAY = 86_400_000;
/** A session is marked used at most once a minute. */
const TOUCH_MS = 60_000;

/** One sentence for a wrong, spent or expired link or code, and for an address nobody has. */
export const SIGN_IN_FAILED = 'This sign-in link or code is not valid any more: ask for a new e-mail';
const failed = () => badRequest(SIGN_IN_FAILED, 'me_sign_in_failed');

/** Link tokens are 32 bytes in base64url; anything else names no sign-in. */
const TOKEN_RE = /^[A-Za-z0-9_-]{43}$/;

const iso = (ms: number) => new Date(ms).toISOString();

/** The code's digest: salted with the link's, so equal codes of two e-mails differ in the table. */
const codeHash = (tokenHash: string, code: string) => hashToken(`${tokenHash}:${code}`);

/** A per-address window of the rate_limits counters, on top of the route's per-IP one. */
async function takeAddressSlot(ctx: AppContext, kind: string, email: string, limit: { max: number; windowMs: number }, now: number) {
  purgeCountersNow(ctx, now);
  // The address's digest, not the address: the counters table holds no personal data.
  const key = `me:${kind}:${hashToken(emailKey(email) ?? '')}`;
  if (!(await counters.tryTake(ctx.db, key, limit.max, limit.windowMs, now))) throw tooManyRequests(TOO_MANY_REQUESTS, 'rate_limited');
}

// Spent and old rows leave the tables at most once an hour per database, off the request's path.
const lastPurge = new WeakMap<object, number>();
function purgeExpired(ctx: AppContext, now: number) {
  if (now - (lastPurge.get(ctx.db) ?? 0) < 3_600_000) return;
  lastPurge.set(ctx.db, now);
  repo.deleteExpired(ctx.db, iso(now), iso(now - IDLE_DAYS * DAY)).catch((err: unknown) => ctx.log.error({ err }, 'me: purge failed'));
}

/**
 * POST /api/me/sign-in: a known address gets the e-mail; an unknown one gets nothing, and both
 * are answered alike by the route. The per-address window counts both, so a 429 tells nothing either.
 */
export async function requestSignIn(ctx: AppContext, input: MeSignInPayload, now = Date.now()): Promise<void> {
  await takeAddressSlot(ctx, 'sign-in', input.email, ctx.config.rateLimits.newsletter, now);
  purgeExpired(ctx, now);
  const customer = await findCustomer(ctx.db, { email: input.email, phone: null });
  if (!customer?.email) return;
  const token = newToken();
  const tokenHash = hashToken(token);
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const url = `${languageBase(ctx.config.publicUrl, input.language)}/me/sign-in?token=${token}`;
  await ctx.db.transaction().execute(async (trx) => {
    await repo.insertSignIn(trx, {
      customerId: customer.id,
      tokenHash,
      codeHash: codeHash(tokenHash, code),
      createdAt: iso(now),
      expiresAt: iso(now + SIGN_IN_MINUTES * 60_000),
    });
    await ctx.mail.enqueue(
      trx,
      signInMail(mailConfig(ctx), { to: customer.email!, name: customer.name, language: input.language, url, code, minutes: SIGN_IN_MINUTES }),
    );
  });
  ctx.mail.kick();
}

export interface NewMeSession {
  /** The cookie's value (only its digest is stored). */
  token: string;
  maxAgeSeconds: number;
  me: MeDto;
}

async function openSession(ctx: AppContext, customerId: number, now: number): Promise<NewMeSession> {
  const customer = await resolveCustomer(ctx.db, customerId);
  if (!customer) throw failed();
  const token = newToken();
  await repo.insertSession(ctx.db, { customerId: customer.id, tokenHash: hashToken(token), now: iso(now), expiresAt: iso(now + SESSION_DAYS * DAY) });
  return { token, maxAgeSeconds: SESSION_DAYS * 86_400, me: presentMe(customer) };
}

/** POST /api/me/sign-in/confirm: the link's first confirm signs in; any later one, or a late one, fails. */
export async function confirmLink(ctx: AppContext, token: string, now = Date.now()): Promise<NewMeSession> {
  const customerId = TOKEN_RE.test(token) ? await repo.spendLink(ctx.db, hashToken(token), iso(now)) : undefined;
  if (customerId === undefined) throw failed();
  return openSession(ctx, customerId, now);
}

/**
 * POST /api/me/sign-in/code: the code of a live e-mail to this address signs in. Each try counts
 * against every live code of the address (five spend them); an unknown address fails alike.
 */
export async function signInWithCode(ctx: AppContext, input: MeCodePayload, now = Date.now()): Promise<NewMeSession> {
  await takeAddressSlot(ctx, 'code', input.email, ctx.config.rateLimits.login, now);
  const customer = await findCustomer(ctx.db, { email: input.email, phone: null });
  if (!customer) throw failed();
  // Records merged into this one may hold a sign-in asked for before the merge.
  const ids = await repo.withMergedInto(ctx.db, [customer.id]);
  const tried = await repo.takeCodeTry(ctx.db, ids, iso(now), CODE_TRIES);
  for (const row of tried) {
    const [stored, given] = [Buffer.from(row.code_hash, 'hex'), Buffer.from(codeHash(row.token_hash, input.code), 'hex')];
    if (stored.length === given.length && timingSafeEqual(stored, given) && (await repo.spendSignIn(ctx.db, row.id, iso(now)))) {
      return openSession(ctx, customer.id, now);
    }
  }
  throw failed();
}

const presentMe = (c: { name: string; email: string | null; language: MeDto['language'] }): MeDto => ({
  person: { name: c.name, email: c.email ?? '' },
  language: c.language,
});

/** The customer record of a live session (401 otherwise): every /api/me/* route starts here. */
export async function signedInCustomer(ctx: AppContext, token: string | null, now = Date.now()) {
  if (!token || !TOKEN_RE.test(token)) throw unauthorized();
  const session = await repo.findLiveSession(ctx.db, hashToken(token), iso(now), iso(now - IDLE_DAYS * DAY));
  if (!session) throw unauthorized();
  // A merge since the sign-in: the session follows the record kept.
  const customer = await resolveCustomer(ctx.db, session.customer_id);
  if (!customer) throw unauthorized();
  if (Date.parse(session.last_used_at) < now - TOUCH_MS) await repo.touchSession(ctx.db, session.id, iso(now), iso(now - TOUCH_MS));
  return customer;
}

/**
 * POST /api/me/sign-out: the session ends (an unknown or ended one changes nothing). Given this
 * browser's push endpoint, the signed-in person's subscription of it goes too, so a shared phone
 * stops receiving their pushes; another person's subscription of it stays.
 */
export async function signOut(ctx: AppContext, token: string | null, endpoint?: string, now = Date.now()): Promise<void> {
  if (!token || !TOKEN_RE.test(token)) return;
  const hash = hashToken(token);
  if (endpoint) {
    const session = await repo.findLiveSession(ctx.db, hash, iso(now), iso(now - IDLE_DAYS * DAY));
    // The record the session names and the one a merge kept (where the subscription was stored).
    const kept = session ? await resolveCustomer(ctx.db, session.customer_id) : undefined;
    if (session) await deleteOfCustomers(ctx.db, [...new Set([session.customer_id, kept?.id ?? session.customer_id])], endpoint);
  }
  await repo.deleteSession(ctx.db, hash);
}
