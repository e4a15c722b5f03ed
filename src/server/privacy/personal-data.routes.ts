import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { personalDataDtoSchema, personalDataErasedDtoSchema } from '../../shared/api-types';
import { personalDataExportQuerySchema, personalDataKeySchema } from '../../shared/schemas/personal-data';
import type { AppContext } from '../context';
import { errorResponses } from '../http/responses';
import { readEml } from './eml-files';
import { personalDataCsv, presentErased, presentPersonalData, presentPersonalDataExport } from './personal-data.presenter';
import { erasePersonalData, findPersonalData } from './personal-data.service';

const TAGS = ['Personal data'];

/** Staff (signed in) find, export and erase a person's data (PDPA, GDPR); every call is audited. */
export function personalDataRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/personal-data', {
    config: { access: 'user', audit: true },
    schema: {
      tags: TAGS,
      summary: 'Every record of an e-mail address and/or phone number',
      querystring: personalDataKeySchema,
      response: { 200: personalDataDtoSchema, ...errorResponses(400, 401) },
    },
    handler: async (req) => presentPersonalData(await findPersonalData(ctx, req.query)),
  });

  r.get('/api/personal-data/export', {
    config: { access: 'user', audit: true },
    schema: {
      tags: TAGS,
      summary: 'The same records as a file: JSON (with the .eml texts) or CSV',
      querystring: personalDataExportQuerySchema,
      response: { 200: z.string().describe('The file (application/json or text/csv)'), ...errorResponses(400, 401) },
    },
    handler: async (req, reply) => {
      const data = await findPersonalData(ctx, req.query);
      const stamp = new Date();
      const name = `donnees-personnelles-${stamp.toISOString().slice(0, 10)}`;
      if (req.query.format === 'csv') {
        reply.header('content-disposition', `attachment; filename="${name}.csv"`).type('text/csv; charset=utf-8');
        return reply.send(personalDataCsv(data));
      }
      const texts = await Promise.all(data.emlFiles.map((f) => readEml(f).catch(() => '')));
      reply.header('content-disposition', `attachment; filename="${name}.json"`).type('application/json; charset=utf-8');
      return reply.send(JSON.stringify(presentPersonalDataExport(data, texts, stamp), null, 2));
    },
  });

  r.post('/api/personal-data/erase', {
    config: { access: 'user' },
    schema: {
      tags: TAGS,
      summary: 'Anonymise every record of an e-mail address and/or phone number; unsent e-mails and .eml copies removed',
      body: personalDataKeySchema,
      response: { 200: personalDataErasedDtoSchema, ...errorResponses(400, 401) },
    },
    handler: async (req) => presentErased(await erasePersonalData(ctx, req.body)),
  });
}
