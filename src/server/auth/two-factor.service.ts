import { randomInt } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import type { TwoFactorDisableInput, TwoFactorLoginInput } from '../../shared/schemas/account';
import type { AppContext } from '../context';
import { nowIso, toBool, type Db } from '../db/database';
import type { UserRow } from '../db/schema';
import { badRequest, conflict, unauthorized } from '../errors';
import { findUserById } from '../users/users.repository';
import * as repo from './account.repository';
import { siteSettingsNow } from '../site-settings/site-settings.service';
import { endSignIns, openSession, reserveAttempt } from './account.service';
import { verifyPassword } from './password';
import { hashToken, newToken } from './tokens';

// TOTP two-factor (RFC 6238: SHA-1, 6 digits, 30 s, one step of drift either way), recovery
// codes, the second step of a sign-in, and the admin's "required for every account" switch.

export const CHALLENGE_TTL_MS = 5 * 60_000;
export const CODE_ATTEMPTS = 5;
export const RECOVERY_CODE_COUNT = 10;
export const CHALLENGE_EXPIRED = 'La connexion a expiré : saisissez à nouveau votre e-mail et votre mot de passe';
export const WRONG_CODE = 'Code incorrect';
export const TOO_MANY_CODES = 'Trop de codes incorrects. Réessayez dans 15 minutes.';
export const WRONG_PASSWORD = 'Mot de passe incorrect';
export const ALREADY_ENABLED = 'La double authentification est déjà activée';
export const NO_PENDING_SETUP = "Commencez par afficher le QR code, puis saisissez le code de l'application";
export const SETUP_REQUIRED = 'La double authentification est obligatoire : activez-la dans « Mon compte »';
export const ENABLE_OWN_FIRST = "Activez d'abord la double authentification sur votre propre compte";

// The issuer is only the authenticator app's label (the gym's current name); it never enters the codes.
const totpFor = (secret: string, label: string, issuer = '') =>
  new TOTP({ issuer, label, algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) });

/** The time step a code belongs to (now ± one step), or null. */
function matchingStep(secret: string, code: string, now = Date.now()): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = totpFor(secret, '').validate({ token: code, timestamp: now, window: 1 });
  return delta === null ? null : Math.floor(now / 30_000) + delta;
}

// Recovery codes: 10 letters or digits without look-alikes (about 49 bits), shown as xxxxx-xxxxx.
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const normalizeRecoveryCode = (code: string) => code.toLowerCase().replace(/[\s-]/g, '');
function newRecoveryCode(): string {
  let s = '';
  for (let i = 0; i < 10; i++) s += ALPHABET[randomInt(ALPHABET.length)];
  return `${s.slice(0, 5)}-${s.slice(5)}`;
}

/** A TOTP code (each time step once) or an unused recovery code (once). */
async function acceptSecondFactor(db: Db, userId: number, secret: string, code: string): Promise<boolean> {
  const step = matchingStep(secret, code);
  if (step !== null) return repo.takeTotpStep(db, userId, step);
  const recovery = normalizeRecoveryCode(code);
  if (recovery.length !== 10) return false;
  return repo.useRecoveryCode(db, userId, hashToken(recovery), nowIso());
}

const attemptKey = (userId: number) => `two-factor:${userId}`;

// ---- the "required for every account" setting, read on every signed-in call

const SETTING_TTL_MS = 5_000;
const settingCache = new WeakMap<Db, { value: boolean; until: number }>();

/** Cached for 5 s; a write here drops the cache at once (other instances follow within 5 s). */
export async function twoFactorRequired(ctx: AppContext): Promise<boolean> {
  const hit = settingCache.get(ctx.db);
  if (hit && hit.until > Date.now()) return hit.value;
  const value = await repo.readRequireTwoFactor(ctx.db);
  settingCache.set(ctx.db, { value, until: Date.now() + SETTING_TTL_MS });
  return value;
}

export async function setTwoFactorRequired(ctx: AppContext, actor: UserRow, on: boolean): Promise<boolean> {
  // An admin without two-factor would lock themself into enrolment.
  if (on && !(await repo.isTwoFactorEnabled(ctx.db, actor.id))) throw conflict(ENABLE_OWN_FIRST);
  await repo.writeRequireTwoFactor(ctx.db, on);
  settingCache.delete(ctx.db);
  return on;
}

/** Whether the user must enrol before anything else (required by an admin, not enrolled). */
export async function mustEnrolTwoFactor(ctx: AppContext, user: UserRow): Promise<boolean> {
  if (!(await twoFactorRequired(ctx))) return false;
  return !(await repo.isTwoFactorEnabled(ctx.db, user.id));
}

/** The session answer's two-factor flags. */
export async function accountSecurity(ctx: AppContext, user: UserRow): Promise<{ twoFactorEnabled: boolean; twoFactorSetupRequired: boolean }> {
  const enabled = await repo.isTwoFactorEnabled(ctx.db, user.id);
  return { twoFactorEnabled: enabled, twoFactorSetupRequired: !enabled && (await twoFactorRequired(ctx)) };
}

export async function twoFactorStatus(ctx: AppContext, user: UserRow) {
  const enabled = await repo.isTwoFactorEnabled(ctx.db, user.id);
  return {
    enabled,
    required: await twoFactorRequired(ctx),
    recoveryCodesLeft: enabled ? await repo.countRecoveryCodesLeft(ctx.db, user.id) : 0,
  };
}

