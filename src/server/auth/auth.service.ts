import type { LoginInput } from '../../shared/schemas/auth';
import type { AppContext } from '../context';
import { nowIso, toBool } from '../db/database';
import type { UserRow } from '../db/schema';
import { tooManyRequests, unauthorized } from '../errors';
import { findUserByEmail } from '../users/users.repository';
import type { LoginLimiter } from './login-limiter';
import { dummyPasswordHash, verifyPassword } from './password';
import { deleteExpiredSessions, deleteSession, findSessionUser, insertSession } from './sessions.repository';
import { hashToken, newToken } from './tokens';
import { needsSecondFactor, openLoginChallenge } from './two-factor.service';

export const INVALID_LOGIN = 'E-mail ou mot de passe incorrect';
export const TOO_MANY_LOGINS = 'Trop de tentatives de connexion. Réessayez dans quelques minutes.';

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
  const token = newToken();
  const now = new Date();
  // Expired rows are refused anyway; clearing them at sign-in (one DELETE) keeps the table small.
  await deleteExpiredSessions(ctx.db, now.toISOString());
  await insertSession(ctx.db, user.id, hashToken(token), now.toISOString(), new Date(now.getTime() + ctx.config.sessionTtlMs).toISOString());
  return { token, user };
}

/** The active user a bearer token belongs to, or null. */
export async function authenticate(ctx: AppContext, token: string): Promise<UserRow | null> {
  if (!token || token.length > 200) return null;
  const user = await findSessionUser(ctx.db, hashToken(token), nowIso());
  if (!user || !toBool(user.is_active)) return null;
  return user;
}

export async function logout(ctx: AppContext, token: string): Promise<void> {
  await deleteSession(ctx.db, hashToken(token));
}
