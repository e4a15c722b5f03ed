import { addDays, instantToZoned, todayInZone, zonedToInstant } from '../../shared/gym-time';
import type { OrderState } from '../../shared/ledger';
import type { ReviewRequestListQuery } from '../../shared/schemas/review-requests';
import type { ReviewRequestSettings } from '../../shared/schemas/site-settings-reviews';
import { pageOf } from '../../shared/schemas/lists';
import type { AppContext } from '../context';
import { createPeriodicJob, type PeriodicJob } from '../lib/periodic-job';
import { reviewRequestMail } from '../mail/templates/review-request-mails';
import { currentSiteSettings, mailConfig } from '../site-settings/site-settings.service';
import * as repo from './review-requests.repository';

// Review requests (issue 48 point 5, decision 190): after a stay ends or after a person's Nth
// attended class, `delayDays` gym days later, one e-mail per person ever, in their language.

/** Only what became due in these last gym days is sent: turning it on does not mail years of past guests. */
export const REVIEW_LOOKBACK_DAYS = 30;

/** A stay whose order ended like this is not asked about. */
const NOT_ASKED: ReadonlySet<OrderState> = new Set<OrderState>(['refunded', 'disputed', 'expired', 'cancelled']);

interface Due {
  customerId: number;
  name: string;
  email: string;
  language: repo.ReviewCandidate['language'];
  reason: 'stay' | 'classes';
  triggerDate: string;
}

/** Who is due at `now`, one entry per person (a stay before classes). */
async function dueRequests(ctx: AppContext, s: ReviewRequestSettings, now: Date): Promise<Due[]> {
  if (s.links.length === 0 || (!s.afterStay && s.afterClasses <= 0)) return [];
  const tz = ctx.config.timezone;
  const today = todayInZone(tz, now);
  // The trigger's gym date: due date (trigger + delay) within the lookback, up to today.
  const to = addDays(today, -s.delayDays);
  const from = addDays(to, -REVIEW_LOOKBACK_DAYS);
  const due = new Map<number, Due>();
  if (s.afterStay) {
    const stays = await repo.listEndedStays(ctx.db, from, to);
    const states = await repo.orderStates(
      ctx.db,
      stays.map((x) => x.order_id),
      now.toISOString(),
    );
    for (const x of stays) {
      const state = states.get(x.order_id);
      if (!state || NOT_ASKED.has(state) || due.has(x.customer_id)) continue;
      due.set(x.customer_id, { customerId: x.customer_id, name: x.name, email: x.email, language: x.language, reason: 'stay', triggerDate: x.check_out });
    }
  }
  if (s.afterClasses > 0) {
    const fromIso = zonedToInstant(from, '00:00', tz).toISOString();
    const untilIso = zonedToInstant(addDays(to, 1), '00:00', tz).toISOString();
    for (const x of await repo.listNthClasses(ctx.db, s.afterClasses, fromIso, untilIso)) {
      if (due.has(x.customer_id)) continue;
      const triggerDate = instantToZoned(x.date_time, tz).date;
      due.set(x.customer_id, { customerId: x.customer_id, name: x.name, email: x.email, language: x.language, reason: 'classes', triggerDate });
    }
  }
  return [...due.values()];
}

/**
 * Queues every review request due at `now`; answers how many. Each person's row is claimed
 * (customer_id unique) in the transaction that writes the e-mail to the outbox, so a request
 * goes once whatever the restarts and instances; a failure rolls both back and the next run
 * tries again.
 */
export async function queueDueReviewRequests(ctx: AppContext, now: Date = new Date()): Promise<number> {
  const { reviewRequests: s } = await currentSiteSettings(ctx);
  const due = await dueRequests(ctx, s, now);
  if (due.length === 0) return 0;
  const config = mailConfig(ctx);
  let queued = 0;
  for (const d of due) {
    try {
      const mail = reviewRequestMail(config, { to: d.email, name: d.name, language: d.language, reason: d.reason, links: s.links });
      const at = now.toISOString();
      const claimed = await ctx.db.transaction().execute(async (trx) => {
        if (!(await repo.claimRequest(trx, { customerId: d.customerId, reason: d.reason, language: d.language, triggerDate: d.triggerDate, at }))) return false;
        await ctx.mail.enqueue(trx, mail);
        return true;
      });
      if (claimed) queued += 1;
    } catch (err) {
      ctx.log.error({ err, customerId: d.customerId }, 'review request could not be queued; the next run tries again');
    }
  }
  if (queued > 0) ctx.mail.kick();
  return queued;
}

/** The review request job, started with the workers (at the reminders' interval). */
export function createReviewRequestJob(ctx: AppContext, opts: { intervalMs?: number; now?: () => Date } = {}): PeriodicJob {
  const now = opts.now ?? (() => new Date());
  return createPeriodicJob({
    everyMs: opts.intervalMs ?? ctx.config.reminderIntervalMs,
    run: () => queueDueReviewRequests(ctx, now()),
    onError: (err) => ctx.log.error({ err }, 'review request job failed; will try again'),
  });
}

/** GET /api/review-requests: who was asked, when, why and in which language, newest first. */
export async function listReviewRequests(ctx: AppContext, q: ReviewRequestListQuery) {
  const { page, pageSize, offset } = pageOf(q);
  const { rows, total } = await repo.listRequests(ctx.db, pageSize, offset);
  const items = rows.map((r) => ({
    id: r.id,
    customerId: r.customer_id,
    name: r.name,
    email: r.email,
    reason: r.reason,
    language: r.language,
    triggerDate: r.trigger_date,
    askedAt: r.asked_at,
  }));
  return { items, total, page, pageSize };
}
