import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { PostgresAdapter } from 'kysely';
import type { Config } from '../config';
import type { MailQueue, OutgoingMail } from '../context';
import { nowIso, type Db, type Dialect } from '../db/database';
import type { OutboxRow } from '../db/schema';
import { createMailSender, describeMailError, type MailSender } from './delivery';
import { claimNext, insertOutbox, markFailed, markRetry, markSent } from './outbox.repository';

/** How long a claimed row stays ours; longer than any bounded SMTP exchange (see delivery.ts). */
export const MAIL_LEASE_MS = 5 * 60_000;

const oneLine = (v: string) => v.replace(/[\r\n]+/g, ' ').trim();

/** Delay before the next attempt once `attempts` have failed: doubled each time, capped. */
export function retryDelayMs(config: Pick<Config, 'mailRetryBaseMs' | 'mailRetryMaxMs'>, attempts: number): number {
  const exp = Math.min(Math.max(attempts - 1, 0), 30);
  return Math.min(config.mailRetryBaseMs * 2 ** exp, config.mailRetryMaxMs);
}

export function messageIdHost(publicUrl: string): string {
  try {
    return new URL(publicUrl).hostname || 'localhost';
  } catch {
    return 'localhost';
  }
}

export interface MailQueueDeps {
  db: Db;
  config: Config;
  log: FastifyBaseLogger;
  /** Defaults to the dialect the Kysely instance speaks. */
  dialect?: Dialect;
  sender?: MailSender;
}

/**
 * The outbox worker. E-mails are rows written in the caller's transaction; the worker claims
 * one due row at a time, delivers it, and records the outcome. A failed delivery is retried
 * with a growing delay; a crash mid-delivery leaves the row 'sending' until its lease expires.
 */
export function createMailQueue({ db, config, log, dialect, sender }: MailQueueDeps): MailQueue {
  const kind: Dialect = dialect ?? (db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite');
  const host = messageIdHost(config.publicUrl);
  let mailer: MailSender | undefined = sender;
  let started = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let kicked = false;

  function schedule(ms: number) {
    if (!started) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(tick, ms);
    // Polling alone never keeps the process alive.
    timer.unref();
  }

  function tick() {
    timer = undefined;
    if (!started || running) return;
    kicked = false;
    running = drain()
      .catch((err) => log.error({ err }, 'outbox worker failed; will try again'))
      .finally(() => {
        running = undefined;
        schedule(kicked ? 0 : config.mailPollMs);
      });
  }

  async function drain() {
    while (started) {
      const now = Date.now();
      const row = await claimNext(db, kind, new Date(now).toISOString(), new Date(now + MAIL_LEASE_MS).toISOString());
      if (!row) return;
      await deliver(row);
    }
  }

  async function deliver(row: OutboxRow) {
    mailer ??= createMailSender(config);
    try {
      await mailer.send(row);
    } catch (err) {
      const error = describeMailError(err, config.smtpUrl);
      if (row.attempts >= config.mailMaxAttempts) {
        await markFailed(db, row, error);
        log.error({ outboxId: row.id, attempts: row.attempts, error }, 'e-mail given up after the last attempt');
      } else {
        const next = new Date(Date.now() + retryDelayMs(config, row.attempts)).toISOString();
        await markRetry(db, row, next, error);
        log.warn({ outboxId: row.id, attempts: row.attempts, next, error }, 'e-mail delivery failed; will retry');
      }
      return;
    }
    // Sent: record it, insisting, since a row left 'sending' would be sent again after its lease.
    for (let i = 0; ; i++) {
      try {
        await markSent(db, row, nowIso());
        return;
      } catch (err) {
        if (i >= 4) throw err;
        await new Promise((r) => setTimeout(r, 200 * 2 ** i));
      }
    }
  }

  return {
    async enqueue(dbOrTrx, mail: OutgoingMail) {
      const now = nowIso();
      const { id } = await insertOutbox(dbOrTrx, {
        to_address: oneLine(mail.to),
        subject: oneLine(mail.subject),
        text_body: mail.text,
        html_body: mail.html ?? null,
        reply_to: mail.replyTo ? oneLine(mail.replyTo) : null,
        message_id: `<${randomUUID()}@${host}>`,
        status: 'pending',
        attempts: 0,
        next_attempt_at: now,
        locked_until: null,
        last_error: null,
        created_at: now,
        sent_at: null,
      });
      return id;
    },
    kick() {
      if (!started) return;
      if (running) kicked = true;
      else schedule(0);
    },
    start() {
      if (started) return;
      started = true;
      schedule(0);
    },
    async stop() {
      started = false;
      if (timer) clearTimeout(timer);
      timer = undefined;
      await running;
      mailer?.close();
      mailer = undefined;
    },
  };
}
