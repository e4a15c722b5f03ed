import type { PasswordChangeInput, PasswordResetConfirmInput } from '../../shared/schemas/account';
import type { AppContext } from '../context';
import { nowIso, toBool, type Db } from '../db/database';
import type { UserRow } from '../db/schema';
import { badRequest, notFound, tooManyRequests } from '../errors';
import { passwordResetMail } from '../mail/templates/site-mails';
import { findUserByEmail, findUserById } from '../users/users.repository';
import * as repo from './account.repository';
import { forgetFirstAdminPassword } from './first-admin-file';
import { hashPassword, verifyPassword } from './password';
import { deleteExpiredSessions, deleteUserSessions, insertSession } from './sessions.repository';
import { hashToken, newToken } from './tokens';
import { mailConfig } from '../site-settings/site-settings.service';

export const RESET_VALID_MINUTES = 30;
/** Reset e-mails per account per hour; more requests are answered the same and send nothing. */
export const RESET_MAILS_PER_HOUR = 3;
export const RESET_LINK_INVALID = "Ce lien de réinitialisation n'est plus valable (déjà utilisé, expiré ou incorrect). Demandez-en un nouveau.";
export const WRONG_CURRENT_PASSWORD = 'Le mot de passe actuel est incorrect';
export const PASSWORD_CHANGE_LIMIT = 5;
export const ATTEMPT_WINDOW_MS = 15 * 60_000;
export const TOO_MANY_PASSWORD_TRIES = 'Trop de tentatives. Réessayez dans 15 minutes.';

/** A new session for the user: the bearer token (only its digest is stored). */
export async function openSession(ctx: AppContext, userId: number): Promise<string> {
  const token = newToken();
  const now = new Date();
  // Expired and idle rows are refused anyway; clearing them at sign-in (one DELETE) keeps the table small.
  await deleteExpiredSessions(ctx.db, now.toISOString(), new Date(now.getTime() - ctx.config.sessionIdleMs).toISOString());
  await insertSession(ctx.db, userId, hashToken(token), now.toISOString(), new Date(now.getTime() + ctx.config.sessionTtlMs).toISOString());
  return token;
}

/**
 * Counts an attempt under `key` before the check it guards (so parallel attempts cannot slip
 * past the limit), and refuses once the window holds more than `limit`.
 */
export async function reserveAttempt(ctx: AppContext, key: string, limit: number, message: string, windowMs = ATTEMPT_WINDOW_MS): Promise<void> {
  if ((await countAttempt(ctx, key, windowMs)) > limit) throw tooManyRequests(message, 'rate_limited');
}

const countAttempt = (ctx: AppContext, key: string, windowMs: number) => {
  const now = Date.now();
  return repo.countAttempt(ctx.db, key, new Date(now).toISOString(), new Date(now - windowMs).toISOString());
};

// Reset requests finish after the answer: the answer is the same, and takes the same time,
// whether or not the address has an account (the lookup, token and e-mail happen later).
const pendingResets = new WeakMap<AppContext, Set<Promise<void>>>();

/** POST /api/auth/password-reset: starts the work and returns at once. */
export function requestPasswordReset(ctx: AppContext, email: string): void {
  let set = pendingResets.get(ctx);
  if (!set) pendingResets.set(ctx, (set = new Set()));
  const work = sendPasswordReset(ctx, email).catch((err: unknown) => ctx.log.error({ err }, 'password reset e-mail failed'));
  set.add(work);
  void work.finally(() => set.delete(work));
}

/** Resolves when every reset request started so far is done (tests, shutdown). */
export async function passwordResetsIdle(ctx: AppContext): Promise<void> {
  const set = pendingResets.get(ctx);
  if (set) await Promise.all([...set]);
}

