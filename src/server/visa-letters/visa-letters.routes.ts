import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  orderVisaLetterDtoSchema,
  visaLetterDtoSchema,
  visaLetterPageDtoSchema,
  visaLetterRequestedDtoSchema,
  visaVerificationDtoSchema,
} from '../../shared/api-types/visa-letters';
import { idParamSchema } from '../../shared/schemas/common';
import { orderTokenParamsSchema } from '../../shared/schemas/orders';
import { verifyCodeParamsSchema, visaLetterListQuerySchema, visaLetterRequestSchema, visaLetterRevokeSchema } from '../../shared/schemas/visa-letters';
import type { AppContext } from '../context';
import { signedIn } from '../http/access';
import { errorResponses } from '../http/responses';
import { notFound } from '../errors';
import { presentLetter } from './visa-letters.presenter';
import { findListedLetter } from './visa-letters.repository';
import {
  issueLetter,
  letterPdfById,
  letterPdfByToken,
  letterStateByToken,
  listLetters,
  requestLetter,
  revokeLetter,
  verifyLetter,
} from './visa-letters.service';

const TAGS = ['Visa letters'];
const PAGE_TAGS = ['Orders (order page)'];
const pdfResponse = { description: 'The letter (PDF, one A4 page, in English)', content: { 'application/pdf': { schema: z.string().describe('PDF') } } };

export function visaLettersRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const listed = async (id: number) => {
    const row = await findListedLetter(ctx.db, id);
    if (!row) throw notFound('Lettre introuvable');
    return presentLetter(row);
  };

  // The order page (the token is the holder's only key).
  r.get('/api/orders/by-token/:token/visa-letter', {
    config: { access: 'public', limit: 'orderPage', secretParams: ['token'] },
    schema: {
      tags: PAGE_TAGS,
      summary: 'Whether the order page offers the visa letter form, and where the letter stands',
      params: orderTokenParamsSchema,
      response: { 200: orderVisaLetterDtoSchema, ...errorResponses(400, 404) },
    },
    handler: async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return letterStateByToken(ctx, req.params.token);
    },
  });

  r.post('/api/orders/by-token/:token/visa-letter', {
    config: { access: 'public', limit: 'manageBooking', secretParams: ['token'] },
    schema: {
      tags: PAGE_TAGS,
      summary: "Request the visa letter of a paid programme with the passport's data (staff are e-mailed and notified)",
      description:
        'The name is written as in the passport’s machine-readable zone (Latin letters); the answer warns when it differs from the order’s name. ' +
        'A new request replaces one still waiting. 409 visa_letter_unavailable when the order is not a programme or not paid (nor its deposit when the gym allows it).',
      params: orderTokenParamsSchema,
      body: visaLetterRequestSchema,
      response: { 201: visaLetterRequestedDtoSchema, ...errorResponses(400, 404, 409) },
    },
    handler: async (req, reply) => reply.code(201).send(await requestLetter(ctx, req.params.token, req.body)),
  });

  r.get('/api/orders/by-token/:token/visa-letter.pdf', {
    config: { access: 'public', limit: 'orderPage', secretParams: ['token'] },
    schema: {
      tags: PAGE_TAGS,
      summary: 'The issued visa letter (PDF); every download is in the audit log',
      params: orderTokenParamsSchema,
      response: { 200: pdfResponse, ...errorResponses(400, 404) },
    },
    handler: async (req, reply) => {
      const { pdf, reference } = await letterPdfByToken(ctx, req.params.token, req.ip ?? null);
      return reply
        .type('application/pdf')
        .header('cache-control', 'no-store')
        .header('content-disposition', `attachment; filename="${reference}.pdf"`)
        .send(pdf as unknown as string);
    },
  });

  // The verification page's data: anyone, rate-limited, never the passport number or date of birth.
  r.get('/api/visa-letters/verify/:code', {
    config: { access: 'public', limit: 'verify', secretParams: ['code'] },
    schema: {
      tags: TAGS,
      summary: 'Verify a visa letter by the code of its QR: valid, revoked or expired, with the gym, holder, programme and dates',
      params: verifyCodeParamsSchema,
      response: { 200: visaVerificationDtoSchema, ...errorResponses(400, 404) },
    },
    handler: async (req, reply) => {
      reply.header('cache-control', 'no-store').header('x-robots-tag', 'noindex');
      return verifyLetter(ctx, req.params.code);
    },
  });

  // The back office ("Visas"): passport data for signed-in staff, every read audited.
  r.get('/api/visa-letters', {
    config: { access: 'user', audit: true },
    schema: {
      tags: TAGS,
      summary: 'Visa letter requests and letters, newest first (status: requested, issued, revoked)',
      querystring: visaLetterListQuerySchema,
      response: { 200: visaLetterPageDtoSchema, ...errorResponses(400, 401) },
    },
    handler: async (req, reply) => {
      reply.header('cache-control', 'no-store');
      const { rows, ...page } = await listLetters(ctx, req.query);
      return { items: rows.map(presentLetter), ...page };
    },
  });

  r.get('/api/visa-letters/:id/letter.pdf', {
    config: { access: 'user', audit: true },
    schema: {
      tags: TAGS,
      summary: 'An issued letter (PDF) as it was sent',
      params: idParamSchema,
      response: { 200: pdfResponse, ...errorResponses(400, 401, 404) },
    },
    handler: async (req, reply) => {
      const { pdf, reference } = await letterPdfById(ctx, req.params.id);
      return reply
        .type('application/pdf')
        .header('cache-control', 'no-store')
        .header('content-disposition', `inline; filename="${reference}.pdf"`)
        .send(pdf as unknown as string);
    },
  });

  r.post('/api/visa-letters/:id/issue', {
    config: { access: 'user' },
    schema: {
      tags: TAGS,
      summary: 'Issue the letter (PDF e-mailed to the holder); on a letter already issued, a new reference and the old one revoked',
      description: '409 letter_details_missing names what Paramètres lacks; 409 visa_letter_unavailable when the order is not paid (or refunded meanwhile).',
      params: idParamSchema,
      response: { 201: visaLetterDtoSchema, ...errorResponses(400, 401, 404, 409) },
    },
    handler: async (req, reply) => {
      const row = await issueLetter(ctx, req.params.id, signedIn(req).user.id);
      return reply.code(201).send(await listed(row.id));
    },
  });

  r.post('/api/visa-letters/:id/revoke', {
    config: { access: 'user' },
    schema: {
      tags: TAGS,
      summary: 'Revoke a letter (or a request) with a reason: the verification page says so at once',
      params: idParamSchema,
      body: visaLetterRevokeSchema,
      response: { 200: visaLetterDtoSchema, ...errorResponses(400, 401, 404, 409) },
    },
    handler: async (req) => {
      await revokeLetter(ctx, req.params.id, req.body.reason);
      return listed(req.params.id);
    },
  });
}
