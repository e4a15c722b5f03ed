import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { userDtoSchema, userNameDtoSchema } from '../../shared/api-types';
import { userUpdateSchema } from '../../shared/schemas/auth';
import { idParamSchema } from '../../shared/schemas/common';
import type { AppContext } from '../context';
import { hashToken } from '../auth/tokens';
import { signedIn } from '../http/access';
import { errorResponses, noContentSchema } from '../http/responses';
import { presentUser, presentUserName } from './users.presenter';
import { deleteUser, listPublishedAuthors, listUserNames, listUsers, updateUser } from './users.service';

const TAGS = ['Users'];

// The full records come first: a union answers with the first option that fits, and the
// names-only option would fit (and strip) a full record too.
const userListSchema = z
  .union([userDtoSchema.array(), userNameDtoSchema.array()])
  .describe('Full records for an admin token; ids and names for staff; ids and names of the authors of published posts for anonymous callers');

export function usersRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  // Anonymous: ids and names of the authors of published posts only (accounts that wrote
  // nothing public stay unlisted). Staff get every colleague's id and name; an admin the full records.
  r.get('/api/users', {
    config: { access: 'public' },
    schema: { tags: TAGS, summary: 'List users (full records for an admin)', response: { 200: userListSchema } },
    handler: async (req) => {
      if (req.user?.role === 'admin') return (await listUsers(ctx)).map(presentUser);
      if (req.user) return (await listUserNames(ctx)).map(presentUserName);
      return (await listPublishedAuthors(ctx)).map(presentUserName);
    },
  });

  r.put('/api/users/:id', {
    config: { access: 'admin' },
    schema: {
      tags: TAGS,
      summary: 'Edit an account (name, e-mail, role, active, password)',
      params: idParamSchema,
      body: userUpdateSchema,
      response: { 200: userDtoSchema, ...errorResponses(400, 401, 403, 404, 409) },
    },
    handler: async (req) => {
      const { user, token } = signedIn(req);
      return presentUser(await updateUser(ctx, user, req.params.id, req.body, hashToken(token)));
    },
  });

  r.delete('/api/users/:id', {
    config: { access: 'admin' },
    schema: { tags: TAGS, summary: 'Delete an account', params: idParamSchema, response: { 204: noContentSchema, ...errorResponses(400, 401, 403, 404) } },
    handler: async (req, reply) => {
      await deleteUser(ctx, signedIn(req).user, req.params.id);
      return reply.code(204).send(null);
    },
  });
}
