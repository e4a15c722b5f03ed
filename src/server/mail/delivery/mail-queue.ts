import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { PostgresAdapter, type Insertable } from 'kysely';
import type { Config } from '../../config';
import type { MailQueue, OutgoingMail } from '../../context';
import { nowIso, type Db, type Dialect } from '../../db/database';
import type { OutboxRow, OutboxTable } from '../../db/schema';
import { messageIdHost } from '../mail-address';
import { recipientTag } from '../recipient-tag';
import type { SignedRow } from './compose';
import { createMailSender, describeMailError, type MailSender } from './mail-sender';
import { attachmentsJson, calendarJson, headersJson, oneLine } from './outbox-parts';
import { bouncingAmong, claimDue, stoppedAmong, insertOutbox, markFailed, markRetry, markSentMany, releaseUntried } from './outbox.repository';

/** How long a claimed row stays ours; longer than any bounded SMTP exchange (see delivery.ts). */
export const MAIL_LEASE_MS = 5 * 60_000;

/**
 * Rows claimed in one statement and marked sent in one: two commits (fsyncs) per batch rather
 * than two per e-mail while bookings pour in (each SQLite commit holds the main thread for its
 * fsync: at 16 a batch they were a visible share of a booking burst's tail latency). Still small
 * enough that a crash between delivering and marking repeats few e-mails (with their same
 * Message-ID), and far under the lease at 4 at a time.
 */
export const MAIL_BATCH = 48;
const MAIL_PARALLEL = 4;
/** A kick waits this long, so the e-mails of a burst are claimed together. */
const KICK_DELAY_MS = 20;

/** Delay before the next attempt once `attempts` have failed: doubled each time, capped. */
export function retryDelayMs(config: Pick<Config, 'mailRetryBaseMs' | 'mailRetryMaxMs'>, attempts: number): number {
  const exp = Math.min(Math.max(attempts - 1, 0), 30);
  return Math.min(config.mailRetryBaseMs * 2 ** exp, config.mailRetryMaxMs);
}

const hosts = new Map<string, string>();
const hostOf = (publicUrl: string) => {
  let h = hosts.get(publicUrl);
  if (h === undefined) hosts.set(publicUrl, (h = messageIdHost(publicUrl)));
  return h;
};

/** A fresh Message-ID on the site's host, for a caller that stores it (threads: In-Reply-To). */
export const newMessageId = (config: Pick<Config, 'publicUrl'>): string => `<${randomUUID()}@${hostOf(config.publicUrl)}>`;

const MESSAGE_ID = /^<[^<>\s@]+@[^<>\s@]+>$/;

/** The recipient as email_bounces keys it: the bare address, lower-cased ('Ana <A@x>' → 'a@x'). */
const recipientKey = (to: string): string => (/<([^<>]+)>/.exec(to)?.[1] ?? to).trim().toLowerCase();

/** The outbox row of an e-mail, due now: for enqueue, or for several written in one statement. */
export function outboxRow(config: Pick<Config, 'publicUrl'>, mail: OutgoingMail): Insertable<OutboxTable> {
  const now = nowIso();
  return {
    to_address: oneLine(mail.to),
    subject: oneLine(mail.subject),
    text_body: mail.text,
    html_body: mail.html ?? null,
    reply_to: mail.replyTo ? oneLine(mail.replyTo) : null,
    message_id: messageIdOf(config, mail.messageId),
    status: 'pending',
    attempts: 0,
    next_attempt_at: now,
    locked_until: null,
    last_error: null,
    created_at: now,
    sent_at: null,
    calendar: calendarJson(mail.calendar),
    attachments: attachmentsJson(mail.attachments),
    headers: headersJson(mail.headers),
    reservation_id: mail.reservationId ?? null,
    template: mail.template ? JSON.stringify(mail.template) : null,
  };
}

function messageIdOf(config: Pick<Config, 'publicUrl'>, given: string | null | undefined): string {
  if (given == null) return newMessageId(config);
  if (!MESSAGE_ID.test(given)) throw new Error('a Message-ID is <local@host>');
  return given;
}

export interface MailQueueDeps {
  db: Db;
  config: Config;
  log: FastifyBaseLogger;
  /** Defaults to the dialect the Kysely instance speaks. */
  dialect?: Dialect;
  sender?: MailSender;
  /**
   * The key each e-mail's recipient is signed with (X-Gym-Recipient-Tag, recipient-tag.ts): the
   * reply-tag key, handed in by the app so that delivery does not reach into inbound mail.
   * Without it, e-mails go unsigned.
   */
  recipientSecret?: () => Promise<string>;
}

/**
 * The outbox worker. E-mails are rows written in the caller's transaction; the worker claims
 * a few due rows at a time, delivers them, and records the outcome. A failed delivery is retried
 * with a growing delay; a crash mid-delivery leaves the rows 'sending' until their lease expires.
 */
