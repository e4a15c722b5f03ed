import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { passDtoSchema, paymentMethodsDtoSchema } from '../../shared/api-types/payments';
import type { AppContext } from '../context';
import { presentPass } from './catalogue.presenter';
import * as service from './catalogue.service';

const TAGS = ['Passes'];

// Public: the shop's catalogue. The answer is kept in the public answer cache (it shows the
// settings: a save in Paramètres drops it, see lib/public-cache.ts).
export function passesRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/passes', {
    config: { access: 'public' },
    schema: {
      tags: TAGS,
      summary: "The passes on sale: the cells of the owner's price table, amounts in satang",
      response: { 200: passDtoSchema.array() },
    },
    handler: async () => (await service.listPassesForSale(ctx)).map(presentPass),
  });

  // Not cached: the PromptPay ID follows the settings, cards the server's configuration.
  r.get('/api/payments/methods', {
    config: { access: 'public' },
    schema: {
      tags: TAGS,
      summary: 'How a pass can be paid online now: PromptPay (the gym has an ID) and cards (configured)',
      response: { 200: paymentMethodsDtoSchema },
    },
    handler: async () => service.paymentMethods(ctx),
  });
}
