import path from 'node:path';
import { z } from 'zod';
import { isValidTimeZone } from '../shared/gym-time';

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
  pushSubscribe: RateLimit;
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
  // Hours before a session its reminder e-mail is due; 0 sends none (see docs/decisions.md).
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
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SEED_DEMO: z.enum(['true', 'false']).default('true'),
  TRUST_PROXY: z.enum(['true', 'false']).default('false'),
  // Per-address limits (docs/security.md): '<max>/<window>'.
  RATE_LIMIT_DEFAULT: rateLimitText('30/1m'),
  RATE_LIMIT_LOGIN: rateLimitText('20/1m'),
  RATE_LIMIT_CONTACT: rateLimitText('5/10m'),
  RATE_LIMIT_BOOKING: rateLimitText('20/10m'),
  RATE_LIMIT_NEWSLETTER: rateLimitText('5/10m'),
  RATE_LIMIT_MANAGE_BOOKING: rateLimitText('20/10m'),
  RATE_LIMIT_PUSH_SUBSCRIBE: rateLimitText('20/10m'),
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
  logLevel: string;
  seedDemo: boolean;
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
  /** Tests only: accept http:// push endpoints on loopback (a local stand-in push service). */
  pushAllowInsecureEndpoints: boolean;
  /** Tests only: how push endpoint host names resolve (default: the system resolver). */
  pushResolver?: (hostname: string) => Promise<{ address: string; family: number }[]>;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid environment:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
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
    logLevel: e.LOG_LEVEL,
    seedDemo: e.SEED_DEMO === 'true',
    trustProxy: e.TRUST_PROXY === 'true',
    rateLimits: {
      default: e.RATE_LIMIT_DEFAULT,
      login: e.RATE_LIMIT_LOGIN,
      contact: e.RATE_LIMIT_CONTACT,
      booking: e.RATE_LIMIT_BOOKING,
      newsletter: e.RATE_LIMIT_NEWSLETTER,
      manageBooking: e.RATE_LIMIT_MANAGE_BOOKING,
      pushSubscribe: e.RATE_LIMIT_PUSH_SUBSCRIBE,
    },
    loginFailures: e.LOGIN_FAILURE_LIMIT,
    cspImgHosts: e.CSP_IMG_HOSTS,
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
  };
}
