import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  loginAnswerSchema,
  okAnswerSchema,
  recoveryCodesDtoSchema,
  securitySettingsDtoSchema,
  twoFactorSetupDtoSchema,
  twoFactorStatusDtoSchema,
} from '../../shared/api-types';
import {
  passwordChangeSchema,
  passwordResetConfirmSchema,
  passwordResetRequestSchema,
  securitySettingsSchema,
  twoFactorDisableSchema,
  twoFactorEnableSchema,
  twoFactorLoginSchema,
} from '../../shared/schemas/account';
import type { AppContext } from '../context';
import { signedIn } from '../http/access';
import { errorResponses } from '../http/responses';
import { presentSessionUser } from '../users/users.presenter';
import { changePassword, confirmPasswordReset, requestPasswordReset } from './account.service';
import {
  accountSecurity,
  completeTwoFactorLogin,
  confirmEnrolment,
  disableTwoFactor,
  setTwoFactorRequired,
  startEnrolment,
  twoFactorRequired,
  twoFactorStatus,
} from './two-factor.service';

const TAGS = ['Auth'];

/** Password reset and change, two-factor sign-in and enrolment, the two-factor requirement. */
export function accountRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post('/api/auth/password-reset', {
    config: { access: 'public', limit: 'default' },
    schema: {
      tags: TAGS,
      summary: 'E-mail a password-reset link (the same answer whether or not the account exists)',
      body: passwordResetRequestSchema,
      response: { 200: okAnswerSchema, ...errorResponses(400, 429) },
    },
    handler: async (req) => {
      requestPasswordReset(ctx, req.body.email);
      return { ok: true as const };
    },
  });

  r.post('/api/auth/password-reset/confirm', {
    config: { access: 'public', limit: 'default' },
    schema: {
      tags: TAGS,
      summary: "Set a new password with a reset link's token; every session of the account ends",
      body: passwordResetConfirmSchema,
      response: { 200: okAnswerSchema, ...errorResponses(400, 429) },
    },
    handler: async (req) => {
      await confirmPasswordReset(ctx, req.body);
      return { ok: true as const };
    },
  });

  r.post('/api/auth/login/two-factor', {
    config: { access: 'public', limit: 'default' },
    schema: {
      tags: TAGS,
      summary: "Second step of a two-factor sign-in: the login's challenge and a code (or a recovery code)",
      body: twoFactorLoginSchema,
      response: { 200: loginAnswerSchema, ...errorResponses(400, 401, 429) },
    },
    handler: async (req) => {
      const { token, user } = await completeTwoFactorLogin(ctx, req.body);
      return { token, user: presentSessionUser(user, await accountSecurity(ctx, user)) };
    },
  });

  r.post('/api/auth/password', {
    config: { access: 'user' },
    schema: {
      tags: TAGS,
      summary: 'Change one’s own password (current one required); every session ends, a new token is returned',
      body: passwordChangeSchema,
      response: { 200: loginAnswerSchema, ...errorResponses(400, 401, 403, 429) },
    },
    handler: async (req) => {
      const { token, user } = await changePassword(ctx, signedIn(req).user, req.body);
      return { token, user: presentSessionUser(user, await accountSecurity(ctx, user)) };
    },
  });

  r.get('/api/auth/two-factor', {
    config: { access: 'user', twoFactorSetup: true },
    schema: { tags: TAGS, summary: 'The signed-in account’s two-factor state', response: { 200: twoFactorStatusDtoSchema, ...errorResponses(401) } },
    handler: async (req) => twoFactorStatus(ctx, signedIn(req).user),
  });

  r.post('/api/auth/two-factor/setup', {
    config: { access: 'user', twoFactorSetup: true },
    schema: {
      tags: TAGS,
      summary: 'Start TOTP enrolment: a new secret and its QR code, confirmed by a code',
      response: { 200: twoFactorSetupDtoSchema, ...errorResponses(401, 409) },
    },
    handler: async (req) => startEnrolment(ctx, signedIn(req).user),
  });

  r.post('/api/auth/two-factor/enable', {
    config: { access: 'user', twoFactorSetup: true },
    schema: {
      tags: TAGS,
      summary: 'Confirm enrolment with a code from the app; answers the recovery codes, once',
      body: twoFactorEnableSchema,
      response: { 200: recoveryCodesDtoSchema, ...errorResponses(400, 401, 409, 429) },
    },
    handler: async (req) => {
      const { user, token } = signedIn(req);
      return { recoveryCodes: await confirmEnrolment(ctx, user, token, req.body.code) };
    },
  });

  r.post('/api/auth/two-factor/disable', {
    config: { access: 'user' },
    schema: {
      tags: TAGS,
      summary: 'Turn two-factor off (password and a code required)',
      body: twoFactorDisableSchema,
      response: { 200: okAnswerSchema, ...errorResponses(400, 401, 403, 429) },
    },
    handler: async (req) => {
      const { user, token } = signedIn(req);
      await disableTwoFactor(ctx, user, token, req.body);
      return { ok: true as const };
    },
  });

  r.get('/api/settings/security', {
    config: { access: 'admin' },
    schema: {
      tags: TAGS,
      summary: 'Whether two-factor is required for every account',
      response: { 200: securitySettingsDtoSchema, ...errorResponses(401, 403) },
    },
    handler: async () => ({ requireTwoFactor: await twoFactorRequired(ctx) }),
  });

  r.put('/api/settings/security', {
    config: { access: 'admin' },
    schema: {
      tags: TAGS,
      summary: 'Require two-factor for every account (or not)',
      body: securitySettingsSchema,
      response: { 200: securitySettingsDtoSchema, ...errorResponses(400, 401, 403, 409) },
    },
    handler: async (req) => ({ requireTwoFactor: await setTwoFactorRequired(ctx, signedIn(req).user, req.body.requireTwoFactor) }),
  });
}
