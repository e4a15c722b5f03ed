import type { CardGateway } from './payments/card-gateway';
import type { BlogSchedule } from './blog/blog-schedule';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import type { Db, Dialect } from './db/database';
import type { BookingCalendarEventData } from './mail/templates/calendar';
import type { DeferredMail } from './mail/templates/deferred-mail';
import type { StatMetric } from '../shared/constants';

/** What every service may use; built once in app.ts. Services never see Fastify. */
export interface AppContext {
  config: Config;
  db: Db;
  dialect: Dialect;
  log: FastifyBaseLogger;
  stats: StatsRecorder;
  mail: MailQueue;
  push: PushNotifier;
  /** Dropped on every write that changes what public reads return. */
  publicCache: PublicCache;
  /** Drops the public cache when a scheduled post goes live (blog/blog-schedule.ts). */
  blogSchedule?: BlogSchedule;
  /** Card payments (issue 21): set when STRIPE_SECRET_KEY is; absent, orders cannot be paid by card. */
  cardGateway?: CardGateway;
}

export interface StatsRecorder {
  /** Adds to today's counter (in the gym's time zone). Never rejects: a failed write is logged. */
  increment(metric: StatMetric, by?: number): Promise<void>;
  /** Buffered in memory and written every few seconds (page views). */
  incrementBuffered(metric: StatMetric, by?: number): void;
  flush(): Promise<void>;
}

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html?: string | null;
  replyTo?: string | null;
  /**
   * An iCalendar object sent the way calendar clients expect an invitation: a text/calendar
   * alternative with its METHOD, and the same file attached (nodemailer's icalEvent).
   */
  calendar?: MailCalendarPart | null;
  /** Files attached to the e-mail; their content travels in the outbox row. */
  attachments?: MailAttachment[] | null;
  /**
   * Extra header lines (In-Reply-To, References, List-Unsubscribe, X-...). Names that the
   * outbox sets itself (From, To, Subject, Message-ID, Reply-To, Content-*, ...) are refused.
   */
  headers?: Record<string, string> | null;
  /** The booking the e-mail is about: its queued e-mails go when it is deleted or erased. */
  reservationId?: number | null;
  /**
   * Written when sent: the template and its facts. Subject and recipient are set now; the text,
   * HTML and calendar part are made by the outbox (mail/templates/deferred-mail.ts), and `text` stays empty.
   */
  template?: DeferredMail | null;
  /** A Message-ID chosen by the caller (newMessageId), stored to thread later replies; else a fresh one. */
  messageId?: string | null;
}

/**
 * An iCalendar part: its text, or (bookings) the event it describes, made into text by the
 * outbox when the e-mail is sent (mail/templates/calendar.ts, calendarText), off the request's path.
 */
export type MailCalendarPart = {
  /** iTIP method; also written in the VCALENDAR's METHOD line. */
  method: 'PUBLISH' | 'REQUEST' | 'CANCEL';
  /** Name of the attached copy; invite.ics when unset. */
  filename?: string;
} & ({ content: string; event?: undefined } | { event: BookingCalendarEventData; content?: undefined });

export interface MailAttachment {
  filename: string;
  /** Text, or base64 when `encoding` says so (binary files). */
  content: string;
  encoding?: 'base64';
  /** e.g. 'text/calendar; method=CANCEL', 'application/pdf'. */
  contentType: string;
  /** Shown inside the HTML (`<img src="cid:...">`) rather than as a file to open. */
  cid?: string;
}

export interface MailQueue {
  /** Inserts the e-mail in the outbox inside the caller's transaction (or db). */
  enqueue(dbOrTrx: Db, mail: OutgoingMail): Promise<number>;
  /** Wakes the worker after a commit so the e-mail leaves at once. */
  kick(): void;
  start(): void;
  /** Stops polling and waits for a delivery in progress. */
  stop(): Promise<void>;
}

export interface PushPayload {
  title: string;
  body: string;
  url?: string;
  tag?: string;
}

export interface PushNotifier {
  /** Sends to every stored staff subscription; never throws, never blocks the caller's answer. */
  notifyStaff(payload: PushPayload): void;
  /** Sends to one account's subscriptions only (a trainer's own lessons, issue 37); never throws. */
  notifyUser(userId: number, payload: PushPayload): void;
  /** Resolves when every notification started so far has been tried (tests, shutdown). */
  idle(): Promise<void>;
}

/** What public data is about; data cache keys start with `${domain}:`. */
export type CacheDomain = 'blog' | 'categories' | 'gallery' | 'users' | 'timetable' | 'settings' | 'trainers';

export interface PublicCache {
  get<T>(key: string): T | undefined;
  set<T>(key: string, value: T): void;
  /**
   * A write changed the domain's public data: drops the data and the cached answers it makes
   * stale (lib/public-cache.ts STALES, answerDomains), or everything when no domain is given.
   */
  invalidate(domain?: CacheDomain): void;
  /** Bumped by every invalidate(): an answer begun before a write is not stored after it. */
  generation(): number;
  getResponse(key: string): CachedResponse | undefined;
  setResponse(key: string, value: CachedResponse, generation: number): void;
  /** Accounts for a compressed copy added to a cached answer. */
  grewResponse(key: string, bytes: number): void;
}

/** A whole answer to an anonymous GET, with compressed copies made on first demand. */
export interface CachedResponse {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
  br?: Buffer;
  gzip?: Buffer;
  /** A public page: a hit still counts a page view. */
  pageView: boolean;
  /** Body and complete headers per encoding, made on the first hit of each (fast path). */
  ready?: Partial<Record<'br' | 'gzip' | 'identity', { body: Buffer; headers: Record<string, string | number> }>>;
}
