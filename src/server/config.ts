import path from 'node:path';
import { z } from 'zod';
import { isValidTimeZone } from '../shared/gym-time';

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
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SEED_DEMO: z.enum(['true', 'false']).default('true'),
  TRUST_PROXY: z.enum(['true', 'false']).default('false'),
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
  /** A booked session's reminder e-mail is due this long before its start (0: no reminders). */
  reminderLeadMs: number;
  /** How often the reminder job looks for due reminders (it also runs once at start). */
  reminderIntervalMs: number;
  /** Outbox retry: first delay, doubled per attempt, capped. */
  mailRetryBaseMs: number;
  mailRetryMaxMs: number;
  mailMaxAttempts: number;
  mailPollMs: number;
  /** NODE_ENV=development (npm run dev): the front end comes from Vite's dev server. */
  dev: boolean;
  /** Where the built front end lives. */
  clientDir: string;
  /** Tests only: accept http:// push endpoints on loopback (a local stand-in push service). */
  pushAllowInsecureEndpoints: boolean;
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
    reminderLeadMs: e.REMINDER_LEAD_HOURS * 3600_000,
    reminderIntervalMs: 60_000,
    mailRetryBaseMs: 30_000,
    mailRetryMaxMs: 3600_000,
    mailMaxAttempts: 12,
    mailPollMs: 5_000,
    dev: e.NODE_ENV === 'development',
    clientDir: path.resolve('dist/client'),
    pushAllowInsecureEndpoints: false,
  };
}
