import compress from '@fastify/compress';
import multipart from '@fastify/multipart';
import http from 'node:http';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import { answerError } from './http/error-answer';
import type { ViteDevServer } from 'vite';
import { GALLERY_MAX_BYTES } from '../shared/constants';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, serializerCompiler } from 'fastify-type-provider-zod';
import { createAuditPurgeJob, type AuditPurgeJob } from './audit/audit.job';
import { waiversRoutes, type MeResolver } from './waivers/waivers.routes';
import { checkInRoutes } from './check-in/check-in.routes';
import { meCookieToken } from './me/me-cookie';
import { signedInCustomer } from './me/me.service';
import { createHealthRetentionJob } from './waivers/health-retention.job';
import { createGalleryPurgeJob, type GalleryPurgeJob } from './gallery/gallery-purge.job';
import { registerAuditLog } from './audit/audit.hook';
import { auditRoutes } from './audit/audit.routes';
import { authRoutes } from './auth/auth.routes';
import { registerAccessControl } from './http/access';
import { registerHoneypot } from './http/honeypot';
import { registerLoadShedding } from './http/load-shedding';
import { registerRateLimits } from './limits/rate-limit';
import { passwordResetsIdle } from './auth/account.service';
import { checkSecretDeclarations, serializeRequest } from './http/log-redaction';
import { ERROR_CODES_MARKDOWN } from './http/responses';
import { zodValidatorCompiler } from './lib/validation';
import { blogRoutes } from './blog/blog.routes';
import { categoriesRoutes } from './categories/categories.routes';
import type { Config } from './config';
import { contactRoutes } from './contact/contact.routes';
import type { AppContext } from './context';
import { conversationsRoutes } from './conversations/conversations.routes';
import { inboundStatusRoutes } from './inbound/inbound-status.routes';
import { savedRepliesRoutes } from './saved-replies/saved-replies.routes';
import { discountCodesRoutes } from './discount-codes/discount-codes.routes';
import { passesRoutes } from './catalogue/catalogue.routes';
import { offersRoutes } from './offers/offers.routes';
import { siteSettingsRoutes } from './site-settings/site-settings.routes';
import { getSiteSettings } from './site-settings/site-settings.service';
import { dashboardRoutes } from './dashboard/dashboard.routes';
import { demoRoutes } from './demo/demo.routes';
import { deskRoutes } from './desk/desk.routes';
import { customersRoutes } from './customers/customers.routes';
import { meRoutes } from './me/me.routes';
import { meActionsRoutes } from './my-page/me-actions.routes';
import { mePushRoutes } from './me/me-push.routes';
import { createTravellerPushQueue } from './push/traveller-push-queue';
import { migrate, openDatabase, type DatabaseHandle } from './db/database';
import { badRequest } from './errors';
import { galleryRoutes } from './gallery/gallery.routes';
import type { CacheBus } from './cluster/cache-bus';
import { createInstanceCache, followRemoteWrite } from './cluster/instance-cache';
import { createHealthz } from './cluster/healthz';
import { CODINGS, registerEncodingNegotiation } from './lib/accept-encoding';
import { registerResponseCache, serveCachedAnswer } from './lib/response-cache';
import { registerSecurityHeaders } from './http/security-headers';
import { addStrictTransportSecurity } from './http/transport-security';
import { createMailQueue } from './mail/delivery/mail-queue';
import { newsletterRoutes } from './newsletter/newsletter.routes';
import { createPushNotifier } from './push/push-notifier';
import { createStripeGateway } from './payments/stripe/stripe-gateway';
import { stripeWebhookRoutes } from './payments/stripe/stripe-webhook.routes';
import { personalDataRoutes } from './privacy/personal-data.routes';
import { pushRoutes } from './push/push.routes';
import { createBlogSchedule } from './blog/blog-schedule';
import { createReminderJob, type ReminderJob } from './reminders/reminders.job';
import { setUpWaitlist } from './waitlist/waitlist-setup';
import { reservationsRoutes } from './reservations/reservations.routes';
import { gymChangesRoutes } from './reservations/gym-changes.routes';
import { deskOrdersRoutes } from './orders/desk-orders.routes';
import { documentsRoutes } from './documents/documents.routes';
import { createOrderExpiryJob, type OrderExpiryJob } from './orders/order-expiry';
import { createReconcileJob } from './payments/reconcile.service';
import type { PeriodicJob } from './lib/periodic-job';
import { createImapReader, type ImapReader } from './inbound/imap-reader';
import { tagSecret } from './inbound/reply-tag';
import { ordersRoutes } from './orders/orders.routes';
import { staysRoutes } from './stays/stays.routes';
import { trainersRoutes } from './trainers/trainers.routes';
import { registerPrivateLessons } from './private-lessons/private-lessons.plugin';
import { registerCampaigns } from './campaigns/campaigns.plugin';
import { registerReviewRequests } from './review-requests/review-requests.routes';
import { timetableRoutes } from './timetable/timetable.routes';
import { createStatsRecorder } from './stats/stats.service';
import { usersRoutes } from './users/users.routes';
import { webRoutes } from './web/web.routes';
import { registerVisaLetters } from './visa-letters/visa-letters.plugin';
import { registerArrivals } from './stays/arrivals.routes';

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
    /** The booking-reminder job (started with the outbox worker). */
    reminders: ReminderJob;
    /** Deletes audit entries older than a year (at start, then daily, with the workers). */
    auditPurge: AuditPurgeJob;
    healthRetention: PeriodicJob;
    /** Removes deleted gallery items once they can no longer be restored (hourly, with the workers). */
    galleryPurge: GalleryPurgeJob;
    /** Records unpaid orders whose hold ran out (with the workers). */
    orderExpiry: OrderExpiryJob;
    reconcile: PeriodicJob;
    /** Reads the gym's mailbox (issue 22); only when IMAP_URL is set. */
    imapReader: ImapReader | undefined;
    /** Public cache invalidations between instances (PostgreSQL only). */
    cacheBus: CacheBus | undefined;
  }
}

