import { instantToZoned, zoneLabel } from '../../shared/gym-time';
import type { AppContext } from '../context';
import { bookingReminderMail } from '../mail/booking-mails';
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
 * so the e-mail says how to reach the gym instead (booking-mails.ts changeBlocks).
 */
export async function queueDueReminders(ctx: AppContext, now: Date = new Date()): Promise<number> {
  const leadMs = ctx.config.reminderLeadMs;
  if (leadMs <= 0) return 0;
  const timeZone = ctx.config.timezone;
  const candidates = await repo.listReminderCandidates(ctx.db, now.toISOString(), new Date(now.getTime() + leadMs).toISOString());
  let queued = 0;
  for (const c of candidates) {
    const startsAt = new Date(c.date_time);
    if (!isReminderDue({ startsAt, createdAt: new Date(c.created_at) }, now, leadMs)) continue;
    try {
      const gym = instantToZoned(startsAt, timeZone);
      const mail = bookingReminderMail(mailConfig(ctx), {
        to: c.email,
        name: c.name,
        reservationId: c.id,
        course: c.course,
        startsAt,
        endsAt: new Date(startsAt.getTime() + c.duration_minutes * 60_000),
        gymDate: gym.date,
        gymTime: gym.time,
        zoneLabel: zoneLabel(timeZone, startsAt),
        manageUrl: null,
        // The reminder has no calendar part: its sequence is never written.
        sequence: 0,
        language: c.language,
      });
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
