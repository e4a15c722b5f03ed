import path from 'node:path';
import { z } from 'zod';
import { isValidTimeZone } from '../shared/gym-time';
import { trimChar } from '../shared/trim-char';

/** A fixed-window limit: at most `max` in `windowMs`. */
export interface RateLimit {
  max: number;
  windowMs: number;
}

/** Per-address limits of writes (docs/security.md); `default` covers every public write without its own. */
export interface RateLimits {
  default: RateLimit;
  login: RateLimit;
  contact: RateLimit;
  booking: RateLimit;
  newsletter: RateLimit;
  manageBooking: RateLimit;
  orderPage: RateLimit;
  pushSubscribe: RateLimit;
  /** The visa letters' verification (page and API): a guess costs one of these. */
  verify: RateLimit;
}

const UNIT_MS = { s: 1000, m: 60_000, h: 3600_000 } as const;
/** '<max>/<window>' with the window in s, m or h: '30/10m' is 30 per 10 minutes. */
const rateLimitText = (fallback: string) =>
  z
    .string()
    .default(fallback)
    .transform((v, ctx): RateLimit => {
      const m = /^\s*(\d+)\s*\/\s*(\d+)\s*(s|m|h)\s*$/.exec(v);
      const windowMs = m ? Number(m[2]) * UNIT_MS[m[3] as keyof typeof UNIT_MS] : 0;
      if (!m || windowMs <= 0) {
        ctx.addIssue({ code: 'custom', message: "expected '<max>/<window>' such as '30/10m' (window in s, m or h)" });
        return z.NEVER;
      }
      return { max: Number(m[1]), windowMs };
    });

