import type { FastifyInstance } from 'fastify';
import { userUpdateSchema } from '../../shared/schemas/auth';
import { idParamSchema } from '../../shared/schemas/common';
import type { Guards } from '../auth/guards';
import type { AppContext } from '../context';
import { parseOrThrow } from '../lib/validation';
import { presentUser } from './users.presenter';
import { deleteUser, listUserNames, listUsers, updateUser } from './users.service';

export async function usersRoutes(app: FastifyInstance, ctx: AppContext, g: Guards) {
  // Public: authors' ids and names only. An admin's token gets the full records.
  app.get('/api/users', { preHandler: g.optionalUser }, async (req) => {
    if (req.user?.role === 'admin') return (await listUsers(ctx)).map(presentUser);
    return listUserNames(ctx);
  });

  app.put('/api/users/:id', { preHandler: g.requireAdmin }, async (req) => {
    const { id } = parseOrThrow(idParamSchema, req.params);
    const input = parseOrThrow(userUpdateSchema, req.body);
    return presentUser(await updateUser(ctx, req.user!, id, input));
  });

  app.delete('/api/users/:id', { preHandler: g.requireAdmin }, async (req, reply) => {
    const { id } = parseOrThrow(idParamSchema, req.params);
    await deleteUser(ctx, req.user!, id);
    return reply.code(204).send();
  });
}
