import { clockTime, formatUtcOffset, instantToZoned, longGymDate, zoneOffsetMs } from '../../../shared/gym-time';
import { DEFAULT_LANGUAGE, isLanguage, LANGUAGE_TAGS, type Language } from '../../../shared/i18n/languages';
import { fullAddressOf, googleMapsUrlOf } from '../../../shared/site-settings-data';
import type { Config } from '../../config';
import { bookingCalendarPart } from './calendar';
import { fullDateTimeIn, mailMessages, type MailMessages } from './i18n';
import { checkedUrl, p, type Block, type Fact } from './mail-layout';
import type { BookingMailGym, BookingMailInput } from '../outgoing-mail';

export type { BookingMailGym, BookingMailInput } from '../outgoing-mail';

// What the booking e-mails share: their inputs, gym time written as the public site writes it in
// the e-mail's language, the place, the change-or-cancel block and the calendar part.

/** The gym's facts a booking e-mail names, as stored (site settings) when it is written. */
export type BookingMailConfig = Pick<Config, 'publicUrl' | 'timezone' | 'mailFrom' | 'notifyEmail'> & { gym: BookingMailGym };
/** Only what a booking e-mail reads of the settings (kept in a deferred e-mail's row). */
export const bookingMailGym = (s: BookingMailGym): BookingMailGym => ({ name: s.name, whatsapp: s.whatsapp, geo: s.geo, address: s.address, email: s.email });

export interface BookingCancelledInput extends BookingMailInput {
  /** Who cancelled: the wording differs. */
  cancelledBy?: 'customer' | 'gym';
  /** The gym's reason (a gym cancel), as staff typed it. */
  reason?: string | null;
}

export interface BookingMovedInput extends BookingMailInput {
  /** Where the booking was before the move. */
  previous: { startsAt: Date; endsAt: Date; gymDate: string; gymTime: string };
  /** The gym moved the weekly session: the e-mail says so, and that a cancel until the class keeps the credit. */
  byGym?: boolean;
}

export interface BookingStaffNoticeInput {
  reservationId: number;
  name: string;
  email: string | null;
  phone: string | null;
  course: string;
  startsAt: Date;
  endsAt: Date | null;
  gymDate: string;
  gymTime: string;
  zoneLabel: string;
  message: string | null;
}

/** The cancel rule's sentence: the credit's when a pass paid, else the deadline alone (none once it passed). */
export function cancelRuleBlocks(b: BookingMailInput, m: MailMessages, language: Language, timeZone: string, now = new Date()): Block[] {
  const rule = b.cancelRule;
  if (!rule) return [];
  const deadline = new Date(rule.deadline);
  const text = fullDateTimeIn(language, deadline, timeZone);
  if (rule.credit) return [p(m.passCancelRule(text))];
  return deadline.getTime() > now.getTime() ? [p(m.cancelRule(text))] : [];
}

// ---------------------------------------------------------------------------------------------
// Gym time, in the e-mail's language

interface GymParts {
  /** 'YYYY-MM-DD' and 'HH:MM' in gym time. */
  date: string;
  time: string;
  /** "Tuesday, 24 November 2026" */
  long: string;
  /** The time as the site writes it in the language: '8:00 AM' in English. */
  clock: string;
}

function gymParts(instant: Date, timeZone: string, language: Language): GymParts {
  if (Number.isNaN(instant.getTime())) throw new RangeError('not a valid date');
  const g = instantToZoned(instant, timeZone);
  const locale = language === DEFAULT_LANGUAGE ? undefined : LANGUAGE_TAGS[language];
  return { date: g.date, time: g.time, long: longGymDate(instant, timeZone, locale), clock: clockTime(g.time, locale) };
}

/** The start and end in gym time; the computed start must be the one the caller gave. Written in `language`. */
export function gymWhen(timeZone: string, s: { startsAt: Date; endsAt: Date; gymDate: string; gymTime: string }, language: Language = 'en') {
  const start = gymParts(s.startsAt, timeZone, language);
  if (start.date !== s.gymDate || start.time !== s.gymTime) {
    throw new Error(
      `booking time disagrees with gym time: ${s.startsAt.toISOString()} is ${start.date} ${start.time} in ${timeZone}, not ${s.gymDate} ${s.gymTime}`,
    );
  }
  if (!(s.endsAt.getTime() > s.startsAt.getTime())) throw new RangeError('endsAt must be after startsAt');
  const end = gymParts(s.endsAt, timeZone, language);
  // As the booking pages write a session: "8:00 AM – 9:00 AM".
  const range = end.date === start.date ? `${start.clock} – ${end.clock}` : `${start.clock} – ${end.long}, ${end.clock}`;
  return { start, end, line: `${start.long}, ${range}` };
}

// ---------------------------------------------------------------------------------------------
// Shared pieces

export function placeFacts(gym: BookingMailGym, m: MailMessages): Fact[] {
  const map = googleMapsUrlOf(gym);
  return [
    { label: m.labelWhere, value: `${gym.name}, ${fullAddressOf(gym)}` },
    { label: m.labelMap, value: m.openMap, href: map },
  ];
}

export function changeBlocks(config: BookingMailConfig, manageUrl: string | null, m: MailMessages): Block[] {
  if (manageUrl) return [{ kind: 'action', label: m.changeOrCancel, href: checkedUrl(manageUrl) }];
  return [p(m.changeByMessage(Boolean(config.notifyEmail), config.gym.whatsapp))];
}

/** The customer's words, the gym's zone named in them, and the site's address in their language. */
export function speech(config: BookingMailConfig, b: BookingMailInput) {
  const m = mailMessages(b.language);
  return {
    m,
    zone: m.zone(b.zoneLabel, formatUtcOffset(zoneOffsetMs(b.startsAt, config.timezone))),
    language: isLanguage(b.language) ? b.language : DEFAULT_LANGUAGE,
  };
}

export function calendarOf(gym: BookingMailGym, b: BookingMailInput, method: 'REQUEST' | 'CANCEL', when: string) {
  const m = mailMessages(b.language);
  // Short on purpose: the ics library folds a long line at a cost that grows with its square
  // (measured: the largest share of a booking's CPU). What to bring and the map link are in the
  // e-mail; the event keeps the place (LOCATION, GEO) and the manage link.
  const lines = [m.icsClassAt(b.course, gym.name), `${when}`];
  if (method === 'CANCEL') lines.push(m.icsCancelled);
  else if (b.manageUrl) lines.push(m.icsChange(checkedUrl(b.manageUrl)));
  return bookingCalendarPart({
    reservationId: b.reservationId,
    method,
    sequence: b.sequence,
    startsAt: b.startsAt,
    endsAt: b.endsAt,
    summary: `${b.course} – ${gym.name}`,
    description: lines.join('\n'),
    location: `${gym.name}, ${fullAddressOf(gym)}`,
    geo: { lat: gym.geo.latitude, lon: gym.geo.longitude },
    url: b.manageUrl,
    attendee: { name: b.name, email: b.to },
    organizerName: gym.name,
  });
}

export const laterSequence = (b: BookingMailInput, what: string) => {
  if (!Number.isInteger(b.sequence) || b.sequence < 1) throw new RangeError(`${what}: sequence must be higher than the confirmation's (0)`);
};
