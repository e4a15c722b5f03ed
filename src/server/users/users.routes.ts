import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { userDtoSchema, userNameDtoSchema } from '../../shared/api-types';
import { userUpdateSchema } from '../../shared/schemas/auth';
import { idParamSchema } from '../../shared/schemas/common';
import type { AppContext } from '../context';
import { signedIn } from '../http/access';
import { errorResponses, noContentSchema } from '../http/responses';
import { presentUser, presentUserName } from './users.presenter';
import { deleteUser, listUserNames, listUsers, updateUser } from './users.service';

const TAGS = ['Users'];

// The full records come first: a union answers with the first option that fits, and the
// names-only option would fit (and strip) a full record too.
const userListSchema = z
  .union([userDtoSchema.array(), userNameDtoSchema.array()])
  .describe('Full records for an admin token; ids and names (the blog authors) for anyone else');

export function usersRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  // Public: authors' ids and names only. An admin's token gets the full records.
  r.get('/api/users', {
    config: { access: 'public' },
    schema: { tags: TAGS, summary: 'List users (full records for an admin)', response: { 200: userListSchema } },
    handler: async (req) => {
      if (req.user?.role === 'admin') return (await listUsers(ctx)).map(presentUser);
      return (await listUserNames(ctx)).map(presentUserName);
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
    handler: async (req) => presentUser(await updateUser(ctx, signedIn(req).user, req.params.id, req.body)),
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
