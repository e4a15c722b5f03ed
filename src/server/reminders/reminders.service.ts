import type { AppContext } from '../context';
import { bookingReminderMail } from '../mail/templates/booking-mails';
import { cancelRuleOf, customerFacts, whenOf } from '../reservations/booking-facts';
import { toBool } from '../db/database';
import * as repo from './reminders.repository';
import { mailConfig } from '../site-settings/site-settings.service';

/**
 * When a booking's reminder is due (REMINDER_LEAD_HOURS = lead):
 *   start − lead ≤ now < start, and the booking was made before start − lead.
 * A booking made inside the window never gets one: its confirmation came close enough to the
 * session. The lead is the one in force when the job looks: after a restart with a raised lead,
 * bookings now inside the window that were made before it get their reminder at once; a booking
 * made after the new window opened gets none, as if the lead had always been the new one.
 * A lead of 0 sends no reminders.
 */
export function isReminderDue(b: { startsAt: Date; createdAt: Date }, now: Date, leadMs: number): boolean {
  if (leadMs <= 0) return false;
  const start = b.startsAt.getTime();
  const opens = start - leadMs;
  return now.getTime() >= opens && now.getTime() < start && b.createdAt.getTime() < opens;
}

/**
 * Queues every reminder due at `now` through the outbox; answers how many were queued.
 * Each booking is claimed (reminder_queued_at set only while unset) in the transaction that
 * writes its e-mail, so a reminder is queued once whatever the restarts and however many
 * instances run this at the same time; a failure rolls both back and the next run tries again.
 * The reminder carries no manage link: the link's token is stored hashed and cannot be rebuilt,
 * so the e-mail says how to reach the gym instead (mail/templates/booking-mail-parts.ts, changeBlocks).
 */
export async function queueDueReminders(ctx: AppContext, now: Date = new Date()): Promise<number> {
  const leadMs = ctx.config.reminderLeadMs;
  if (leadMs <= 0) return 0;
  const [from, until] = [now.toISOString(), new Date(now.getTime() + leadMs).toISOString()];
  // Class bookings, and private lessons (issue 37) with their own length.
  const candidates = await repo.listReminderCandidates(ctx.db, from, until);
  let queued = 0;
  for (const c of candidates) {
    const startsAt = new Date(c.date_time);
    if (!isReminderDue({ startsAt, createdAt: new Date(c.created_at) }, now, leadMs)) continue;
    try {
      // The reminder has no calendar part: its sequence is never written.
      const config = mailConfig(ctx);
      const facts = customerFacts({ ...c, calendar_sequence: 0 }, whenOf(ctx, startsAt, c.duration_minutes), null);
      // The booking's own deadline: one moved inside its window keeps the earlier one (decision 172).
      facts.cancelRule = cancelRuleOf(c, config.gym.payments.cancelHours, toBool(c.paid_by_pass));
      const mail = bookingReminderMail(config, facts);
      const claimed = await ctx.db.transaction().execute(async (trx) => {
        if (!(await repo.claimReminder(trx, c.id, now.toISOString()))) return false;
        await ctx.mail.enqueue(trx, mail);
        return true;
      });
      if (claimed) queued += 1;
    } catch (err) {
      ctx.log.error({ err, reservationId: c.id }, 'booking reminder could not be queued; the next run tries again');
    }
  }
  if (queued > 0) ctx.mail.kick();
  return queued;
}
