import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { loginAnswerSchema, okAnswerSchema, sessionUserDtoSchema, twoFactorChallengeDtoSchema, userDtoSchema } from '../../shared/api-types';
import { loginSchema, userCreateSchema } from '../../shared/schemas/auth';
import type { AppContext } from '../context';
import { signedIn } from '../http/access';
import { errorResponses } from '../http/responses';
import { presentSessionUser, presentUser } from '../users/users.presenter';
import { createUser } from '../users/users.service';
import { LoginLimiter } from './login-limiter';
import { configurePasswordHashing } from './password';
import { login, logout } from './auth.service';
import { accountRoutes } from './account.routes';
import { accountSecurity } from './two-factor.service';

const TAGS = ['Auth'];

export function authRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const limiter = new LoginLimiter(ctx, ctx.config.loginFailures);
  configurePasswordHashing(ctx.config.passwordHashConcurrency);

  r.post('/api/auth/login', {
    config: { access: 'public', limit: 'login' },
    schema: {
      tags: TAGS,
      summary: 'Sign in: a bearer token and the account, or a two-factor challenge',
      body: loginSchema,
      response: { 200: z.union([loginAnswerSchema, twoFactorChallengeDtoSchema]), ...errorResponses(400, 401, 429) },
    },
    handler: async (req) => {
      const result = await login(ctx, limiter, req.body, req.ip);
      if (result.challenge !== undefined) return { twoFactorRequired: true as const, challenge: result.challenge };
      return { token: result.token, user: presentSessionUser(result.user, await accountSecurity(ctx, result.user)) };
    },
  });

  r.get('/api/auth/me', {
    config: { access: 'user', twoFactorSetup: true },
    schema: { tags: TAGS, summary: 'The signed-in account', response: { 200: sessionUserDtoSchema, ...errorResponses(401) } },
    handler: async (req) => {
      const { user } = signedIn(req);
      return presentSessionUser(user, await accountSecurity(ctx, user));
    },
  });

  r.post('/api/auth/logout', {
    config: { access: 'user', twoFactorSetup: true },
    schema: { tags: TAGS, summary: 'End this session (the token stops working)', response: { 200: okAnswerSchema, ...errorResponses(401) } },
    handler: async (req) => {
      await logout(ctx, signedIn(req).token);
      return { ok: true as const };
    },
  });

  r.post('/api/auth/register', {
    config: { access: 'admin' },
    schema: {
      tags: TAGS,
      summary: 'Create a staff or admin account',
      body: userCreateSchema,
      response: { 201: userDtoSchema, ...errorResponses(400, 401, 403, 409) },
    },
    handler: async (req, reply) => reply.code(201).send(presentUser(await createUser(ctx, req.body))),
  });

  accountRoutes(app, ctx);
}
