import type { AppContext, OutgoingMail } from '../context';
import type { ReservationRow } from '../db/schema';
import { bookingCancelledMail, bookingMovedMail, bookingsCancelledByGymMail, bookingsMovedByGymMail } from '../mail/templates/booking-mails';
import { bookingStaffChangeMail, bookingStaffNotificationMail } from '../mail/templates/booking-staff-mails';
import { deferredBookingConfirmation } from '../mail/templates/deferred-mail';
import { mailConfig } from '../site-settings/site-settings.service';
import { creditDeadline, type PassSpend } from '../credits/credits';
import { calendarEnd, cancelRuleOf, customerFacts, manageUrl, staffFacts, type BookingWhen } from './booking-facts';

// What a booking's changes tell people: the e-mails to the customer and to the gym
// (GYM_NOTIFY_EMAIL), built from one set of facts (booking-facts.ts), and the staff's push.

const hasEmail = (r: ReservationRow): r is ReservationRow & { email: string } => Boolean(r.email);

/**
 * The confirmation (with its .ics, SEQUENCE 0) to the customer and the notice to the gym;
 * `request`: a request by appointment, which the customer's e-mail calls received, not booked.
 */
export function newBookingMails(
  ctx: AppContext,
  r: ReservationRow,
  when: BookingWhen,
  token: string | null,
  spend?: PassSpend,
  opts: { request?: boolean } = {},
): OutgoingMail[] {
  const mails: OutgoingMail[] = [];
  // Written by the outbox when it sends it: the booking's transaction stores its facts only.
  if (hasEmail(r)) {
    const facts = customerFacts(r, when, token ? manageUrl(ctx, token, r.language) : null);
    const config = mailConfig(ctx);
    facts.cancelRule = cancelRuleOf(r, config.gym.payments.cancelHours, spend != null);
    if (opts.request) facts.request = true;
    // The credit's rule as the booking is made (the settings this process knows: no read in the transaction).
    if (spend)
      facts.pass = {
        name: spend.order.pass_name,
        creditsLeft: spend.creditsLeft,
        deadline: creditDeadline(when.startsAt, config.gym.payments.cancelHours).toISOString(),
      };
    mails.push(deferredBookingConfirmation(config, facts));
  }
  if (ctx.config.notifyEmail) mails.push(bookingStaffNotificationMail(mailConfig(ctx), ctx.config.notifyEmail, staffFacts(r, when, r.message)));
  return mails;
}

/** The e-mails of a cancellation: to the customer (METHOD:CANCEL, the row's new SEQUENCE), to the gym. */
export function cancellationMails(ctx: AppContext, r: ReservationRow, when: BookingWhen, by: 'customer' | 'gym'): OutgoingMail[] {
  const mails: OutgoingMail[] = [];
  if (hasEmail(r)) mails.push(bookingCancelledMail(mailConfig(ctx), { ...customerFacts(r, when, null), cancelledBy: by }));
  if (ctx.config.notifyEmail && by === 'customer') {
    mails.push(bookingStaffChangeMail(mailConfig(ctx), ctx.config.notifyEmail, { ...staffFacts(r, when, null), change: 'cancelled', by }));
  }
  return mails;
}

/** The e-mails of a move: the same event at its new time to the customer (next SEQUENCE), a notice to the gym. */
export function moveMails(ctx: AppContext, r: ReservationRow, when: BookingWhen, previous: BookingWhen, token: string, paidByPass = false): OutgoingMail[] {
  const mails: OutgoingMail[] = [];
  if (hasEmail(r)) {
    const was = { startsAt: previous.startsAt, endsAt: calendarEnd(previous), gymDate: previous.gymDate, gymTime: previous.gymTime };
    const config = mailConfig(ctx);
    // The moved booking's own deadline: one moved inside its window keeps the one already past.
    const cancelRule = cancelRuleOf(r, config.gym.payments.cancelHours, paidByPass);
    mails.push(bookingMovedMail(config, { ...customerFacts(r, when, manageUrl(ctx, token, r.language)), previous: was, cancelRule }));
  }
  if (ctx.config.notifyEmail) {
    const was = { startsAt: previous.startsAt, gymDate: previous.gymDate, gymTime: previous.gymTime };
    mails.push(
      bookingStaffChangeMail(mailConfig(ctx), ctx.config.notifyEmail, { ...staffFacts(r, when, null), change: 'moved', by: 'customer', previous: was }),
    );
  }
  return mails;
}

/** The staff's push for a booking the customer changed from the manage link. */
export function notifyStaffOfChange(ctx: AppContext, title: string, r: ReservationRow, when: BookingWhen): void {
  ctx.push.notifyStaff({ title, body: `${r.name} — ${r.course}, ${when.gymDate} ${when.gymTime}`, url: '/admin/reservations', tag: `reservation-${r.id}` });
}

/** The staff's push for new bookings. */
export function notifyStaffOfBookings(ctx: AppContext, rows: ReservationRow[]): void {
  for (const row of rows) {
    ctx.push.notifyStaff({ title: 'Nouvelle réservation', body: `${row.name} — ${row.course}`, url: '/admin/reservations', tag: 'reservation' });
  }
}

/**
 * The gym called classes off: one e-mail to the person (METHOD:CANCEL for each booking, the
 * reason, each booking's link to other sessions), however many of their bookings it cancelled.
 * No notice to the gym: it did it.
 */
export function gymCancellationMails(ctx: AppContext, items: { row: ReservationRow; when: BookingWhen; token: string }[]): OutgoingMail[] {
  const facts = items.flatMap(({ row, when, token }) =>
    hasEmail(row) ? [{ ...customerFacts(row, when, manageUrl(ctx, token, row.language)), cancelledBy: 'gym' as const, reason: row.cancel_reason }] : [],
  );
  if (facts.length === 0) return [];
  // In the person's language as their first booking has it.
  const same = facts.map((f) => ({ ...f, language: facts[0].language, name: facts[0].name }));
  return [same.length === 1 ? bookingCancelledMail(mailConfig(ctx), same[0]) : bookingsCancelledByGymMail(mailConfig(ctx), same)];
}

/**
 * The gym moved the weekly session: one e-mail to the person with the updated invite
 * (METHOD:REQUEST, next SEQUENCE) of each of their bookings it moved.
 */
export function gymMoveMails(ctx: AppContext, items: { row: ReservationRow; when: BookingWhen; previous: BookingWhen }[]): OutgoingMail[] {
  const facts = items.flatMap(({ row, when, previous }) => {
    if (!hasEmail(row)) return [];
    const was = { startsAt: previous.startsAt, endsAt: calendarEnd(previous), gymDate: previous.gymDate, gymTime: previous.gymTime };
    return [{ ...customerFacts(row, when, null), previous: was, byGym: true }];
  });
  if (facts.length === 0) return [];
  const same = facts.map((f) => ({ ...f, language: facts[0].language, name: facts[0].name }));
  return [same.length === 1 ? bookingMovedMail(mailConfig(ctx), same[0]) : bookingsMovedByGymMail(mailConfig(ctx), same)];
}
