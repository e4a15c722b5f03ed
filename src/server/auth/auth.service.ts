import type { LoginInput } from '../../shared/schemas/auth';
import type { AppContext } from '../context';
import { toBool } from '../db/database';
import type { UserRow } from '../db/schema';
import { tooManyRequests, unauthorized } from '../errors';
import { findUserByEmail } from '../users/users.repository';
import type { LoginLimiter } from './login-limiter';
import { dummyPasswordHash, verifyPassword } from './password';
import { openSession } from './account.service';
import { deleteSession, findSessionUser, touchSession } from './sessions.repository';
import { hashToken } from './tokens';
import { needsSecondFactor, openLoginChallenge } from './two-factor.service';
import { TOO_MANY_LOGINS } from '../limits/rate-limit';

export const INVALID_LOGIN = 'E-mail ou mot de passe incorrect';

/**
 * Unknown e-mail, wrong password and inactive account all answer the same 401 after the
 * same amount of work, so the answer never tells whether an address has an account.
 */
export async function login(ctx: AppContext, limiter: LoginLimiter, input: LoginInput, ip: string) {
  // The schema has normalised the address (normalizeEmail).
  const account = input.email;
  // Counted before the password check, so parallel guesses cannot outrun the limit.
  const attempt = await limiter.reserve(ip, account);
  if (!attempt) throw tooManyRequests(TOO_MANY_LOGINS, 'rate_limited');

  const user = await findUserByEmail(ctx.db, account);
  const ok = await verifyPassword(user?.password_hash ?? (await dummyPasswordHash()), input.password);
  if (!user || !ok || !toBool(user.is_active)) {
    // The reserved attempt stays counted as a failure. A locked account answers 429 to every failure.
    if (attempt.accountLocked) throw tooManyRequests(TOO_MANY_LOGINS, 'rate_limited');
    throw unauthorized(INVALID_LOGIN, 'login_failed');
  }
  await attempt.succeeded();
  // Two-factor accounts get a challenge instead of a session (two-factor.service.ts).
  if (await needsSecondFactor(ctx, user)) return { challenge: await openLoginChallenge(ctx, user), user };
  return { token: await openSession(ctx, user.id), user };
}

/** A session's "last used" is written at most this often: not one write per request. */
export const SESSION_TOUCH_MS = 60_000;

/**
 * The active user a bearer token belongs to, or null: the session must be within its
 * lifetime (SESSION_TTL_HOURS) and have been used in the last SESSION_IDLE_HOURS.
 */
export async function authenticate(ctx: AppContext, token: string): Promise<UserRow | null> {
  if (!token || token.length > 200) return null;
  const now = Date.now();
  const found = await findSessionUser(ctx.db, hashToken(token), new Date(now).toISOString(), new Date(now - ctx.config.sessionIdleMs).toISOString());
  if (!found || !toBool(found.user.is_active)) return null;
  const since = new Date(now - SESSION_TOUCH_MS).toISOString();
  if (found.lastUsedAt === null || found.lastUsedAt < since) {
    // A failed write costs the session at most a minute of idle time; it never fails the request.
    await touchSession(ctx.db, found.sessionId, new Date(now).toISOString(), since).catch((err: unknown) =>
      ctx.log.warn({ err }, 'session: last use not recorded'),
    );
  }
  return found.user;
}

export async function logout(ctx: AppContext, token: string): Promise<void> {
  await deleteSession(ctx.db, hashToken(token));
}
