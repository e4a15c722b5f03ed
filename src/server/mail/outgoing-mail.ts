// The e-mail as the outbox keeps it (OutgoingMail) and the facts a deferred template writes it
// from: plain types, apart from the templates that make them and from the app's context that
// carries the queue, so neither imports the other back (issue 49: no circle of imports).
import type { Language } from '../../shared/i18n/languages';
import type { SiteSettings } from '../../shared/schemas/site-settings';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html?: string | null;
  replyTo?: string | null;
  /**
   * An iCalendar object sent the way calendar clients expect an invitation: a text/calendar
   * alternative with its METHOD, and the same file attached (nodemailer's icalEvent).
   */
  calendar?: MailCalendarPart | null;
  /** Files attached to the e-mail; their content travels in the outbox row. */
  attachments?: MailAttachment[] | null;
  /**
   * Extra header lines (In-Reply-To, References, List-Unsubscribe, X-...). Names that the
   * outbox sets itself (From, To, Subject, Message-ID, Reply-To, Content-*, ...) are refused.
   */
  headers?: Record<string, string> | null;
  /** The booking the e-mail is about: its queued e-mails go when it is deleted or erased. */
  reservationId?: number | null;
  /**
   * Written when sent: the template and its facts. Subject and recipient are set now; the text,
   * HTML and calendar part are made by the outbox (mail/templates/deferred-mail.ts), and `text` stays empty.
   */
  template?: DeferredMail | null;
  /** A Message-ID chosen by the caller (newMessageId), stored to thread later replies; else a fresh one. */
  messageId?: string | null;
}

/**
 * An iCalendar part: its text, or (bookings) the event it describes, made into text by the
 * outbox when the e-mail is sent (mail/templates/calendar.ts, calendarText), off the request's path.
 */
export type MailCalendarPart = {
  /** iTIP method; also written in the VCALENDAR's METHOD line. */
  method: 'PUBLISH' | 'REQUEST' | 'CANCEL';
  /** Name of the attached copy; invite.ics when unset. */
  filename?: string;
} & ({ content: string; event?: undefined } | { event: BookingCalendarEventData; content?: undefined });

export interface MailAttachment {
  filename: string;
  /** Text, or base64 when `encoding` says so (binary files). */
  content: string;
  encoding?: 'base64';
  /** e.g. 'text/calendar; method=CANCEL', 'application/pdf'. */
  contentType: string;
  /** Shown inside the HTML (`<img src="cid:...">`) rather than as a file to open. */
  cid?: string;
}

export interface BookingCalendarEvent {
  reservationId: number;
  /** REQUEST: the booking as it now stands (new or moved); CANCEL: the booking is gone. */
  method: 'REQUEST' | 'CANCEL';
  /** 0 for the first confirmation; each later message about the booking goes higher. */
  sequence: number;
  startsAt: Date;
  endsAt: Date;
  summary: string;
  description: string;
  location: string;
  geo?: { lat: number; lon: number };
  url?: string | null;
  /** The customer; named in the event as its only attendee. */
  attendee: { name: string; email: string };
  /** The gym; its address is MAIL_FROM's. */
  organizerName: string;
}

/** A booking event as the outbox row keeps it until the e-mail is sent (instants as ISO text). */
export type BookingCalendarEventData = Omit<BookingCalendarEvent, 'startsAt' | 'endsAt'> & { startsAt: string; endsAt: string };

export type BookingMailGym = Pick<SiteSettings, 'name' | 'whatsapp' | 'geo' | 'address'> & Partial<Pick<SiteSettings, 'email'>>;
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
  /** The pass that paid for the booking: its name, sessions left (null: unlimited), and the last instant (ISO) a cancel gives the credit back. */
  pass?: { name: string; creditsLeft: number | null; deadline: string };
  /** The cancel rule (Paramètres' cancelHours, issue 34 §5): the deadline (ISO) and whether a pass credit is at stake. */
  cancelRule?: { deadline: string; credit: boolean };
  /** A request by appointment with no trainer behind it: the e-mail says it was received, not booked (issue 46). */
  request?: boolean;
}

export type Json<T> = { [K in keyof T]: T[K] extends Date ? string : T[K] };

/** `gym`: the gym's facts when the booking was made (rows queued before site settings have none: the seed). */
export type DeferredMail = { name: 'booking-confirmation'; data: Json<BookingMailInput>; gym?: BookingMailGym };