async function sendPasswordReset(ctx: AppContext, email: string): Promise<void> {
  const user = await findUserByEmail(ctx.db, email);
  if (!user || !toBool(user.is_active)) return;
  const now = new Date();
  // Counted atomically, so a burst of requests cannot mail more than the limit.
  if ((await countAttempt(ctx, `reset-mail:${user.id}`, 3600_000)) > RESET_MAILS_PER_HOUR) return;
  // 256 random bits; the database keeps the SHA-256 digest only.
  const token = newToken();
  await ctx.db.transaction().execute(async (trx) => {
    await repo.deleteOldPasswordResets(trx, new Date(now.getTime() - 24 * 3600_000).toISOString());
    await repo.insertPasswordReset(trx, {
      userId: user.id,
      tokenHash: hashToken(token),
      now: now.toISOString(),
      expiresAt: new Date(now.getTime() + RESET_VALID_MINUTES * 60_000).toISOString(),
    });
    await ctx.mail.enqueue(trx, passwordResetMail(mailConfig(ctx), { to: user.email, name: user.name, token, validMinutes: RESET_VALID_MINUTES }));
  });
  ctx.mail.kick();
}

/** Sets the new password and ends every session; the link works once. */
export async function confirmPasswordReset(ctx: AppContext, input: PasswordResetConfirmInput): Promise<void> {
  const tokenHash = hashToken(input.token);
  const now = nowIso();
  // A cheap look first: a wrong token costs no password hashing.
  const live = await ctx.db
    .selectFrom('password_resets')
    .select('id')
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  if (!live) throw badRequest(RESET_LINK_INVALID);
  const passwordHash = await hashPassword(input.password);
  const userId = await ctx.db.transaction().execute(async (trx) => {
    const at = nowIso();
    const userId = await repo.consumePasswordReset(trx, tokenHash, at);
    if (userId === undefined) throw badRequest(RESET_LINK_INVALID);
    await repo.setPasswordHash(trx, userId, passwordHash);
    await repo.closePasswordResets(trx, userId, at);
    await endSignIns(trx, userId);
    return userId;
  });
  await forgetFirstAdminPassword(ctx, userId);
}

/**
 * Every session and half-done two-factor sign-in of the user stops working, but the session
 * `keepTokenHash` names (the request that made the change, when it is the user's own). What
 * ends sessions on a change of password, e-mail, role, active flag or two-factor.
 */
export async function endSignIns(db: Db, userId: number, keepTokenHash?: string): Promise<void> {
  await deleteUserSessions(db, userId, keepTokenHash);
  await db.deleteFrom('login_challenges').where('user_id', '=', userId).execute();
}

/**
 * What an admin's change of a user's e-mail, password, role or active flag ends: every sign-in
 * and every open reset link of that user (a link mailed to the old address, a session opened
 * with the old password or role). An admin editing their own account keeps the session they
 * made the change with.
 */
export async function endAccountAccess(db: Db, userId: number, keepTokenHash?: string): Promise<void> {
  await repo.closePasswordResets(db, userId, nowIso());
  await endSignIns(db, userId, keepTokenHash);
}

/**
 * A signed-in user changes their own password: every session ends, this one included, and
 * a new token is handed back so the person who changed it stays signed in.
 */
export async function changePassword(ctx: AppContext, user: UserRow, input: PasswordChangeInput): Promise<{ token: string; user: UserRow }> {
  const key = `password-change:${user.id}`;
  await reserveAttempt(ctx, key, PASSWORD_CHANGE_LIMIT, TOO_MANY_PASSWORD_TRIES);
  if (!(await verifyPassword(user.password_hash, input.currentPassword))) throw badRequest(WRONG_CURRENT_PASSWORD);
  const passwordHash = await hashPassword(input.newPassword);
  await ctx.db.transaction().execute(async (trx) => {
    if (!(await repo.setPasswordHash(trx, user.id, passwordHash))) throw notFound('Utilisateur introuvable');
    await repo.closePasswordResets(trx, user.id, nowIso());
    await endSignIns(trx, user.id);
  });
  await repo.clearAttempts(ctx.db, key);
  await forgetFirstAdminPassword(ctx, user.id);
  const token = await openSession(ctx, user.id);
  const fresh = await findUserById(ctx.db, user.id);
  return { token, user: fresh ?? user };
}
