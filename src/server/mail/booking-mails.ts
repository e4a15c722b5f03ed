import { formatUtcOffset, zoneOffsetMs } from '../../shared/gym-time';
import { DEFAULT_LANGUAGE, isLanguage, LANGUAGE_TAGS, type Language } from '../../shared/i18n/languages';
import { fullAddressOf, googleMapsUrlOf } from '../../shared/site-settings-data';
import type { SiteSettings } from '../../shared/schemas/site-settings';
import type { Config } from '../config';
import type { OutgoingMail } from '../context';
import { escapeHtml } from '../lib/escape-html';
import { bookingCalendarPart } from './calendar';
import { languageBase, longDateIn, mailMessages, type MailMessages } from './i18n';

// The e-mails about a booking: confirmation, cancellation, moved booking, reminder, and the
// notice to the gym. Each comes in HTML and plain text built from the same blocks, so both
// name the same facts. Every time is gym time (GYM_TIMEZONE) with the zone named; the
// calendar part carries the same instants in UTC. Inputs are computed by the booking flow:
// these functions only check that they agree and write the e-mails.
//
// Mails to the customer carry no free text from the booking form except the name (DESIGN §5:
// no visitor's text goes to an address nobody has confirmed); the message goes to the gym only.

/** The gym's facts a booking e-mail names, as stored (site settings) when it is written. */
export type BookingMailGym = Pick<SiteSettings, 'name' | 'whatsapp' | 'geo' | 'address'>;
export type BookingMailConfig = Pick<Config, 'publicUrl' | 'timezone' | 'mailFrom' | 'notifyEmail'> & { gym: BookingMailGym };
/** Only what a booking e-mail reads of the settings (kept in a deferred e-mail's row). */
export const bookingMailGym = (s: BookingMailGym): BookingMailGym => ({ name: s.name, whatsapp: s.whatsapp, geo: s.geo, address: s.address });

export interface BookingMailInput {
  /** The customer's e-mail address. */
  to: string;
  name: string;
  reservationId: number;
  course: string;
  /** The session's start and end, as instants. */
  startsAt: Date;
  endsAt: Date;
  /** The start in gym time: 'YYYY-MM-DD' and 'HH:MM' (must agree with startsAt in GYM_TIMEZONE). */
  gymDate: string;
  gymTime: string;
  /** The zone as shown to people, e.g. 'Krabi time (UTC+7)'. */
  zoneLabel: string;
  /** PUBLIC_URL/booking/manage/{token}, or null when the booking has no manage link. */
  manageUrl: string | null;
  /** The calendar SEQUENCE of this message: 0 first, then one more for each change. */
  sequence: number;
  /** The customer's language (issue 15); absent: English. */
  language?: Language;
}

export interface BookingCancelledInput extends BookingMailInput {
  /** Who cancelled: the wording differs. */
  cancelledBy?: 'customer' | 'gym';
}

