import { z } from 'zod';
import { LIMITS, emailText } from './common';

// Staff account security (issue 12 point 6): password reset, password change, two-factor.
// French texts: the back office's screens and the API's answers to them.

// The user-creation rule (userCreateSchema): 8 characters or more.
export const PASSWORD_MIN = 8;
const newPassword = () =>
  z
    .string('Le nouveau mot de passe est requis')
    .min(1, 'Le nouveau mot de passe est requis')
    .min(PASSWORD_MIN, `Le mot de passe doit contenir au moins ${PASSWORD_MIN} caractères`)
    .max(LIMITS.password);

/** A second-step code: 6 digits from the app, or a recovery code; spaces ignored. */
const code = () =>
  z
    .string('Le code est requis')
    .overwrite((v) => v.replace(/\s+/g, ''))
    .min(1, 'Le code est requis')
    .max(40, 'Code invalide');

/** POST /api/auth/password-reset */
export const passwordResetRequestSchema = z.object({
  email: emailText().min(1, "L'e-mail est requis").max(LIMITS.email).pipe(z.email('Adresse e-mail invalide')),
});
export type PasswordResetRequestInput = z.infer<typeof passwordResetRequestSchema>;

/** POST /api/auth/password-reset/confirm */
export const passwordResetConfirmSchema = z.object({
  token: z.string('Lien de réinitialisation invalide').min(1, 'Lien de réinitialisation invalide').max(200, 'Lien de réinitialisation invalide'),
  password: newPassword(),
});
export type PasswordResetConfirmInput = z.infer<typeof passwordResetConfirmSchema>;

/** The reset page's form: the new password typed twice (only `password` is sent). */
export const passwordResetFormSchema = z
  .object({ password: newPassword(), confirm: z.string().max(LIMITS.password) })
  .refine((v) => v.password === v.confirm, { message: 'Les deux mots de passe ne correspondent pas', path: ['confirm'] });
export type PasswordResetFormInput = z.infer<typeof passwordResetFormSchema>;

/** POST /api/auth/password: a signed-in user changes their own password. */
export const passwordChangeSchema = z.object({
  currentPassword: z.string('Le mot de passe actuel est requis').min(1, 'Le mot de passe actuel est requis').max(LIMITS.password),
  newPassword: newPassword(),
});
export type PasswordChangeInput = z.infer<typeof passwordChangeSchema>;

/** The "Mon compte" form: the new password typed twice. */
export const passwordChangeFormSchema = passwordChangeSchema
  .extend({ confirm: z.string().max(LIMITS.password) })
  .refine((v) => v.newPassword === v.confirm, { message: 'Les deux mots de passe ne correspondent pas', path: ['confirm'] });
export type PasswordChangeFormInput = z.infer<typeof passwordChangeFormSchema>;

/** POST /api/auth/login/two-factor: the second step of a sign-in. */
export const twoFactorLoginSchema = z.object({
  challenge: z.string('Connexion expirée, recommencez').min(1, 'Connexion expirée, recommencez').max(200, 'Connexion expirée, recommencez'),
  code: code(),
});
export type TwoFactorLoginInput = z.infer<typeof twoFactorLoginSchema>;

/** POST /api/auth/two-factor/enable: the first code from the app confirms the enrolment. */
export const twoFactorEnableSchema = z.object({ code: code() });

/** POST /api/auth/two-factor/disable */
export const twoFactorDisableSchema = z.object({
  password: z.string('Le mot de passe est requis').min(1, 'Le mot de passe est requis').max(LIMITS.password),
  code: code(),
});
export type TwoFactorDisableInput = z.infer<typeof twoFactorDisableSchema>;

/** PUT /api/settings/security */
export const securitySettingsSchema = z.object({
  requireTwoFactor: z.boolean('requireTwoFactor doit être vrai ou faux'),
});
