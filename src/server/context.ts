import type { CardGateway } from './payments/card-gateway';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import type { Db, Dialect } from './db/database';
import type { OutgoingMail } from './mail/outgoing-mail';
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

export type { MailAttachment, MailCalendarPart, OutgoingMail } from './mail/outgoing-mail';

/** The blog's publication timer (blog/blog-schedule.ts). */
export interface BlogSchedule {
  /** Looks up the next scheduled publication and sets the timer for it (after every blog write). */
  rearm(): Promise<void>;
  /** Clears the timer and waits for a lookup in progress. */
  stop(): Promise<void>;
}

export interface StatsRecorder {
  /** Adds to today's counter (in the gym's time zone). Never rejects: a failed write is logged. */
  increment(metric: StatMetric, by?: number): Promise<void>;
  /** Buffered in memory and written every few seconds (page views). */
  incrementBuffered(metric: StatMetric, by?: number): void;
  flush(): Promise<void>;
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