export interface BookingMovedInput extends BookingMailInput {
  /** Where the booking was before the move. */
  previous: { startsAt: Date; endsAt: Date; gymDate: string; gymTime: string };
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

// ---------------------------------------------------------------------------------------------
// Gym time

interface GymParts {
  date: string;
  time: string;
  /** "Tuesday, 24 November 2026" */
  long: string;
}

const gymFormatters = new Map<string, Intl.DateTimeFormat>();
function gymFormatter(timeZone: string): Intl.DateTimeFormat {
  let f = gymFormatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      weekday: 'long',
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    gymFormatters.set(timeZone, f);
  }
  return f;
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** An instant as the gym's wall clock shows it (Intl in GYM_TIMEZONE, English). */
// The same session starts come back with every booking of a class: remembered, a bounded number.
const gymPartsCache = new Map<string, GymParts>();

export function gymParts(instant: Date, timeZone: string): GymParts {
  if (Number.isNaN(instant.getTime())) throw new RangeError('not a valid date');
  const ms = instant.getTime();
  // Whole minutes only (session times): other instants would only push those out.
  if (ms % 60_000 !== 0) return gymPartsOf(instant, timeZone);
  const key = `${timeZone} ${ms}`;
  const hit = gymPartsCache.get(key);
  if (hit) return hit;
  const parts = gymPartsOf(instant, timeZone);
  if (gymPartsCache.size >= 4096) gymPartsCache.clear();
  gymPartsCache.set(key, Object.freeze(parts));
  return parts;
}

function gymPartsOf(instant: Date, timeZone: string): GymParts {
  const p: Record<string, string> = {};
  for (const part of gymFormatter(timeZone).formatToParts(instant)) p[part.type] = part.value;
  const month = String(MONTHS.indexOf(p.month) + 1).padStart(2, '0');
  const day = p.day.padStart(2, '0');
  return {
    date: `${p.year}-${month}-${day}`,
    time: `${p.hour}:${p.minute}`,
    long: `${p.weekday}, ${Number(p.day)} ${p.month} ${p.year}`,
  };
}

/** "Tuesday, 24 November 2026, 08:00 (Krabi time, UTC+7)"-style text of an instant in gym time. */
export function formatGymDateTime(instant: Date, timeZone: string, zoneLabel: string): string {
  const g = gymParts(instant, timeZone);
  return `${g.long}, ${g.time} ${zoneLabel}`;
}

/** The start and end in gym time; the computed start must be the one the caller gave. Dates in `language`. */
function gymWhen(timeZone: string, s: { startsAt: Date; endsAt: Date; gymDate: string; gymTime: string }, language: Language = 'en') {
  let start = gymParts(s.startsAt, timeZone);
  if (start.date !== s.gymDate || start.time !== s.gymTime) {
    throw new Error(
      `booking time disagrees with gym time: ${s.startsAt.toISOString()} is ${start.date} ${start.time} in ${timeZone}, not ${s.gymDate} ${s.gymTime}`,
    );
  }
  if (!(s.endsAt.getTime() > s.startsAt.getTime())) throw new RangeError('endsAt must be after startsAt');
  let end = gymParts(s.endsAt, timeZone);
  if (language !== 'en') {
    start = { ...start, long: longDateIn(language, s.startsAt, timeZone) };
    end = { ...end, long: longDateIn(language, s.endsAt, timeZone) };
  }
  const range = end.date === start.date ? `${start.time}–${end.time}` : `${start.time} – ${end.long}, ${end.time}`;
  return { start, end, line: `${start.long}, ${range}` };
}

// ---------------------------------------------------------------------------------------------
// Blocks, written out as text and as HTML

interface Fact {
  label: string;
  value: string;
  /** The value is a link (http/https only). */
  href?: string;
  /** Shown struck through in HTML (the old time of a moved booking). */
  struck?: boolean;
}

type Block =
  | { kind: 'p'; text: string }
  | { kind: 'facts'; rows: Fact[] }
  | { kind: 'list'; title: string; items: readonly string[] }
  | { kind: 'action'; label: string; href: string }
  | { kind: 'note'; text: string }
  /** The visitor's own words, kept line by line. */
  | { kind: 'quote'; text: string };

const p = (text: string): Block => ({ kind: 'p', text });

function checkedUrl(url: string): string {
  if (!/^https?:\/\/[^\s"'<>]+$/i.test(url)) throw new Error(`not a web link: ${JSON.stringify(url)}`);
  return url;
}

function textOf(blocks: Block[], config: BookingMailConfig, site: string): string {
  const out: string[] = [];
  for (const b of blocks) {
    if (b.kind === 'p' || b.kind === 'note') out.push(b.text);
    else if (b.kind === 'quote')
      out.push(
        b.text
          .replace(/\r\n?/g, '\n')
          .split('\n')
          .map((l) => (l ? `> ${l}` : '>'))
          .join('\n'),
      );
    else if (b.kind === 'facts') {
      const width = Math.max(...b.rows.map((r) => r.label.length)) + 2;
      out.push(b.rows.map((r) => `${`${r.label}:`.padEnd(width)}${r.value}${r.href && r.href !== r.value ? ` <${r.href}>` : ''}`).join('\n'));
    } else if (b.kind === 'list') out.push(`${b.title}\n${b.items.map((i) => `- ${i}`).join('\n')}`);
    else out.push(`${b.label}:\n${b.href}`);
  }
  out.push(`-- \n${config.gym.name}\n${fullAddressOf(config.gym)}\n${site}`);
  return out.join('\n\n') + '\n';
}

const FONT = 'font-family:Arial,Helvetica,sans-serif;';
const e = escapeHtml;

function htmlBlock(b: Block): string {
  switch (b.kind) {
    case 'p':
      return `<p style="margin:0 0 16px;">${e(b.text)}</p>`;
    case 'quote':
      return `<p style="margin:0 0 16px;padding:8px 12px;border-left:3px solid #d4d4d8;white-space:pre-wrap;">${e(b.text)}</p>`;
    case 'note':
      return `<p style="margin:0 0 16px;font-size:14px;color:#52525b;">${e(b.text)}</p>`;
    case 'facts':
      return (
        `<table role="presentation" cellpadding="0" cellspacing="0" width="100%" style="margin:0 0 16px;border-collapse:collapse;">` +
        b.rows
          .map((r) => {
            let value = r.href ? `<a href="${e(r.href)}" style="color:#b91c1c;">${e(r.value)}</a>` : e(r.value);
            if (r.struck) value = `<s>${value}</s>`;
            return `<tr><td valign="top" style="padding:6px 12px 6px 0;font-weight:bold;white-space:nowrap;width:90px;">${e(r.label)}</td><td valign="top" style="padding:6px 0;">${value}</td></tr>`;
          })
          .join('') +
        `</table>`
      );
    case 'list':
      return `<p style="margin:0 0 8px;font-weight:bold;">${e(b.title)}</p><ul style="margin:0 0 16px;padding-left:20px;">${b.items.map((i) => `<li style="margin:0 0 4px;">${e(i)}</li>`).join('')}</ul>`;
    case 'action':
      return (
        `<table role="presentation" cellpadding="0" cellspacing="0" style="margin:0 0 16px;"><tr>` +
        `<td style="background:#b91c1c;border-radius:6px;"><a href="${e(b.href)}" style="display:inline-block;padding:12px 20px;color:#ffffff;font-weight:bold;text-decoration:none;">${e(b.label)}</a></td>` +
        `</tr></table>` +
        `<p style="margin:0 0 16px;font-size:13px;color:#52525b;word-break:break-all;">${e(b.href)}</p>`
      );
  }
}

function htmlOf(title: string, blocks: Block[], config: BookingMailConfig, site: string, language: Language): string {
  return (
    `<!DOCTYPE html><html lang="${LANGUAGE_TAGS[language]}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${e(title)}</title></head>` +
    `<body style="margin:0;padding:0;background:#f4f4f5;">` +
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f4f4f5;"><tr><td align="center" style="padding:24px 12px;">` +
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px;background:#ffffff;${FONT}font-size:16px;line-height:1.5;color:#18181b;">` +
    `<tr><td style="background:#18181b;color:#ffffff;padding:16px 24px;font-size:18px;font-weight:bold;">${e(config.gym.name)}</td></tr>` +
    `<tr><td style="padding:24px;">${blocks.map(htmlBlock).join('')}</td></tr>` +
    `<tr><td style="padding:16px 24px;border-top:1px solid #e4e4e7;font-size:13px;color:#71717a;">${e(config.gym.name)} · ${e(fullAddressOf(config.gym))}<br><a href="${e(site)}" style="color:#71717a;">${e(site)}</a></td></tr>` +
    `</table></td></tr></table></body></html>`
  );
}

// ---------------------------------------------------------------------------------------------
// Shared pieces

/** Marks the e-mails as sent by a program: no vacation auto-replies back (RFC 3834). */
const AUTO_HEADERS = { 'Auto-Submitted': 'auto-generated' };

function placeFacts(gym: BookingMailGym, m: MailMessages): Fact[] {
  const map = googleMapsUrlOf(gym);
  return [
    { label: m.labelWhere, value: `${gym.name}, ${fullAddressOf(gym)}` },
    { label: m.labelMap, value: m.openMap, href: map },
  ];
}

function changeBlocks(config: BookingMailConfig, manageUrl: string | null, m: MailMessages): Block[] {
  if (manageUrl) return [{ kind: 'action', label: m.changeOrCancel, href: checkedUrl(manageUrl) }];
  return [p(m.changeByMessage(Boolean(config.notifyEmail), config.gym.whatsapp))];
}

/** The customer's words, the gym's zone named in them, and the site's address in their language. */
function speech(config: BookingMailConfig, b: BookingMailInput) {
  const m = mailMessages(b.language);
  return {
    m,
    zone: m.zone(b.zoneLabel, formatUtcOffset(zoneOffsetMs(b.startsAt, config.timezone))),
    language: isLanguage(b.language) ? b.language : DEFAULT_LANGUAGE,
  };
}

function calendarOf(gym: BookingMailGym, b: BookingMailInput, method: 'REQUEST' | 'CANCEL', when: string) {
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

function mail(
  config: BookingMailConfig,
  to: string,
  subject: string,
  blocks: Block[],
  extra: Partial<OutgoingMail> & { reservationId: number },
  language: Language = 'en',
): OutgoingMail {
  const site = languageBase(config.publicUrl, language);
  return {
    to,
    subject,
    text: textOf(blocks, config, site),
    html: htmlOf(subject, blocks, config, site, language),
    replyTo: config.notifyEmail ?? null,
    headers: AUTO_HEADERS,
    ...extra,
  };
}

const laterSequence = (b: BookingMailInput, what: string) => {
  if (!Number.isInteger(b.sequence) || b.sequence < 1) throw new RangeError(`${what}: sequence must be higher than the confirmation's (0)`);
};

// ---------------------------------------------------------------------------------------------
// The e-mails

/** To the customer: the booking is made. Carries the event (METHOD:REQUEST, the given SEQUENCE). */
export function bookingConfirmationMail(config: BookingMailConfig, b: BookingMailInput): OutgoingMail {
  const { m, zone, language } = speech(config, b);
  const when = gymWhen(config.timezone, b, language);
  const blocks: Block[] = [
    p(m.hello(b.name)),
    p(m.booked(config.gym.name)),
    {
      kind: 'facts',
      rows: [
        { label: m.labelClass, value: b.course },
        { label: m.labelWhen, value: `${when.line} ${zone}` },
        ...placeFacts(config.gym, m),
        { label: m.labelBooking, value: `#${b.reservationId}` },
      ],
    },
    { kind: 'list', title: m.whatToBring, items: m.whatToBringItems },
    p(m.arriveEarly),
    ...changeBlocks(config, b.manageUrl, m),
    { kind: 'note', text: m.confirmationNote },
  ];
  return mail(
    config,
    b.to,
    m.confirmationSubject(b.course, when.start.long, when.start.time),
    blocks,
    { reservationId: b.reservationId, calendar: calendarOf(config.gym, b, 'REQUEST', `${when.line} ${zone}`) },
    language,
  );
}

/** The confirmation's subject alone (checks, like the e-mail, that the times agree with gym time). */
export const bookingConfirmationSubject = (config: BookingMailConfig, b: BookingMailInput): string => {
  const { start } = gymWhen(config.timezone, b, b.language);
  return mailMessages(b.language).confirmationSubject(b.course, start.long, start.time);
};

/** To the customer: the booking is cancelled. Same UID, METHOD:CANCEL, a higher SEQUENCE. */
export function bookingCancelledMail(config: BookingMailConfig, b: BookingCancelledInput): OutgoingMail {
  laterSequence(b, 'bookingCancelledMail');
  const { m, zone, language } = speech(config, b);
  const when = gymWhen(config.timezone, b, language);
  const why = b.cancelledBy === 'gym' ? m.cancelledByGym(config.gym.name) : m.cancelledByCustomer;
  const blocks: Block[] = [
    p(m.hello(b.name)),
    p(why),
    {
      kind: 'facts',
      rows: [
        { label: m.labelClass, value: b.course },
        { label: m.labelWhen, value: `${when.line} ${zone}`, struck: true },
        ...placeFacts(config.gym, m),
        { label: m.labelBooking, value: `#${b.reservationId}` },
      ],
    },
    p(m.bookAgain(`${languageBase(config.publicUrl, language)}/booking`)),
    { kind: 'note', text: m.cancelledNote },
  ];
  const subject = m.cancelledSubject(b.course, when.start.long, when.start.time);
  return mail(
    config,
    b.to,
    subject,
    blocks,
    { reservationId: b.reservationId, calendar: calendarOf(config.gym, b, 'CANCEL', `${when.line} ${zone}`) },
    language,
  );
}

/** To the customer: the booking has a new time. Same UID, METHOD:REQUEST, a higher SEQUENCE. */
export function bookingMovedMail(config: BookingMailConfig, b: BookingMovedInput): OutgoingMail {
  laterSequence(b, 'bookingMovedMail');
  const { m, zone, language } = speech(config, b);
  const when = gymWhen(config.timezone, b, language);
  const before = gymWhen(config.timezone, b.previous, language);
  const wasZone = m.zone(b.zoneLabel, formatUtcOffset(zoneOffsetMs(b.previous.startsAt, config.timezone)));
  const blocks: Block[] = [
    p(m.hello(b.name)),
    p(m.moved),
    {
      kind: 'facts',
      rows: [
        { label: m.labelClass, value: b.course },
        { label: m.labelNewTime, value: `${when.line} ${zone}` },
        { label: m.labelWas, value: `${before.line} ${language === 'en' ? zone : wasZone}`, struck: true },
        ...placeFacts(config.gym, m),
        { label: m.labelBooking, value: `#${b.reservationId}` },
      ],
    },
    { kind: 'list', title: m.whatToBring, items: m.whatToBringItems },
    ...changeBlocks(config, b.manageUrl, m),
    { kind: 'note', text: m.movedNote },
  ];
  const subject = m.movedSubject(b.course, when.start.long, when.start.time);
  return mail(
    config,
    b.to,
    subject,
    blocks,
    { reservationId: b.reservationId, calendar: calendarOf(config.gym, b, 'REQUEST', `${when.line} ${zone}`) },
    language,
  );
}

/**
 * To the customer, REMINDER_LEAD_HOURS before the session. No calendar part: the event is
 * already in the calendar, and the same SEQUENCE again would change nothing.
 */
export function bookingReminderMail(config: BookingMailConfig, b: BookingMailInput): OutgoingMail {
  const { m, zone, language } = speech(config, b);
  const when = gymWhen(config.timezone, b, language);
  const blocks: Block[] = [
    p(m.hello(b.name)),
    p(m.reminderIntro(config.gym.name)),
    {
      kind: 'facts',
      rows: [
        { label: m.labelClass, value: b.course },
        { label: m.labelWhen, value: `${when.line} ${zone}` },
        ...placeFacts(config.gym, m),
        { label: m.labelBooking, value: `#${b.reservationId}` },
      ],
    },
    { kind: 'list', title: m.whatToBring, items: m.whatToBringItems },
    p(m.arriveEarly),
    ...changeBlocks(config, b.manageUrl, m),
  ];
  const subject = m.reminderSubject(b.course, when.start.long, when.start.time);
  return mail(config, b.to, subject, blocks, { reservationId: b.reservationId }, language);
}

/** To the gym (GYM_NOTIFY_EMAIL): a new booking, in gym time; replies go to the customer. */
export function bookingStaffNotificationMail(config: BookingMailConfig, to: string, r: BookingStaffNoticeInput): OutgoingMail {
  const when = gymWhen(config.timezone, { ...r, endsAt: r.endsAt ?? new Date(r.startsAt.getTime() + 1) });
  const whenText = r.endsAt ? `${when.line} ${r.zoneLabel}` : `${when.start.long}, ${when.start.time} ${r.zoneLabel}`;
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
  const subject = `New booking: ${r.name} — ${r.course}, ${when.start.long} at ${when.start.time}`;
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
  const whenText = r.endsAt ? `${when.line} ${r.zoneLabel}` : `${when.start.long}, ${when.start.time} ${r.zoneLabel}`;
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
        ...(was ? [{ label: 'Was', value: `${was.start.long}, ${was.start.time} ${r.zoneLabel}`, struck: true }] : []),
        { label: 'Booking', value: `#${r.reservationId}` },
      ],
    },
    { kind: 'action', label: 'Open the reservations', href: `${config.publicUrl}/admin/reservations` },
  ];
  const verb = r.change === 'cancelled' ? 'Booking cancelled' : 'Booking moved';
  const subject = `${verb}: ${r.name} — ${r.course}, ${when.start.long} at ${when.start.time}`;
  return mail(config, to, subject, blocks, { reservationId: r.reservationId, replyTo: r.email });
}