export interface BuildOptions {
  /** Use this database instead of opening one from the config (tests share one). */
  database?: DatabaseHandle;
  /** Start the outbox worker (default true). */
  startWorkers?: boolean;
  /** PostgreSQL: tell other instances of public cache invalidations (default true; off only to measure its cost). */
  cacheBus?: boolean;
  logger?: boolean;
  /** Where the log goes (tests read it); stdout otherwise. */
  logStream?: { write(line: string): void };
  /** The clock of the periodic jobs (tests); the real one by default. */
  now?: () => Date;
}

/** Paths that are always the server's own, never Vite's. */
const isServerPath = (url: string | undefined) => !url || /^\/(api|uploads|healthz|livez)(\/|$|\?)/.test(url);
async function createDevVite(): Promise<ViteDevServer> {
  // Vite is a development dependency: loaded only here.
  const { createServer } = await import('vite');
  return createServer({ server: { middlewareMode: true }, appType: 'custom', logLevel: 'warn' });
}

/** Opens the database, runs migrations and builds the app; nothing listens yet. */
export async function buildApp(config: Config, opts: BuildOptions = {}): Promise<FastifyInstance> {
  // The logger exists only once Fastify does; a checkpoint thread failing before then is told on stderr.
  let checkpointThreadError = (err: unknown) => console.error('SQLite checkpoint thread stopped; the main connection checkpoints instead', err);
  let poolError = (err: unknown) => console.error('PostgreSQL connection lost; the pool opens another', err);
  const handle =
    opts.database ??
    openDatabase({
      dataDir: config.dataDir,
      databaseUrl: config.databaseUrl,
      schema: config.databaseSchema,
      checkpointThread: config.sqliteCheckpointThread,
      onCheckpointThreadError: (err) => checkpointThreadError(err),
      onPoolError: (err) => poolError(err),
    });
  await migrate(handle, config.databaseSchema);

  // The instance's dependencies, probed in the background; /healthz answers from memory (decision 171).
  const healthz = createHealthz({ probeDatabase: handle.probe, s3: config.s3, log: () => app.log });
  // Set once the context exists: cached public answers are written before Fastify sees them.
  let fastPath: ((req: http.IncomingMessage, res: http.ServerResponse) => boolean) | undefined;
  // Development (npm run dev): Vite's dev server in middleware mode serves the front end's
  // modules with hot reload; what it does not serve (API, pages) goes on to Fastify.
  const vite = config.dev ? await createDevVite() : undefined;
  const app = Fastify({
    logger:
      opts.logger === false
        ? false
        : {
            level: config.logLevel,
            redact: ['req.headers.authorization', 'req.headers.cookie'],
            serializers: { req: serializeRequest },
            ...(opts.logStream ? { stream: opts.logStream } : {}),
          },
    trustProxy: config.trustProxy,
    // The router's own refusals (a path that does not decode, a parameter over its length)
    // answer like every other error, not with Fastify's { error, code: 'FST_…', message } body.
    frameworkErrors: (err, _req, reply: FastifyReply) => {
      const status = err.statusCode ?? 400;
      if (status >= 500) void reply.code(500).send({ error: 'Internal server error', code: 'internal' });
      else void reply.code(status).send({ error: 'Bad Request', code: 'validation' });
    },
    bodyLimit: 1024 * 1024,
    forceCloseConnections: 'idle',
    serverFactory: (handler) => {
      const server = http.createServer((req, res) => {
        if (healthz.answer(req, res)) return;
        if (fastPath?.(req, res)) return;
        if (vite && !isServerPath(req.url)) vite.middlewares(req, res, () => handler(req, res));
        else handler(req, res);
      });
      // Fastify's own defaults for the server it would have made.
      server.keepAliveTimeout = 72_000;
      // A slow client cannot hold a connection forever.
      server.requestTimeout = 60_000;
      return server;
    },
  });

  const stats = createStatsRecorder(handle.db, config.timezone, app.log);
  const mail = createMailQueue({ db: handle.db, config, log: app.log, recipientSecret: () => tagSecret(handle.db, config) });
  const push = createPushNotifier({ db: handle.db, config, log: app.log });
  // Travellers' pushes go through their own outbox (decision 188).
  const travellerPush = createTravellerPushQueue({ db: handle.db, config, log: app.log });
  const { cache: publicCache, bus: cacheBus } = createInstanceCache({
    handle,
    config,
    log: app.log,
    bus: opts.cacheBus !== false,
    onRemote: (domain) => followRemoteWrite(ctx, domain),
  });
  const ctx: AppContext = {
    config,
    db: handle.db,
    dialect: handle.dialect,
    log: app.log,
    stats,
    mail,
    push,
    publicCache,
    // Cards only with STRIPE_SECRET_KEY; a checkout session lapses with the order's hold.
    cardGateway: config.stripe ? createStripeGateway(config.stripe, { holdMs: config.paymentHoldMs }) : undefined,
  };
  checkpointThreadError = (err) => app.log.warn({ err }, 'SQLite checkpoint thread stopped; the main connection checkpoints instead');
  poolError = (err) => app.log.warn({ err }, 'PostgreSQL connection lost; the pool opens another');
  app.decorate('ctx', ctx);
  app.decorate('cacheBus', cacheBus);
  ctx.blogSchedule = createBlogSchedule(ctx);
  const reminders = createReminderJob(ctx, { now: opts.now });
  app.decorate('reminders', reminders);
  const auditPurge = createAuditPurgeJob(ctx, { now: opts.now });
  app.decorate('auditPurge', auditPurge);
  const healthRetention = createHealthRetentionJob(ctx, { now: opts.now });
  app.decorate('healthRetention', healthRetention);
  const galleryPurge = createGalleryPurgeJob(ctx, { now: opts.now });
  app.decorate('galleryPurge', galleryPurge);
  const orderExpiry = createOrderExpiryJob(ctx, { now: opts.now });
  app.decorate('orderExpiry', orderExpiry);
  const reconcile = createReconcileJob(ctx, { now: opts.now });
  app.decorate('reconcile', reconcile);
  const imapReader = config.inbound.imapUrl ? createImapReader(ctx) : undefined;
  app.decorate('imapReader', imapReader);
  // Routes declare zod schemas: the same parse (and first-problem 400) as the forms, and
  // answers encoded through their response schema, so unlisted columns never leave.
  app.setValidatorCompiler(zodValidatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // First of the request hooks: a refused write costs no query.
  registerLoadShedding(app, { maxPending: config.maxPendingWrites, log: app.log });
  registerAccessControl(app, ctx);
  checkSecretDeclarations(app);
  // Both add their hooks to routes as they are registered, so before any route.
  registerHoneypot(app);
  await registerRateLimits(app, ctx);
  registerAuditLog(app, ctx);

  // Empty JSON bodies are allowed (PUT .../mark-read has none); malformed ones are a 400.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => {
    const text = String(body);
    if (text.trim() === '') return done(null, undefined);
    try {
      done(null, JSON.parse(text));
    } catch {
      done(badRequest('Malformed JSON body'), undefined);
    }
  });

  app.setErrorHandler(answerError);

  registerSecurityHeaders(app, config, { dev: Boolean(vite) });
  addStrictTransportSecurity(app, config);
  // One content-coding choice (RFC 9110 q-values) for cached answers and compressed ones.
  registerEncodingNegotiation(app);
  // Cached answers would outlive an edited component; development renders every page afresh.
  if (!vite) {
    registerResponseCache(app, ctx);
    fastPath = (req, res) => serveCachedAnswer(ctx, req, res);
  }
  await app.register(compress, { threshold: 1024, encodings: [...CODINGS] });
  await app.register(multipart, {
    limits: { fileSize: GALLERY_MAX_BYTES, files: 1, fields: 20, fieldSize: 100_000, parts: 30 },
  });

  // The API describes itself from the route schemas: /api/openapi.json and a reference at /api/docs.
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Gym website API',
        version: '1.0.0',
        description:
          'Public site and back office API. Back-office routes need `Authorization: Bearer <token>` (POST /api/auth/login).\n\n' +
          'Errors answer `{ "error": "<sentence>", "code": "<code>" }`: the sentence may change, the code does not. The codes:\n\n' +
          ERROR_CODES_MARKDOWN,
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
    transform: jsonSchemaTransform,
    // Pages and files are not API: only tagged routes are described.
    hideUntagged: true,
  });
  // The page loads only its own files (no inline script), so the site's CSP above applies as it
  // is; swagger-ui's staticCSP would replace it with a looser one. No external validator badge.
  await app.register(swaggerUi, { routePrefix: '/api/docs', uiConfig: { docExpansion: 'list', validatorUrl: null } });
  app.get('/api/openapi.json', { config: { access: 'public' }, schema: { hide: true } }, async () => app.swagger());

  // A signed-in answer is one person's view: no shared cache may keep it.
  // A callback hook, not an async one: it runs on every answer, pages included.
  app.addHook('onSend', (req, reply, payload, done) => {
    if (req.user && req.url.startsWith('/api/')) reply.header('cache-control', 'no-store');
    done(null, payload);
  });

  healthz.register(app);

  authRoutes(app, ctx);
  usersRoutes(app, ctx);
  blogRoutes(app, ctx);
  categoriesRoutes(app, ctx);
  galleryRoutes(app, ctx);
  reservationsRoutes(app, ctx);
  timetableRoutes(app, ctx);
  gymChangesRoutes(app, ctx);
  setUpWaitlist(app, ctx, opts);
  newsletterRoutes(app, ctx);
  contactRoutes(app, ctx);
  conversationsRoutes(app, ctx);
  inboundStatusRoutes(app, ctx);
  savedRepliesRoutes(app, ctx);
  discountCodesRoutes(app, ctx);
  siteSettingsRoutes(app, ctx);
  passesRoutes(app, ctx);
  offersRoutes(app, ctx);
  pushRoutes(app, ctx);
  dashboardRoutes(app, ctx, opts);
  deskRoutes(app, ctx);
  for (const orderRoutes of [ordersRoutes, deskOrdersRoutes, documentsRoutes, staysRoutes, trainersRoutes, demoRoutes]) orderRoutes(app, ctx);
  auditRoutes(app, ctx);
  personalDataRoutes(app, ctx);
  await stripeWebhookRoutes(app, ctx);
  customersRoutes(app, ctx);
  meRoutes(app, ctx);
  meActionsRoutes(app, ctx);
  mePushRoutes(app, ctx);
  const signedInTraveller: MeResolver = async (req) => {
    const c = await signedInCustomer(ctx, meCookieToken(req.headers.cookie));
    return { id: c.id, language: c.language };
  };
  waiversRoutes(app, ctx, signedInTraveller);
  checkInRoutes(app, ctx, signedInTraveller);
  registerVisaLetters(app, ctx, opts);
  registerArrivals(app, ctx, opts);
  registerPrivateLessons(app, ctx, opts);
  registerCampaigns(app, ctx, opts);
  registerReviewRequests(app, ctx, opts);
  await webRoutes(app, ctx, { vite });

  // First of the onReady hooks: what they read is cached only once the instance listens.
  if (cacheBus) app.addHook('onReady', () => cacheBus.start());
  if (opts.startWorkers !== false) {
    app.addHook('onReady', async () => {
      mail.start();
      travellerPush.start();
      reminders.start();
      auditPurge.start();
      healthRetention.start();
      galleryPurge.start();
      orderExpiry.start();
      reconcile.start();
      imapReader?.start();
    });
  }
  // Always armed, workers or not: it only keeps the public cache in step with the schedule.
  app.addHook('onReady', async () => {
    await ctx.blogSchedule?.rearm();
    // E-mails written inside transactions read the settings without a query (siteSettingsNow).
    await getSiteSettings(ctx);
  });
  app.addHook('onClose', async () => {
    await vite?.close();
    // Before the pool closes: notifications being sent go first.
    await cacheBus?.stop();
    await ctx.blogSchedule?.stop();
    // The job first: a reminder it queues while stopping still reaches the outbox.
    await reminders.stop();
    // Reset requests answered already still queue their e-mail.
    await passwordResetsIdle(ctx);
    await auditPurge.stop();
    await healthRetention.stop();
    await galleryPurge.stop();
    await orderExpiry.stop();
    await reconcile.stop();
    // Before the outbox and the database: a mail being imported finishes.
    await imapReader?.stop();
    await travellerPush.stop();
    await mail.stop();
    await push.idle();
    await stats.close();
    if (!opts.database) await handle.close();
  });
  return app;
}