// The environment is read once, here. A bad value stops the start with a clear message.
const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z.string().url().optional(),
  SMTP_URL: z.string().url().optional(),
  MAIL_FROM: z.string().min(3).default('Gym <no-reply@localhost>'),
  // Unset: this machine on the port the server listens on (see loadConfig).
  PUBLIC_URL: z.string().url().optional(),
  ADMIN_EMAIL: z.string().email().optional(),
  ADMIN_PASSWORD: z.string().min(8).optional(),
  GYM_NOTIFY_EMAIL: z.string().email().optional(),
  GYM_TIMEZONE: z.string().min(1).refine(isValidTimeZone, 'unknown time zone (an IANA name such as Asia/Bangkok)').default('Asia/Bangkok'),
  VAPID_PUBLIC_KEY: z.string().optional(),
  VAPID_PRIVATE_KEY: z.string().optional(),
  VAPID_SUBJECT: z.string().optional(),
  SESSION_TTL_HOURS: z.coerce
    .number()
    .positive()
    .default(24 * 30),
  // A sign-in also ends after this many hours without a request (issue 33, point 8).
  SESSION_IDLE_HOURS: z.coerce.number().positive().default(12),
  // PostgreSQL only: the public cache's safety net; writes reach every instance at once (LISTEN/NOTIFY).
  PUBLIC_CACHE_TTL_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  // Hours before a session its reminder e-mail is due; 0 sends none (see docs/decisions/050-booking-reminders-once-per-booking-through-the-outbox.md).
  REMINDER_LEAD_HOURS: z.coerce
    .number()
    .min(0)
    .max(24 * 14)
    .default(24),
  // Build e-mails (calendar file, MIME) in a worker thread, off the requests' thread.
  MAIL_COMPOSE_THREAD: z.enum(['true', 'false']).default('true'),
  // SQLite's checkpoints on a second connection in a worker thread (off by default: no gain measured).
  SQLITE_CHECKPOINT_THREAD: z.enum(['true', 'false']).default('false'),
  // Argon2 hashes computed at once (libuv's pool also serves static files); see docs/security.md.
  PASSWORD_HASH_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(1),
  // npm run backup: an age public key; set, the backup is one archive encrypted to it (the key itself is checked by age).
  BACKUP_RECIPIENT: z
    .string()
    .trim()
    .regex(/^age1[0-9a-z]+$/, 'an age public key (age1…)')
    .optional(),
  // Passes and payments (issue 21): an unpaid online order lapses after this many hours.
  PAYMENT_HOLD_HOURS: z.coerce
    .number()
    .positive()
    .max(24 * 14)
    .default(24),
  // Cards through Stripe Checkout: off unless the secret key is set; the webhook secret verifies deliveries.
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  // Where the stripe library sends its calls (tests: a stand-in on loopback); default Stripe's API.
  STRIPE_API_URL: z.url({ protocol: /^https?$/ }).optional(),
  // Inbound e-mail (issue 22): replies to conversation e-mails go to this mailbox, plus-tagged per
  // conversation (hello+c42.k3xq9@…); unset, Reply-To stays the gym's e-mail.
  INBOUND_ADDRESS: z.string().email().optional(),
  // imaps://user:password@host:993/INBOX: read that mailbox for replies; unset, nothing is read.
  IMAP_URL: z.url({ protocol: /^imaps?$/ }).optional(),
  // Folder processed mail is moved to; unset, it is flagged \Seen and $GymImported where it is.
  IMAP_DONE_FOLDER: z.string().min(1).optional(),
  // Seconds between looks when the server has no IDLE (and the longest an IDLE waits).
  IMAP_POLL_SECONDS: z.coerce.number().int().min(5).max(3600).default(60),
  // Mails larger than this are recorded as rejected, never parsed.
  INBOUND_MAX_MAIL_MB: z.coerce.number().positive().max(100).default(25),
  // Key of the per-conversation reply tags; unset, one is made once and kept in the database.
  INBOUND_TAG_SECRET: z.string().min(16).optional(),
  // Longest a mail may take to be parsed and cleaned (in its own thread); a mail over it is quarantined.
  INBOUND_PARSE_SECONDS: z.coerce.number().positive().max(600).default(20),
  // The receiving server's authserv-id (mx.gym.test; several comma-separated): its Authentication-Results decide whether a sender is believed.
  INBOUND_TRUSTED_AUTHSERV: z.string().trim().min(1).max(255).optional(),
  // Total size of the files kept from mail; once reached, a new mail's files are listed, not kept (the older ones stay).
  INBOUND_ATTACHMENTS_MAX_MB: z.coerce.number().positive().max(10_000_000).default(2048),
  // Files on S3-compatible storage (issue 23); unset S3_BUCKET: DATA_DIR/uploads and DATA_DIR/private as before.
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'a bucket name: 3 to 63 lower-case letters, digits, dots or hyphens')
    .optional(),
  // An S3-compatible server (http(s)://host:port); set, requests use path-style addressing.
  S3_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
  S3_REGION: z
    .string()
    .regex(/^[a-z0-9-]+$/, 'a region name such as eu-west-3')
    .default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  // Where visitors fetch public images straight from the bucket or a CDN; unset, this server serves /uploads/.
  S3_PUBLIC_BASE_URL: z.url({ protocol: /^https?$/ }).optional(),
  // Public writes in progress on one instance past which the next is answered 503 at once (0: never).
  MAX_PENDING_WRITES: z.coerce.number().int().min(0).max(100_000).default(100),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  // 'content': the demo's blog and gallery only (the browser suites' default, decision on demo data).
  SEED_DEMO: z.enum(['true', 'false', 'content']).default('true'),
  TRUST_PROXY: z.enum(['true', 'false']).default('false'),
  // Per-address limits (docs/security.md): '<max>/<window>'.
  RATE_LIMIT_DEFAULT: rateLimitText('30/1m'),
  RATE_LIMIT_LOGIN: rateLimitText('20/1m'),
  RATE_LIMIT_CONTACT: rateLimitText('5/10m'),
  RATE_LIMIT_BOOKING: rateLimitText('20/10m'),
  RATE_LIMIT_NEWSLETTER: rateLimitText('5/10m'),
  RATE_LIMIT_MANAGE_BOOKING: rateLimitText('20/10m'),
  // The order page asks every 5 s while it waits for its money; travellers often share a hotel's address.
  RATE_LIMIT_ORDER_PAGE: rateLimitText('600/10m'),
  RATE_LIMIT_PUSH_SUBSCRIBE: rateLimitText('20/10m'),
  // An embassy desk checks a few letters; an address guessing codes is stopped.
  RATE_LIMIT_VERIFY: rateLimitText('60/10m'),
  // Wrong passwords per address and per account before 429.
  LOGIN_FAILURE_LIMIT: rateLimitText('10/15m'),
  // Extra image origins for the CSP's img-src (featured images hosted elsewhere), comma-separated.
  CSP_IMG_HOSTS: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((h) => h.trim())
        .filter(Boolean),
    )
    .refine(
      (hosts) => hosts.every((h) => /^https:\/\/(\*\.)?[a-z0-9.-]+(:\d+)?$/i.test(h)),
      'each host must be an https origin such as https://images.example.com',
    ),
  NODE_ENV: z.string().optional(),
});

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  /** PostgreSQL schema to use (tests isolate themselves in one). */
  databaseSchema?: string;
  smtpUrl?: string;
  mailFrom: string;
  publicUrl: string;
  adminEmail?: string;
  adminPassword?: string;
  notifyEmail?: string;
  timezone: string;
  vapid: { publicKey?: string; privateKey?: string; subject: string };
  sessionTtlMs: number;
  /** A session unused this long ends (SESSION_IDLE_HOURS). */
  sessionIdleMs: number;
  /** PostgreSQL: public cache entries also expire after this long (PUBLIC_CACHE_TTL_SECONDS). */
  publicCacheTtlMs: number;
  logLevel: string;
  /** Public writes in progress past which the next answers 503 overloaded (0: off). */
  maxPendingWrites: number;
  seedDemo: boolean;
  /** What the demo seeds: the whole gym, or its blog and gallery only (SEED_DEMO=content). */
  demoScope: 'full' | 'content';
  trustProxy: boolean;
  /** Per-address limits of writes (public ones by default), in memory on SQLite, shared through PostgreSQL. */
  rateLimits: RateLimits;
  /** Failed sign-ins allowed per address and per account in a window (auth/login-limiter.ts). */
  loginFailures: RateLimit;
  /** Origins added to the CSP's img-src besides our own and Instagram's. */
  cspImgHosts: string[];
  /** A booked session's reminder e-mail is due this long before its start (0: no reminders). */
  reminderLeadMs: number;
  /** How often the reminder job looks for due reminders (it also runs once at start). */
  reminderIntervalMs: number;
  /** Outbox retry: first delay, doubled per attempt, capped. */
  mailRetryBaseMs: number;
  mailRetryMaxMs: number;
  mailMaxAttempts: number;
  mailPollMs: number;
  /** The newsletter campaigns' throttle window (campaignsPerMinute per window); a minute unless a test shortens it. */
  campaignWindowMs?: number;
  /** E-mails are built in a worker thread (MAIL_COMPOSE_THREAD, default true). */
  mailComposeThread: boolean;
  /** SQLite checkpoints on a worker thread (SQLITE_CHECKPOINT_THREAD, default false). */
  sqliteCheckpointThread: boolean;
  /** NODE_ENV=development (npm run dev): the front end comes from Vite's dev server. */
  dev: boolean;
  /** Where the built front end lives. */
  clientDir: string;
  /** Argon2 hashes/verifications run at once; the others queue (PASSWORD_HASH_CONCURRENCY). */
  passwordHashConcurrency: number;
  /** npm run backup encrypts to this age public key (BACKUP_RECIPIENT); unset, a plain private folder. */
  backupRecipient?: string;
  /** An unpaid online order lapses this long after it was made (PAYMENT_HOLD_HOURS, default 24). */
  paymentHoldMs: number;
  /** Stripe Checkout for cards: set when STRIPE_SECRET_KEY is; apiUrl points the library elsewhere (tests). */
  stripe?: { secretKey: string; webhookSecret: string; apiUrl?: string };
  /** Inbound e-mail (issue 22); `address` unset: no plus-tagged Reply-To; `imapUrl` unset: no mailbox is read. */
  inbound: {
    address?: string;
    imapUrl?: string;
    doneFolder?: string;
    pollMs: number;
    maxMailBytes: number;
    tagSecret?: string;
    parseMs: number;
    trustedAuthserv: string[];
    /** Total bytes of kept attachments (INBOUND_ATTACHMENTS_MAX_MB, default 2048): past it, new files are listed only. */
    attachmentsMaxBytes: number;
  };
  /**
   * Files on S3-compatible storage (S3_BUCKET set): public images under 'uploads/', private files
   * under 'private/'; unset, DATA_DIR/uploads and DATA_DIR/private. No keys: the SDK's own chain.
   */
  s3?: S3Config;
  /** Tests only: accept http:// push endpoints on loopback (a local stand-in push service). */
  pushAllowInsecureEndpoints: boolean;
  /** Tests only: how push endpoint host names resolve (default: the system resolver). */
  pushResolver?: (hostname: string) => Promise<{ address: string; family: number }[]>;
}

