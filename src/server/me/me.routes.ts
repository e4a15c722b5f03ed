import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { meDtoSchema, meSignInSentDtoSchema } from '../../shared/api-types';
import { meCodePayloadSchema, meConfirmPayloadSchema, meSignInPayloadSchema, meSignOutPayloadSchema } from '../../shared/schemas/me';
import type { AppContext } from '../context';
import { errorResponses, noContentSchema } from '../http/responses';
import { cameOverHttps } from '../http/transport-security';
import { meCookie, meCookieToken } from './me-cookie';
import * as service from './me.service';

const TAGS = ['My page'];

export function meRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const secure = (req: FastifyRequest) => cameOverHttps(req.raw, ctx.config.trustProxy);
  const signedIn = (req: FastifyRequest, reply: FastifyReply, s: service.NewMeSession) => {
    reply.header('set-cookie', meCookie(s.token, s.maxAgeSeconds, secure(req))).header('cache-control', 'no-store');
    return s.me;
  };

  r.post('/api/me/sign-in', {
    config: { access: 'public', limit: 'newsletter' },
    schema: {
      tags: TAGS,
      summary: 'E-mail a sign-in link and code to a customer',
      description:
        'Always 202 with the same body, whether or not the address is a customer’s (issue 47). A known address gets a link ' +
        `(one confirm, ${service.SIGN_IN_MINUTES} minutes) and a six-digit code. Limited per client address and per e-mail address.`,
      body: meSignInPayloadSchema,
      response: { 202: meSignInSentDtoSchema, ...errorResponses(400) },
    },
    handler: async (req, reply) => {
      await service.requestSignIn(ctx, req.body);
      return reply.code(202).send({ sent: true });
    },
  });

  r.post('/api/me/sign-in/confirm', {
    config: { access: 'public', limit: 'login' },
    schema: {
      tags: TAGS,
      summary: "Spend a sign-in link's token: sets the session cookie",
      description: 'The first confirm of a live link signs in; any other answers 400 me_sign_in_failed.',
      body: meConfirmPayloadSchema,
      response: { 200: meDtoSchema, ...errorResponses(400) },
    },
    handler: async (req, reply) => signedIn(req, reply, await service.confirmLink(ctx, req.body.token)),
  });

  r.post('/api/me/sign-in/code', {
    config: { access: 'public', limit: 'login' },
    schema: {
      tags: TAGS,
      summary: "Sign in with the e-mail's six-digit code: sets the session cookie",
      description: `Five wrong codes spend it. A wrong code and an unknown address answer the same 400 me_sign_in_failed.`,
      body: meCodePayloadSchema,
      response: { 200: meDtoSchema, ...errorResponses(400) },
    },
    handler: async (req, reply) => signedIn(req, reply, await service.signInWithCode(ctx, req.body)),
  });

  r.post('/api/me/sign-out', {
    config: { access: 'public', limit: 'default' },
    schema: {
      tags: TAGS,
      summary: 'End the session of this browser',
      description:
        'With `endpoint` (this browser’s push subscription), the person’s subscription of it is deleted too, so a shared phone stops receiving their pushes. 204 in every case.',
      body: meSignOutPayloadSchema.optional(),
      response: { 204: noContentSchema, ...errorResponses(400) },
    },
    handler: async (req, reply) => {
      await service.signOut(ctx, meCookieToken(req.headers.cookie), req.body?.endpoint);
      return reply
        .code(204)
        .header('set-cookie', meCookie(null, 0, secure(req)))
        .send(null);
    },
  });
}
