// Users, sign-in and two-factor answers.
import { z } from 'zod';
import { ROLES } from '../constants';
import { id, timestamp } from './common';

export const userDtoSchema = z.object({
  id,
  email: z.string(),
  name: z.string(),
  role: z.enum(ROLES),
  isActive: z.boolean(),
  createdAt: timestamp,
  version: z.number().int(),
});
export type UserDto = z.infer<typeof userDtoSchema>;

/** GET /api/users without an admin token: authors' ids and names only. */
export const userNameDtoSchema = z.object({ id, name: z.string() });
export type UserNameDto = z.infer<typeof userNameDtoSchema>;

/** GET /api/auth/me and the login answer's user: the role flags the client reads. */
export const sessionUserDtoSchema = userDtoSchema.extend({
  admin: z.boolean(),
  staff: z.boolean(),
  /** TOTP two-factor is on for this account. */
  twoFactorEnabled: z.boolean().optional(),
  /** An admin requires two-factor and this account has none: only enrolment is open to it. */
  twoFactorSetupRequired: z.boolean().optional(),
});
export type SessionUserDto = z.infer<typeof sessionUserDtoSchema>;

/** POST /api/auth/login. */
export const loginAnswerSchema = z.object({ token: z.string(), user: sessionUserDtoSchema });

/** POST /api/auth/login for a two-factor account: the password held, a code is needed next. */
export const twoFactorChallengeDtoSchema = z.object({
  twoFactorRequired: z.literal(true),
  /** Short-lived, single use: sent back with the code to POST /api/auth/login/two-factor. */
  challenge: z.string(),
});

/** GET /api/auth/two-factor: the signed-in account's two-factor state. */
export const twoFactorStatusDtoSchema = z.object({
  enabled: z.boolean(),
  /** An admin requires two-factor for every account. */
  required: z.boolean(),
  recoveryCodesLeft: z.number().int(),
});
export type TwoFactorStatusDto = z.infer<typeof twoFactorStatusDtoSchema>;

/** POST /api/auth/two-factor/setup: what the authenticator app needs; the secret is confirmed by a code. */
export const twoFactorSetupDtoSchema = z.object({
  secret: z.string(),
  otpauthUrl: z.string(),
  /** The otpauth URL as a QR code: an SVG image as a data: URL. */
  qrCode: z.string(),
});
export type TwoFactorSetupDto = z.infer<typeof twoFactorSetupDtoSchema>;

/** POST /api/auth/two-factor/enable: recovery codes, shown once. */
export const recoveryCodesDtoSchema = z.object({ recoveryCodes: z.array(z.string()) });
export type RecoveryCodesDto = z.infer<typeof recoveryCodesDtoSchema>;

/** GET and PUT /api/settings/security. */
export const securitySettingsDtoSchema = z.object({ requireTwoFactor: z.boolean() });
export type SecuritySettingsDto = z.infer<typeof securitySettingsDtoSchema>;