// ---- sign-in

/** Called by login() once the password held: whether a code is needed before a session. */
export const needsSecondFactor = (ctx: AppContext, user: UserRow): Promise<boolean> => repo.isTwoFactorEnabled(ctx.db, user.id);

/** A short-lived, single-use challenge for the second step (its digest is stored). */
export async function openLoginChallenge(ctx: AppContext, user: UserRow): Promise<string> {
  const token = newToken();
  const now = Date.now();
  await repo.deleteExpiredLoginChallenges(ctx.db, new Date(now).toISOString());
  await repo.insertLoginChallenge(ctx.db, {
    userId: user.id,
    tokenHash: hashToken(token),
    now: new Date(now).toISOString(),
    expiresAt: new Date(now + CHALLENGE_TTL_MS).toISOString(),
  });
  return token;
}

/** POST /api/auth/login/two-factor: the code (or a recovery code) opens the session. */
export async function completeTwoFactorLogin(ctx: AppContext, input: TwoFactorLoginInput): Promise<{ token: string; user: UserRow }> {
  const challenge = await repo.findLoginChallenge(ctx.db, hashToken(input.challenge), nowIso());
  if (!challenge) throw unauthorized(CHALLENGE_EXPIRED, 'login_expired');
  const user = await findUserById(ctx.db, challenge.user_id);
  const tf = await repo.findTwoFactor(ctx.db, challenge.user_id);
  if (!user || !toBool(user.is_active) || !tf?.secret) throw unauthorized(CHALLENGE_EXPIRED, 'login_expired');
  // Counted before the check: 5 codes per account in 15 minutes, whatever the challenge.
  await reserveAttempt(ctx, attemptKey(user.id), CODE_ATTEMPTS, TOO_MANY_CODES);
  if (!(await acceptSecondFactor(ctx.db, user.id, tf.secret, input.code))) throw unauthorized(WRONG_CODE, 'login_failed');
  if (!(await repo.deleteLoginChallenge(ctx.db, challenge.id))) throw unauthorized(CHALLENGE_EXPIRED, 'login_expired');
  await repo.clearAttempts(ctx.db, attemptKey(user.id));
  return { token: await openSession(ctx, user.id), user };
}

// ---- enrolment from "Mon compte"

export async function startEnrolment(ctx: AppContext, user: UserRow): Promise<{ secret: string; otpauthUrl: string; qrCode: string }> {
  if (await repo.isTwoFactorEnabled(ctx.db, user.id)) throw conflict(ALREADY_ENABLED);
  const secret = new Secret({ size: 20 }).base32;
  await repo.savePendingSecret(ctx.db, user.id, secret);
  const otpauthUrl = totpFor(secret, user.email, siteSettingsNow(ctx).name).toString();
  const svg = await QRCode.toString(otpauthUrl, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
  return { secret, otpauthUrl, qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
}

/**
 * The first code confirms the pending secret; the recovery codes are returned once. The
 * account's other sessions end (one opened by whoever had the password alone must not outlive
 * it); `token`, the session that turned it on, stays.
 */
export async function confirmEnrolment(ctx: AppContext, user: UserRow, token: string, code: string): Promise<string[]> {
  const tf = await repo.findTwoFactor(ctx.db, user.id);
  if (tf?.secret) throw conflict(ALREADY_ENABLED);
  if (!tf?.pending_secret) throw badRequest(NO_PENDING_SETUP);
  await reserveAttempt(ctx, attemptKey(user.id), CODE_ATTEMPTS, TOO_MANY_CODES);
  const step = matchingStep(tf.pending_secret, code);
  if (step === null) throw badRequest(WRONG_CODE);
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  const pending = tf.pending_secret;
  await ctx.db.transaction().execute(async (trx) => {
    if (!(await repo.enableTwoFactor(trx, user.id, pending, step, nowIso()))) throw conflict(ALREADY_ENABLED);
    await repo.replaceRecoveryCodes(
      trx,
      user.id,
      codes.map((c) => hashToken(normalizeRecoveryCode(c))),
    );
    await endSignIns(trx, user.id, hashToken(token));
  });
  await repo.clearAttempts(ctx.db, attemptKey(user.id));
  return codes;
}

/** Password and a code (or a recovery code) turn two-factor off; the account's other sessions end, `token`'s stays. */
export async function disableTwoFactor(ctx: AppContext, user: UserRow, token: string, input: TwoFactorDisableInput): Promise<void> {
  const tf = await repo.findTwoFactor(ctx.db, user.id);
  if (!tf?.secret) throw badRequest("La double authentification n'est pas activée");
  await reserveAttempt(ctx, attemptKey(user.id), CODE_ATTEMPTS, TOO_MANY_CODES);
  if (!(await verifyPassword(user.password_hash, input.password))) throw badRequest(WRONG_PASSWORD);
  if (!(await acceptSecondFactor(ctx.db, user.id, tf.secret, input.code))) throw badRequest(WRONG_CODE);
  await ctx.db.transaction().execute(async (trx) => {
    await repo.deleteTwoFactor(trx, user.id);
    await endSignIns(trx, user.id, hashToken(token));
  });
  await repo.clearAttempts(ctx.db, attemptKey(user.id));
}
