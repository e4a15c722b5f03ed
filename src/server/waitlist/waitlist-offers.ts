import { zoneLabel } from '../../shared/gym-time';
import { hashToken, newToken } from '../auth/tokens';
import type { AppContext } from '../context';
import type { WaitlistEntryRow } from '../db/schema';
import { createPeriodicJob, type PeriodicJob } from '../lib/periodic-job';
import { languageBase } from '../mail/templates/i18n';
import { waitlistOfferMail } from '../mail/templates/waitlist-mails';
import { currentSiteSettings, mailConfig } from '../site-settings/site-settings.service';
import { findOccurrence, releaseSeat, takeSeat } from '../timetable/timetable.service';
import { offSeatFreed, onSeatFreed } from '../lib/seat-freed';
import * as repo from './waitlist.repository';
import { retire } from '../links/retired-links.repository';
import { queueTravellerPush } from '../push/traveller-push';

// The offer job (issue 34): when a seat is free in a session with people waiting, the first in
// line gets an offer by e-mail, with the seat held for them in the seat counter; an offer whose
// time is up goes back to the counter and on to the next person. In the last two hours nothing
// is held: everyone still waiting is told at once and the first to accept gets the seat. Lines
// of sessions that are over, cancelled by the gym or in a closure end without a word.
// It follows the reminders' rules: every change is a compare-and-set in the transaction that
// queues its e-mail, so an offer is made, and mailed, once however many instances run this.

const HOUR = 3_600_000;
/** Inside this, nothing is held: the first to accept gets the seat. */
export const OPEN_WINDOW_MS = 2 * HOUR;

/** When an offer made at `now` ends: min(the settings' hours, half the time left before the class). */
export const offerEnd = (now: Date, startsAt: Date, offerHours: number): Date =>
  new Date(now.getTime() + Math.min(offerHours * HOUR, (startsAt.getTime() - now.getTime()) / 2));

/** The entry's page in its language, with a link token (the join's or the offer's). */
export const entryPageUrl = (ctx: AppContext, e: WaitlistEntryRow, token: string) =>
  `${languageBase(ctx.config.publicUrl, e.language)}/booking/waitlist/${token}`;

/**
 * One pass over every line: ends those of sessions no longer ahead, expires held offers whose
 * time is up, then offers the free seats. Answers how many offers it made.
 */
export async function runOffers(ctx: AppContext, now: Date = new Date()): Promise<number> {
  const nowText = now.toISOString();
  const offerHours = (await currentSiteSettings(ctx)).waitlist.offerHours;
  let made = 0;
  for (const key of await repo.occurrencesInLine(ctx.db)) {
    try {
      const o = await findOccurrence(ctx.db, key.weeklySessionId, key.date, ctx.config.timezone);
      if (!o?.bookable || o.cancelled || o.closed || o.startsAt.getTime() <= now.getTime()) {
        await ctx.db.transaction().execute(async (trx) => {
          const held = await repo.endLine(trx, key);
          for (let i = 0; i < held; i++) await releaseSeat(trx, key.weeklySessionId, key.date);
        });
        continue;
      }
      for (const e of await repo.expiredHeldOffers(ctx.db, key, nowText)) {
        await ctx.db.transaction().execute(async (trx) => {
          if (await repo.expireHeld(trx, e.id, nowText)) await releaseSeat(trx, e.weekly_session_id, e.session_date);
        });
      }
      const open = o.startsAt.getTime() - now.getTime() <= OPEN_WINDOW_MS;
      const waiting = await repo.waitingOf(ctx.db, key);
      if (open) {
        // Nothing held: only worth telling when a seat is free now (the counter, read fresh).
        const fresh = await findOccurrence(ctx.db, key.weeklySessionId, key.date, ctx.config.timezone);
        if (!fresh || fresh.taken >= fresh.capacity) continue;
        for (const e of waiting) if (await offerOne(ctx, e, o, { now, expiresAt: o.startsAt, held: false })) made += 1;
        continue;
      }
      const expiresAt = offerEnd(now, o.startsAt, offerHours);
      for (const e of waiting) {
        const r = await offerOne(ctx, e, o, { now, expiresAt, held: true, capacity: o.capacity });
        if (r === 'full') break;
        if (r) made += 1;
      }
    } catch (err) {
      ctx.log.error({ err, weeklySessionId: key.weeklySessionId, date: key.date }, 'waiting list: offers failed; the next run tries again');
    }
  }
  if (made > 0) ctx.mail.kick();
  return made;
}

class SeatGone extends Error {}

/**
 * One offer in one transaction: the entry waiting → offered (once), the seat taken when held
 * (a conditional write; none left: rolled back, 'full'), and its e-mail queued.
 */
async function offerOne(
  ctx: AppContext,
  e: WaitlistEntryRow,
  o: { startsAt: Date; endsAt: Date; date: string; time: string },
  at: { now: Date; expiresAt: Date; held: boolean; capacity?: number },
): Promise<boolean | 'full'> {
  const token = newToken();
  const mail = waitlistOfferMail(mailConfig(ctx), {
    to: e.email,
    name: e.name,
    course: e.course,
    startsAt: o.startsAt,
    endsAt: o.endsAt,
    gymDate: o.date,
    gymTime: o.time,
    zoneLabel: zoneLabel(ctx.config.timezone, o.startsAt),
    language: e.language,
    pageUrl: entryPageUrl(ctx, e, token),
    heldUntil: at.held ? at.expiresAt : null,
  });
  try {
    return await ctx.db.transaction().execute(async (trx) => {
      const offered = await repo.offer(trx, e.id, {
        now: at.now.toISOString(),
        expiresAt: at.expiresAt.toISOString(),
        held: at.held,
        tokenHash: hashToken(token),
      });
      if (!offered) return false;
      // A second offer's link replaces the first's: the first keeps showing the place (decision 184).
      await retire(trx, 'waitlist', e.offer_token_hash, e.id, at.now.toISOString());
      if (at.held && !(await takeSeat(trx, e.weekly_session_id, e.session_date, at.capacity ?? 0))) throw new SeatGone();
      await ctx.mail.enqueue(trx, mail);
      // The same offer by push at once, to a person who turned it on (decision 188).
      await queueTravellerPush(trx, { email: e.email }, e.language, {
        kind: 'offer',
        entryId: e.id,
        offeredAt: at.now.toISOString(),
        course: e.course,
        gymDate: o.date,
        gymTime: o.time,
      });
      return true;
    });
  } catch (err) {
    if (err instanceof SeatGone) return 'full';
    throw err;
  }
}

/** The periodic offer job; a seat freed (lib/seat-freed.ts) runs it now while it is started. */
export function createOfferJob(ctx: AppContext, opts: { intervalMs?: number; now?: () => Date } = {}): PeriodicJob {
  const now = opts.now ?? (() => new Date());
  const job = createPeriodicJob({
    everyMs: opts.intervalMs ?? ctx.config.reminderIntervalMs,
    run: () => runOffers(ctx, now()),
    onError: (err) => ctx.log.error({ err }, 'waiting-list offer job failed; will try again'),
  });
  return {
    ...job,
    start() {
      job.start();
      // A run in progress may have read the line before the seat freed: one more after it.
      onSeatFreed(ctx, () => void job.idle().then(() => job.runOnce()));
    },
    async stop() {
      offSeatFreed(ctx);
      await job.stop();
    },
  };
}
