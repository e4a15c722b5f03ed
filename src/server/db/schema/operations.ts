// Running the site: rate limits, the outbox, push subscriptions, key-value settings, statistics.
import type { Generated } from 'kysely';
import type { OutboxStatus, StatMetric } from '../../../shared/constants';

/** A fixed-window counter (login attempts, per-address limits); reset_at in epoch ms. */
export interface RateLimitsTable {
  key: string;
  hits: number;
  reset_at: number;
}

export interface OutboxTable {
  id: Generated<number>;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string | null;
  reply_to: string | null;
  /** Stable Message-ID so a retried delivery is recognisable as the same e-mail. */
  message_id: string;
  /** pending → sending → sent, or failed after the last attempt. */
  status: OutboxStatus;
  attempts: number;
  next_attempt_at: string;
  locked_until: string | null;
  last_error: string | null;
  created_at: string;
  sent_at: string | null;
  /** JSON: the invitation part { method, content | event, filename? } (mail.calendar), or null. */
  calendar: string | null;
  /** JSON: [{ filename, content, encoding?, contentType }] (mail.attachments), or null. */
  attachments: string | null;
  /** JSON: extra header lines { name: value } (mail.headers), or null. */
  headers: string | null;
  /** The booking the e-mail is about (migration 007), or null. */
  reservation_id: number | null;
  /** JSON: { name, data } of an e-mail written when it is sent (mail/templates-deferred), or null (migration 015). */
  template: string | null;
}

export interface PushSubscriptionsTable {
  id: Generated<number>;
  user_id: number | null;
  endpoint: string;
  p256dh: string;
  auth: string;
  user_agent: string | null;
  created_at: string;
}

export interface SettingsTable {
  key: string;
  value: string;
}

export interface DailyStatsTable {
  id: Generated<number>;
  metric: StatMetric;
  day: string;
  value: number;
  created_at: string;
}

/** What the first start's demo seeded (migration 043): a row's id, a file's name or a setting's path. */
export interface DemoRecordsTable {
  id: Generated<number>;
  kind: string;
  ref: string;
  /** JSON: a changed value as it was before the demo; null for what the demo created. */
  restore: string | null;
  created_at: string;
}
