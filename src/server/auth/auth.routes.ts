import type { FastifyInstance } from 'fastify';
import { loginSchema, userCreateSchema } from '../../shared/schemas/auth';
import type { AppContext } from '../context';
import { parseOrThrow } from '../lib/validation';
import { presentSessionUser, presentUser } from '../users/users.presenter';
import { createUser } from '../users/users.service';
import type { Guards } from './guards';
import { LoginLimiter } from './login-limiter';
import { login, logout } from './auth.service';

export async function authRoutes(app: FastifyInstance, ctx: AppContext, g: Guards) {
  const limiter = new LoginLimiter();

  app.post('/api/auth/login', async (req) => {
    const input = parseOrThrow(loginSchema, req.body);
    const { token, user } = await login(ctx, limiter, input, req.ip);
    return { token, user: presentSessionUser(user) };
  });

  app.get('/api/auth/me', { preHandler: g.requireUser }, async (req) => presentSessionUser(req.user!));

  app.post('/api/auth/logout', { preHandler: g.requireUser }, async (req) => {
    await logout(ctx, req.token!);
    return { ok: true };
  });

  app.post('/api/auth/register', { preHandler: g.requireAdmin }, async (req, reply) => {
    const input = parseOrThrow(userCreateSchema, req.body);
    const user = await createUser(ctx, input);
    return reply.code(201).send(presentUser(user));
  });
}