export interface S3Config {
  bucket: string;
  /** An S3-compatible server; requests then use path-style addressing. */
  endpoint?: string;
  region: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  /** No trailing slash; unset, public images are served by us at /uploads/. */
  publicBaseUrl?: string;
}

/** The S3 settings, or undefined without S3_BUCKET; settings without a bucket, or half a key pair, are refused. */
function s3Settings(e: z.infer<typeof envSchema>): S3Config | undefined {
  const problems: string[] = [];
  if (!e.S3_BUCKET) {
    const stray = (['S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_PUBLIC_BASE_URL'] as const).filter((k) => e[k]);
    if (stray.length) problems.push(`  S3_BUCKET: required when ${stray.join(', ')} ${stray.length > 1 ? 'are' : 'is'} set`);
  } else if (!e.S3_ACCESS_KEY_ID !== !e.S3_SECRET_ACCESS_KEY) {
    problems.push('  S3_ACCESS_KEY_ID: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together (or neither: the SDK finds credentials itself)');
  }
  if (problems.length) throw new Error(`Invalid environment:\n${problems.join('\n')}`);
  if (!e.S3_BUCKET) return undefined;
  return {
    bucket: e.S3_BUCKET,
    endpoint: e.S3_ENDPOINT && trimChar(e.S3_ENDPOINT, '/', 'end'),
    region: e.S3_REGION,
    accessKeyId: e.S3_ACCESS_KEY_ID,
    secretAccessKey: e.S3_SECRET_ACCESS_KEY,
    publicBaseUrl: e.S3_PUBLIC_BASE_URL && trimChar(e.S3_PUBLIC_BASE_URL, '/', 'end'),
  };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid environment:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  const s3 = s3Settings(e);
  // Cards without their webhook would charge buyers and record nothing: refused at the start.
  if (e.STRIPE_SECRET_KEY && !e.STRIPE_WEBHOOK_SECRET) {
    throw new Error(
      'Invalid environment:\n  STRIPE_WEBHOOK_SECRET: required when STRIPE_SECRET_KEY is set (the signing secret of the webhook endpoint made at Stripe; without it no card payment would be recorded)',
    );
  }
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    publicUrl: trimChar(e.PUBLIC_URL ?? `http://localhost:${e.PORT}`, '/', 'end'),
    adminEmail: e.ADMIN_EMAIL,
    adminPassword: e.ADMIN_PASSWORD,
    notifyEmail: e.GYM_NOTIFY_EMAIL,
    timezone: e.GYM_TIMEZONE,
    vapid: {
      publicKey: e.VAPID_PUBLIC_KEY,
      privateKey: e.VAPID_PRIVATE_KEY,
      subject: e.VAPID_SUBJECT ?? `mailto:${e.GYM_NOTIFY_EMAIL ?? 'admin@localhost'}`,
    },
    sessionTtlMs: e.SESSION_TTL_HOURS * 3600_000,
    sessionIdleMs: e.SESSION_IDLE_HOURS * 3600_000,
    publicCacheTtlMs: e.PUBLIC_CACHE_TTL_SECONDS * 1000,
    logLevel: e.LOG_LEVEL,
    maxPendingWrites: e.MAX_PENDING_WRITES,
    seedDemo: e.SEED_DEMO !== 'false',
    demoScope: e.SEED_DEMO === 'content' ? 'content' : 'full',
    trustProxy: e.TRUST_PROXY === 'true',
    rateLimits: {
      default: e.RATE_LIMIT_DEFAULT,
      login: e.RATE_LIMIT_LOGIN,
      contact: e.RATE_LIMIT_CONTACT,
      booking: e.RATE_LIMIT_BOOKING,
      newsletter: e.RATE_LIMIT_NEWSLETTER,
      manageBooking: e.RATE_LIMIT_MANAGE_BOOKING,
      orderPage: e.RATE_LIMIT_ORDER_PAGE,
      pushSubscribe: e.RATE_LIMIT_PUSH_SUBSCRIBE,
      verify: e.RATE_LIMIT_VERIFY,
    },
    loginFailures: e.LOGIN_FAILURE_LIMIT,
    // Images served from the bucket's public address must be allowed by the CSP.
    cspImgHosts: s3?.publicBaseUrl ? [...e.CSP_IMG_HOSTS, new URL(s3.publicBaseUrl).origin] : e.CSP_IMG_HOSTS,
    reminderLeadMs: e.REMINDER_LEAD_HOURS * 3600_000,
    reminderIntervalMs: 60_000,
    mailRetryBaseMs: 30_000,
    mailRetryMaxMs: 3600_000,
    mailMaxAttempts: 12,
    mailPollMs: 5_000,
    mailComposeThread: e.MAIL_COMPOSE_THREAD === 'true',
    sqliteCheckpointThread: e.SQLITE_CHECKPOINT_THREAD === 'true',
    dev: e.NODE_ENV === 'development',
    clientDir: path.resolve('dist/client'),
    pushAllowInsecureEndpoints: false,
    passwordHashConcurrency: e.PASSWORD_HASH_CONCURRENCY,
    backupRecipient: e.BACKUP_RECIPIENT,
    paymentHoldMs: e.PAYMENT_HOLD_HOURS * 3600_000,
    inbound: {
      address: e.INBOUND_ADDRESS,
      imapUrl: e.IMAP_URL,
      doneFolder: e.IMAP_DONE_FOLDER,
      pollMs: e.IMAP_POLL_SECONDS * 1000,
      maxMailBytes: Math.round(e.INBOUND_MAX_MAIL_MB * 1024 * 1024),
      tagSecret: e.INBOUND_TAG_SECRET,
      parseMs: Math.round(e.INBOUND_PARSE_SECONDS * 1000),
      trustedAuthserv: (e.INBOUND_TRUSTED_AUTHSERV ?? '')
        .split(',')
        .map((id) => id.trim().toLowerCase())
        .filter(Boolean),
      attachmentsMaxBytes: Math.round(e.INBOUND_ATTACHMENTS_MAX_MB * 1024 * 1024),
    },
    s3,
    stripe:
      e.STRIPE_SECRET_KEY && e.STRIPE_WEBHOOK_SECRET
        ? { secretKey: e.STRIPE_SECRET_KEY, webhookSecret: e.STRIPE_WEBHOOK_SECRET, apiUrl: e.STRIPE_API_URL }
        : undefined,
  };
}
