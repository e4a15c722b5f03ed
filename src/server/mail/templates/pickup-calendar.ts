import { createRequire } from 'node:module';
import type * as Ics from 'ics';
import type { Config } from '../../config';
import type { MailCalendarPart } from '../outgoing-mail';
import { mailFromAddress, messageIdHost } from '../mail-address';

// The airport pickup's calendar file (issue 36 §5), made with the `ics` library like the
// bookings' (calendar.ts): one VEVENT per pickup whose UID never changes, and whose SEQUENCE is
// order_pickups.sequence, bumped on every change of flight, so calendar apps update the event.

const require = createRequire(import.meta.url);
let ics: typeof Ics | undefined;

/** How long the event lasts: the drive from the airport, about. */
const PICKUP_MINUTES = 90;

export interface PickupCalendarEvent {
  orderId: number;
  sequence: number;
  /** The landing, an instant. */
  startsAt: Date;
  summary: string;
  description: string;
  location: string;
  attendee: { name: string; email: string };
  organizerName: string;
}

export const pickupUid = (config: Pick<Config, 'publicUrl'>, orderId: number): string => `pickup-${orderId}@${messageIdHost(config.publicUrl)}`;

const oneLine = (text: string) => text.replace(/[\r\n]+/g, ' ').trim();
// A parameter (CN=) holds no double quote or control character.
const paramText = (text: string) =>
  text
    // eslint-disable-next-line no-control-regex -- control characters are exactly what must go
    .replace(/[\u0000-\u001f\u007f"]+/g, ' ')
    .trim()
    .slice(0, 200);

export function pickupCalendar(config: Pick<Config, 'publicUrl' | 'mailFrom'>, ev: PickupCalendarEvent): MailCalendarPart {
  const start = ev.startsAt.getTime();
  if (Number.isNaN(start)) throw new RangeError('startsAt is not a valid date');
  const event: Ics.EventAttributes = {
    uid: pickupUid(config, ev.orderId),
    sequence: ev.sequence,
    start,
    startInputType: 'utc',
    startOutputType: 'utc',
    end: start + PICKUP_MINUTES * 60_000,
    endInputType: 'utc',
    endOutputType: 'utc',
    title: oneLine(ev.summary),
    description: ev.description,
    location: oneLine(ev.location),
    status: 'CONFIRMED',
    busyStatus: 'BUSY',
  };
  const organizer = { name: paramText(ev.organizerName), email: mailFromAddress(config.mailFrom) };
  const attendee: Ics.Attendee = {
    name: paramText(ev.attendee.name),
    email: ev.attendee.email.trim(),
    rsvp: false,
    partstat: 'ACCEPTED',
    role: 'REQ-PARTICIPANT',
  };
  ics ??= require('ics') as typeof Ics;
  const header = { method: 'REQUEST', productId: `-//${paramText(ev.organizerName)}//Pickups//EN` };
  // The library refuses some addresses our checks accept: then the event goes without them.
  for (const attempt of [{ ...event, organizer, attendees: [attendee] }, { ...event, organizer }, event]) {
    const { error, value } = ics.createEvents([attempt], header);
    if (!error && value) return { method: 'REQUEST', content: value, filename: 'airport-pickup.ics' };
  }
  throw new Error('pickup calendar file not made');
}
