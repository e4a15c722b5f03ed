import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { createCampaignSender, type CampaignSender } from './campaign-sender';
import { campaignsRoutes } from './campaigns.routes';

declare module 'fastify' {
  interface FastifyInstance {
    /** The newsletter campaigns' worker (tests stop and start it: a restart in the middle). */
    campaignSender: CampaignSender;
  }
}

/** Newsletter campaigns (issue 48): their routes, and the worker that sends them (with the other workers). */
export function registerCampaigns(app: FastifyInstance, ctx: AppContext, opts: { startWorkers?: boolean }): void {
  const sender = createCampaignSender(ctx);
  app.decorate('campaignSender', sender);
  campaignsRoutes(app, ctx, sender);
  if (opts.startWorkers !== false) app.addHook('onReady', async () => sender.start());
  // Before the database closes: a send in progress is recorded.
  app.addHook('preClose', async () => sender.stop());
}
