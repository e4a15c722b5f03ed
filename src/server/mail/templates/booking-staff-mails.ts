import type { OutgoingMail } from '../outgoing-mail';
import { gymWhen, type BookingMailConfig, type BookingStaffNoticeInput } from './booking-mail-parts';
import { mail, p, type Block } from './mail-layout';

// The notices to the gym (GYM_NOTIFY_EMAIL) about bookings: new, cancelled, moved. English, in
// gym time; a reply goes to the customer.

/** To the gym (GYM_NOTIFY_EMAIL): a new booking, in gym time; replies go to the customer. */
export function bookingStaffNotificationMail(config: BookingMailConfig, to: string, r: BookingStaffNoticeInput): OutgoingMail {
  const when = gymWhen(config.timezone, { ...r, endsAt: r.endsAt ?? new Date(r.startsAt.getTime() + 1) });
  const whenText = r.endsAt ? `${when.line} ${r.zoneLabel}` : `${when.start.long}, ${when.start.clock} ${r.zoneLabel}`;
  const blocks: Block[] = [
    p('A new booking arrived on the website.'),
    {
      kind: 'facts',
      rows: [
        { label: 'Name', value: r.name },
        { label: 'E-mail', value: r.email ?? '-' },
        { label: 'Phone', value: r.phone ?? '-' },
        { label: 'Class', value: r.course },
        { label: 'When', value: whenText },
        { label: 'Booking', value: `#${r.reservationId}` },
      ],
    },
    ...(r.message ? [p('Message:'), { kind: 'quote', text: r.message } as Block] : []),
    { kind: 'action', label: 'Open the reservations', href: `${config.publicUrl}/admin/reservations` },
  ];
  const subject = `New booking: ${r.name} — ${r.course}, ${when.start.long} at ${when.start.clock}`;
  return mail(config, to, subject, blocks, { reservationId: r.reservationId, replyTo: r.email });
}

/** What changed, for bookingStaffChangeMail. */
export interface BookingStaffChangeInput extends BookingStaffNoticeInput {
  change: 'cancelled' | 'moved';
  /** The customer did it from the manage link, or the gym from the back office. */
  by: 'customer' | 'gym';
  /** A moved booking's old start, in gym time. */
  previous?: { startsAt: Date; gymDate: string; gymTime: string };
}

/** To the gym (GYM_NOTIFY_EMAIL): a booking was cancelled or moved, in gym time. */
export function bookingStaffChangeMail(config: BookingMailConfig, to: string, r: BookingStaffChangeInput): OutgoingMail {
  const when = gymWhen(config.timezone, { ...r, endsAt: r.endsAt ?? new Date(r.startsAt.getTime() + 1) });
  const whenText = r.endsAt ? `${when.line} ${r.zoneLabel}` : `${when.start.long}, ${when.start.clock} ${r.zoneLabel}`;
  const was = r.previous ? gymWhen(config.timezone, { ...r.previous, endsAt: new Date(r.previous.startsAt.getTime() + 1) }) : undefined;
  const who = r.by === 'customer' ? 'The customer' : 'The gym';
  const what = r.change === 'cancelled' ? `${who} cancelled a booking.` : `${who} moved a booking to a new time.`;
  const blocks: Block[] = [
    p(what),
    {
      kind: 'facts',
      rows: [
        { label: 'Name', value: r.name },
        { label: 'E-mail', value: r.email ?? '-' },
        { label: 'Phone', value: r.phone ?? '-' },
        { label: 'Class', value: r.course },
        { label: r.change === 'moved' ? 'New time' : 'When', value: whenText, struck: r.change === 'cancelled' },
        ...(was ? [{ label: 'Was', value: `${was.start.long}, ${was.start.clock} ${r.zoneLabel}`, struck: true }] : []),
        { label: 'Booking', value: `#${r.reservationId}` },
      ],
    },
    { kind: 'action', label: 'Open the reservations', href: `${config.publicUrl}/admin/reservations` },
  ];
  const verb = r.change === 'cancelled' ? 'Booking cancelled' : 'Booking moved';
  const subject = `${verb}: ${r.name} — ${r.course}, ${when.start.long} at ${when.start.clock}`;
  return mail(config, to, subject, blocks, { reservationId: r.reservationId, replyTo: r.email });
}