export function createMailQueue({ db, config, log, dialect, sender, recipientSecret }: MailQueueDeps): MailQueue {
  const kind: Dialect = dialect ?? (db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite');
  let mailer: MailSender | undefined = sender;
  let started = false;
  let timer: NodeJS.Timeout | undefined;
  let timerDue = 0;
  let running: Promise<void> | undefined;
  let kicked = false;

  function schedule(ms: number) {
    if (!started) return;
    // An earlier wake-up already set stays: kicks in a row must not keep pushing it back.
    if (timer && timerDue <= Date.now() + ms) return;
    if (timer) clearTimeout(timer);
    timerDue = Date.now() + ms;
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
        schedule(kicked ? KICK_DELAY_MS : config.mailPollMs);
      });
  }

  async function drain() {
    while (started) {
      // The key first: a database error here leaves the rows unclaimed rather than leased.
      const secret = (await recipientSecret?.()) ?? null;
      const now = Date.now();
      const rows = await claimDue(db, kind, new Date(now).toISOString(), new Date(now + MAIL_LEASE_MS).toISOString(), MAIL_BATCH);
      if (rows.length > 0) await deliverAll(rows, secret);
      // A short claim took every due row; a kick brings the next ones.
      if (rows.length < MAIL_BATCH) return;
    }
  }

  async function deliverAll(rows: OutboxRow[], secret: string | null) {
    mailer ??= createMailSender(config, { onThreadError: (err) => log.warn({ err }, 'e-mail composing thread failed; e-mails are built in the main thread') });
    // An address that bounced for good is not tried again: the mail fails at once.
    const bouncing = await bouncingAmong(
      db,
      rows.map((r) => recipientKey(r.to_address)),
    );
    // The gym's own notification address is never refused either.
    if (config.notifyEmail) bouncing.delete(recipientKey(config.notifyEmail));
    const sent: OutboxRow[] = [];
    const untried: OutboxRow[] = [];
    let next = 0;
    const lane = async () => {
      while (next < rows.length) {
        const row = rows[next++];
        // Stopping: what has not started goes back to the queue untouched.
        if (!started) untried.push(row);
        else if (bouncing.has(recipientKey(row.to_address))) await refuseBouncing(row);
        else if (await deliver(secret ? { ...row, recipientTag: recipientTag(secret, row.to_address) } : row)) sent.push(row);
      }
    };
    await Promise.all(Array.from({ length: Math.min(MAIL_PARALLEL, rows.length) }, lane));
    // Sent: record it, insisting, since a row left 'sending' would be sent again after its lease.
    for (let i = 0; sent.length > 0; i++) {
      try {
        await markSentMany(db, sent, nowIso());
        break;
      } catch (err) {
        if (i >= 4) throw err;
        await new Promise((r) => setTimeout(r, 200 * 2 ** i));
      }
    }
    // A row stopped while its e-mail was being written (a personal-data erase blanks it and sets
    // it failed) was not marked sent: the copy made meanwhile goes too, as the erase removed the
    // ones it found before.
    if (sent.length > 0 && mailer?.discard) {
      const stopped = await stoppedAmong(
        db,
        sent.map((r) => r.id),
      );
      for (const id of stopped) await mailer.discard(id).catch((err: unknown) => log.warn({ err, outboxId: id }, 'could not remove a stopped e-mail copy'));
    }
    if (untried.length > 0) await releaseUntried(db, untried).catch((err) => log.warn({ err }, 'outbox rows left to their lease'));
  }

  async function refuseBouncing(row: OutboxRow) {
    try {
      await markFailed(db, row, 'address bounces');
      log.warn({ outboxId: row.id }, 'e-mail not sent: the address bounces');
    } catch (err) {
      log.error({ err, outboxId: row.id }, 'could not record a refused e-mail');
    }
  }

  /** True when delivered; a failure is recorded on the row (retry later, or give up). */
  async function deliver(row: SignedRow): Promise<boolean> {
    try {
      await mailer!.send(row);
      return true;
    } catch (err) {
      const error = describeMailError(err, config.smtpUrl);
      try {
        if (row.attempts >= config.mailMaxAttempts) {
          await markFailed(db, row, error);
          log.error({ outboxId: row.id, attempts: row.attempts, error }, 'e-mail given up after the last attempt');
        } else {
          const next = new Date(Date.now() + retryDelayMs(config, row.attempts)).toISOString();
          await markRetry(db, row, next, error);
          log.warn({ outboxId: row.id, attempts: row.attempts, next, error }, 'e-mail delivery failed; will retry');
        }
      } catch (dbErr) {
        // The row stays 'sending' and is tried again once its lease has expired.
        log.error({ err: dbErr, outboxId: row.id }, 'could not record a failed e-mail delivery');
      }
      return false;
    }
  }

  return {
    async enqueue(dbOrTrx, mail: OutgoingMail) {
      const { id } = await insertOutbox(dbOrTrx, outboxRow(config, mail));
      return id;
    },
    kick() {
      if (!started) return;
      if (running) kicked = true;
      else schedule(KICK_DELAY_MS);
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
