import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { lowAttendanceDtoSchema } from '../../shared/api-types/payments';
import { idParamSchema } from '../../shared/schemas/common';
import { orderTokenParamsSchema } from '../../shared/schemas/orders';
import type { AppContext } from '../context';
import { errorResponses } from '../http/responses';
import { attendanceByToken, attendanceForStaff, lowAttendance } from './attendance.service';
import { receiptByToken, receiptForStaff } from './receipts.service';

// The gym's documents of an order (issue 35, points 6 and 7): its receipt and its attendance
// statement, for the buyer by the order page's token and for staff by the order's id, and the
// back office's list of programme holders who attend too little.

const PAGE_TAGS = ['Orders (order page)'];
const TAGS = ['Orders'];
const pdf = (description: string) => ({ description, content: { 'application/pdf': { schema: z.string().describe(description) } } });

/** A PDF answer, never cached (its order's money or marks change), named for the download. */
const sendPdf = (reply: FastifyReply, name: string, bytes: Uint8Array) =>
  reply
    .type('application/pdf')
    .header('cache-control', 'no-store')
    .header('content-disposition', `inline; filename="${name.replace(/[^A-Za-z0-9._-]/g, '_')}.pdf"`)
    .send(Buffer.from(bytes));

export function documentsRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/orders/by-token/:token/receipt.pdf', {
    config: { access: 'public', limit: 'orderPage', secretParams: ['token'] },
    schema: {
      tags: PAGE_TAGS,
      summary: 'The receipt of a paid order (PDF, one A4 page): numbered once at first issue (R-YYYY-NNNN); 409 receipt_unavailable until paid in full',
      params: orderTokenParamsSchema,
      response: { 200: pdf('The receipt'), ...errorResponses(400, 404, 409) },
    },
    handler: async (req, reply) => {
      const file = await receiptByToken(ctx, req.params.token);
      return sendPdf(reply, `receipt-${file.number}`, file.pdf);
    },
  });

  r.get('/api/orders/by-token/:token/attendance.pdf', {
    config: { access: 'public', limit: 'orderPage', secretParams: ['token'] },
    schema: {
      tags: PAGE_TAGS,
      summary: "The order's attendance statement (PDF): the sessions the desk marked present within its dates, month by month in gym time",
      params: orderTokenParamsSchema,
      response: { 200: pdf('The attendance statement'), ...errorResponses(400, 404) },
    },
    handler: async (req, reply) => {
      const file = await attendanceByToken(ctx, req.params.token);
      return sendPdf(reply, `attendance-${file.reference}`, file.pdf);
    },
  });

  r.get('/api/orders/low-attendance', {
    config: { access: 'user' },
    schema: {
      tags: TAGS,
      summary: 'Programme holders (order in use) who attended under half of their weekly plan over the last 14 gym days, once 7 of them are within their dates',
      response: { 200: lowAttendanceDtoSchema, ...errorResponses(401) },
    },
    handler: async () => {
      const { from, to, items } = await lowAttendance(ctx);
      return {
        from,
        to,
        items: items.map((o) => ({
          orderId: o.id,
          reference: o.reference,
          customerId: o.customerId,
          customerName: o.customerName,
          passName: o.passName,
          sessionsPerWeek: o.sessionsPerWeek,
          days: o.days,
          planned: o.planned,
          attended: o.attended,
        })),
      };
    },
  });

  r.get('/api/orders/:id/receipt.pdf', {
    config: { access: 'user' },
    schema: {
      tags: TAGS,
      summary: "The order's receipt (PDF), the same number as the buyer's; 409 receipt_unavailable until paid in full",
      params: idParamSchema,
      response: { 200: pdf('The receipt'), ...errorResponses(400, 401, 404, 409) },
    },
    handler: async (req, reply) => {
      const file = await receiptForStaff(ctx, req.params.id);
      return sendPdf(reply, `receipt-${file.number}`, file.pdf);
    },
  });

  r.get('/api/orders/:id/attendance.pdf', {
    config: { access: 'user' },
    schema: {
      tags: TAGS,
      summary: "The order's attendance statement (PDF)",
      params: idParamSchema,
      response: { 200: pdf('The attendance statement'), ...errorResponses(400, 401, 404) },
    },
    handler: async (req, reply) => {
      const file = await attendanceForStaff(ctx, req.params.id);
      return sendPdf(reply, `attendance-${file.reference}`, file.pdf);
    },
  });
}
