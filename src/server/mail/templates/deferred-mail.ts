import type { Config } from '../../config';
import type { BookingMailGym, BookingMailInput, DeferredMail, Json, OutgoingMail } from '../outgoing-mail';
import { DEFAULT_SITE_SETTINGS } from '../../../shared/site-settings-data';
import { gymReplyTo } from './mail-layout';
import { bookingConfirmationMail, bookingConfirmationSubject, bookingMailGym } from './booking-mails';

export type { DeferredMail } from '../outgoing-mail';

// E-mails written when the outbox sends them rather than when they are queued. A booking's
// confirmation is queued inside the booking's transaction, under load hundreds a second: its
// row keeps the facts (a few hundred bytes) and the composing thread writes the HTML, the text
// and the calendar file. Everything the e-mail says is decided at booking time (the facts are
// the booking's as it was then), so a later change of the booking does not rewrite it.

/** What the templates need of the configuration (passed to the composing thread too). */
export type DeferredMailConfig = Pick<Config, 'publicUrl' | 'timezone' | 'mailFrom' | 'notifyEmail'>;

const json = (b: BookingMailInput): Json<BookingMailInput> => ({ ...b, startsAt: b.startsAt.toISOString(), endsAt: b.endsAt.toISOString() });
const input = (d: Json<BookingMailInput>): BookingMailInput => ({ ...d, startsAt: new Date(d.startsAt), endsAt: new Date(d.endsAt) });

/**
 * The booking confirmation as the outbox queues it: recipient, subject and the booking's number
 * now (the subject checks that the times agree with gym time), the rest when it is sent.
 */
export function deferredBookingConfirmation(config: DeferredMailConfig & { gym: BookingMailGym }, b: BookingMailInput): OutgoingMail {
  return {
    to: b.to,
    subject: bookingConfirmationSubject(config, b),
    text: '',
    replyTo: gymReplyTo(config),
    reservationId: b.reservationId,
    template: { name: 'booking-confirmation', data: json(b), gym: bookingMailGym(config.gym) },
  };
}

/** The mail a deferred template writes (it throws when its facts no longer make sense). */
export function writeDeferredMail(config: DeferredMailConfig, t: DeferredMail): OutgoingMail {
  switch (t.name) {
    case 'booking-confirmation':
      return bookingConfirmationMail({ ...config, gym: t.gym ?? bookingMailGym(DEFAULT_SITE_SETTINGS) }, input(t.data));
  }
}
