import { createRequire } from 'node:module';
import type * as Ics from 'ics';
import type { Config } from '../../config';
import type { BookingCalendarEvent, MailCalendarPart } from '../outgoing-mail';
import { mailFromAddress, messageIdHost } from '../mail-address';

export type { BookingCalendarEvent } from '../outgoing-mail';

// iCalendar files for bookings, made with the `ics` library. One reservation is one VEVENT
// whose UID never changes; every later message about it (moved, cancelled) carries the same
// UID and a higher SEQUENCE, so calendar apps update or remove the event they imported.
// METHOD:REQUEST with the customer as ATTENDEE (docs/decisions/034-booking-e-mails-and-their-calendar-files.md).

// Loaded with the first calendar file, not at start.
const require = createRequire(import.meta.url);
let ics: typeof Ics | undefined;

/** The UID of a reservation's event: the same in every message about it. */
export function reservationUid(config: Pick<Config, 'publicUrl'>, reservationId: number): string {
  return `reservation-${reservationId}@${messageIdHost(config.publicUrl)}`;
}

/**
 * A parameter value (CN=) cannot hold a double quote or a control character, and the library
 * does not remove them: a hostile name must not end the parameter or start a new line.
 */
const paramText = (text: string) =>
  text
    // eslint-disable-next-line no-control-regex -- control characters are exactly what must go
    .replace(/[\u0000-\u001f\u007f"]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 200);
const oneLine = (text: string) => text.replace(/[\r\n]+/g, ' ').trim();

const utcMs = (d: Date, what: string) => {
  const ms = d.getTime();
  if (Number.isNaN(ms)) throw new RangeError(`${what} is not a valid date`);
  return ms;
};

const calendarFilename = (method: BookingCalendarEvent['method']) => (method === 'CANCEL' ? 'booking-cancelled.ics' : 'booking.ics');

function checkEvent(ev: BookingCalendarEvent): { start: number; end: number } {
  const start = utcMs(ev.startsAt, 'startsAt');
  const end = utcMs(ev.endsAt, 'endsAt');
  if (end <= start) throw new RangeError('endsAt must be after startsAt');
  if (!Number.isInteger(ev.sequence) || ev.sequence < 0) throw new RangeError('sequence must be a whole number from 0');
  return { start, end };
}

/**
 * The calendar part of a booking message, checked now and written out when the e-mail is sent
 * (calendarText): the library's validation and line folding cost more than the rest of a
 * booking, so they run in the outbox's composing thread, not in the booking's request.
 */
export function bookingCalendarPart(ev: BookingCalendarEvent): MailCalendarPart {
  checkEvent(ev);
  return { method: ev.method, filename: calendarFilename(ev.method), event: { ...ev, startsAt: ev.startsAt.toISOString(), endsAt: ev.endsAt.toISOString() } };
}

/** The .ics text of a calendar part: as given, or made now from the booking event it carries. */
export function calendarText(config: Pick<Config, 'publicUrl' | 'mailFrom'>, part: MailCalendarPart): string {
  if (part.content !== undefined) return part.content;
  const ev = part.event;
  return bookingCalendar(config, {
    ...ev,
    method: part.method === 'CANCEL' ? 'CANCEL' : 'REQUEST',
    startsAt: new Date(ev.startsAt),
    endsAt: new Date(ev.endsAt),
  }).content;
}

/** The VCALENDAR of one booking message, as the outbox's calendar part. */
export function bookingCalendar(config: Pick<Config, 'publicUrl' | 'mailFrom'>, ev: BookingCalendarEvent): MailCalendarPart & { content: string } {
  const { start, end } = checkEvent(ev);
  const cancel = ev.method === 'CANCEL';
  const event: Ics.EventAttributes = {
    uid: reservationUid(config, ev.reservationId),
    sequence: ev.sequence,
    // Instants in UTC (…Z): no VTIMEZONE needed, every client shows them in its own zone.
    start,
    startInputType: 'utc',
    startOutputType: 'utc',
    end,
    endInputType: 'utc',
    endOutputType: 'utc',
    title: oneLine(ev.summary),
    description: ev.description,
    location: oneLine(ev.location),
    ...(ev.geo ? { geo: ev.geo } : {}),
    ...(ev.url ? { url: ev.url } : {}),
    status: cancel ? 'CANCELLED' : 'CONFIRMED',
    busyStatus: cancel ? 'FREE' : 'BUSY',
  };
  const organizer: Ics.EventAttributes['organizer'] = { name: paramText(ev.organizerName), email: mailFromAddress(config.mailFrom) };
  const attendee: Ics.Attendee = {
    name: paramText(ev.attendee.name),
    email: ev.attendee.email.trim(),
    // Already booked: no RSVP asked, the customer is in.
    rsvp: false,
    partstat: 'ACCEPTED',
    role: 'REQ-PARTICIPANT',
  };
  ics ??= require('ics') as typeof Ics;
  const header = { method: ev.method, productId: `-//${paramText(ev.organizerName)}//Bookings//EN` };
  // The library refuses some addresses our own checks accept (non-ASCII ones, an odd MAIL_FROM):
  // then the event goes without that person rather than the booking without its e-mail.
  // Its URL check is narrower than the web's too (a PUBLIC_URL such as http://localhost:0 in
  // tests): the link stays in the description, the URL property is left out.
  const { url: _url, ...noUrl } = event as Ics.EventAttributes & { url?: string };
  const tries: Ics.EventAttributes[] = [
    { ...event, organizer, attendees: [attendee] },
    { ...event, organizer },
    { ...event, attendees: [attendee] },
    event,
    { ...noUrl, organizer, attendees: [attendee] },
    noUrl,
  ];
  let value: string | null = null;
  let error: Error | null = null;
  for (const attempt of tries) {
    ({ error, value } = ics.createEvents([attempt], header));
    if (!error && value) break;
  }
  if (error || !value) throw error ?? new Error('calendar file not made');
  return { method: ev.method, content: value, filename: calendarFilename(ev.method) };
}

/**
 * Several cancelled bookings of one person in one calendar file (a closure tells each person
 * once): the first VCALENDAR with the other messages' VEVENTs added, each with its own UID and
 * SEQUENCE.
 */
export function mergedCalendar(config: Pick<Config, 'publicUrl' | 'mailFrom'>, parts: MailCalendarPart[]): MailCalendarPart {
  const texts = parts.map((p) => calendarText(config, p));
  const events = texts.slice(1).map((t) => t.slice(t.indexOf('BEGIN:VEVENT'), t.lastIndexOf('END:VEVENT') + 'END:VEVENT'.length));
  const first = texts[0];
  const end = first.lastIndexOf('END:VCALENDAR');
  const content = `${first.slice(0, end)}${events.map((e) => `${e}\r\n`).join('')}${first.slice(end)}`;
  return { method: parts[0].method, content, filename: parts[0].filename };
}
