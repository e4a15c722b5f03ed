import { describe, expect, it } from 'vitest';
import { parseCalendar } from '../../../../tests/helpers/calendar';
import { DEFAULT_SITE_SETTINGS } from '../../../shared/site-settings-data';
import { fullAddress, googleMapsUrl, SITE, WHAT_TO_BRING } from '../../../shared/site';
import { escapeHtml } from '../../lib/escape-html';
import { bookingCancelledMail, bookingConfirmationMail, bookingMovedMail, bookingReminderMail, type BookingMailInput } from './booking-mails';
import { bookingStaffNotificationMail } from './booking-staff-mails';
import { clockTime, longGymDate } from '../../../shared/gym-time';
import { LANGUAGE_TAGS, LANGUAGES } from '../../../shared/i18n/languages';
import type { MailCalendarPart, OutgoingMail } from '../outgoing-mail';
import { mailFromAddress } from '../mail-address';
import { calendarText, reservationUid } from './calendar';
import { outboxRow } from '../delivery/mail-queue';
import { fullDateTimeIn, mailMessages } from './i18n';

const config = {
  publicUrl: 'https://gym.test',
  timezone: 'Asia/Bangkok',
  mailFrom: 'Tiger Coast <bookings@gym.test>',
  notifyEmail: 'desk@gym.test',
  gym: DEFAULT_SITE_SETTINGS,
};
/** The .ics text of an e-mail's calendar part, made as the outbox makes it when sending. */
const icsOf = (m: OutgoingMail) => calendarText(config, m.calendar!);
const HOSTILE = `<script>alert("x")</script> & O'Brien "Ana"\r\nBEGIN:VALARM`;

// 08:00 in Krabi (UTC+7) is 01:00 UTC.
const booking: BookingMailInput = {
  to: 'ana@example.com',
  name: 'Ana Lima',
  reservationId: 41,
  course: 'Muay Thai Beginner',
  startsAt: new Date('2026-11-24T01:00:00.000Z'),
  endsAt: new Date('2026-11-24T02:00:00.000Z'),
  gymDate: '2026-11-24',
  gymTime: '08:00',
  zoneLabel: 'Krabi time (UTC+7)',
  manageUrl: 'https://gym.test/booking/manage/Zm9vYmFyYmF6cXV4cXV1eA',
  sequence: 0,
};

describe('gym time in e-mails', () => {
  it("writes an instant's date on the gym wall clock, in English", () => {
    expect(longGymDate(booking.startsAt, 'Asia/Bangkok')).toBe('Tuesday, 24 November 2026');
    // 17:05 UTC is already the next day in Krabi.
    expect(longGymDate(new Date('2026-03-01T17:05:00Z'), 'Asia/Bangkok')).toBe('Monday, 2 March 2026');
  });

  it('writes class times as the public site does in each language: "8:00 AM" in English', () => {
    const m = bookingConfirmationMail(config, booking);
    expect(m.subject).toBe('Booking confirmed: Muay Thai Beginner on Tuesday, 24 November 2026 at 8:00 AM');
    expect(m.text).toContain('Tuesday, 24 November 2026, 8:00 AM – 9:00 AM Krabi time (UTC+7)');
    expect(m.text).not.toContain('08:00');
    const staff = bookingStaffNotificationMail(config, 'desk@gym.test', { ...booking, email: booking.to, phone: null, message: null });
    expect(staff.subject).toContain('at 8:00 AM');
    for (const language of LANGUAGES.filter((l) => l !== 'en')) {
      // The site's pages write a time with clockTime in the page's locale (src/web/lib/timetable.ts).
      const [start, end] = [clockTime('08:00', LANGUAGE_TAGS[language]), clockTime('09:00', LANGUAGE_TAGS[language])];
      const mail = bookingConfirmationMail(config, { ...booking, language });
      expect(mail.text).toContain(`${start} – ${end}`);
      expect(mail.subject).toContain(start);
    }
  });

  it('refuses a gym date or time that disagrees with the instant', () => {
    expect(() => bookingConfirmationMail(config, { ...booking, gymTime: '01:00' })).toThrow(/disagrees with gym time/);
    expect(() => bookingConfirmationMail(config, { ...booking, gymDate: '2026-11-23' })).toThrow(/disagrees with gym time/);
    expect(() => bookingConfirmationMail(config, { ...booking, endsAt: booking.startsAt })).toThrow(/endsAt/);
  });
});

describe('booking confirmation', () => {
  const mail = bookingConfirmationMail(config, booking);

  it('text and HTML both name the class, the gym-time date and time with the zone, the address, the map link and what to bring', () => {
    const html = mail.html!;
    for (const body of [mail.text, html]) {
      expect(body).toContain('Muay Thai Beginner');
      expect(body).toContain('Tuesday, 24 November 2026, 8:00 AM – 9:00 AM Krabi time (UTC+7)');
      expect(body).toContain('#41');
    }
    expect(mail.text).toContain(fullAddress());
    expect(html).toContain(escapeHtml(fullAddress()));
    expect(mail.text).toContain(googleMapsUrl());
    expect(html).toContain(`href="${escapeHtml(googleMapsUrl())}"`);
    expect(googleMapsUrl()).toBe(`https://www.google.com/maps/search/?api=1&query=${SITE.geo.latitude}%2C${SITE.geo.longitude}`);
    for (const item of WHAT_TO_BRING) {
      expect(mail.text).toContain(`- ${item}`);
      expect(html).toContain(`<li style="margin:0 0 4px;">${escapeHtml(item)}</li>`);
    }
    expect(mail.text).toContain(`Change or cancel your booking:\n${booking.manageUrl}`);
    expect(html).toContain(`href="${booking.manageUrl}"`);
    expect(mail.subject).toBe('Booking confirmed: Muay Thai Beginner on Tuesday, 24 November 2026 at 8:00 AM');
    expect(mail.to).toBe('ana@example.com');
    expect(mail.replyTo).toBe('desk@gym.test');
    expect(mail.headers).toEqual({ 'Auto-Submitted': 'auto-generated' });
  });

  it('is a whole HTML document laid out with tables and inline styles, no stylesheet or script', () => {
    const html = mail.html!;
    expect(html).toMatch(/^<!DOCTYPE html><html lang="en">/);
    expect(html).toContain('<table role="presentation"');
    expect(html).not.toMatch(/<style|<script|<link/i);
    expect(html).not.toMatch(/\sclass=/);
  });

  it('carries a calendar event: stable UID, the session instants in UTC, SEQUENCE, METHOD:REQUEST, organizer and attendee', () => {
    expect(mail.calendar?.method).toBe('REQUEST');
    expect(mail.calendar?.filename).toBe('booking.ics');
    const ev = parseCalendar(icsOf(mail));
    expect(ev.events).toBe(1);
    expect(ev.method).toBe('REQUEST');
    expect(ev.uid).toBe('reservation-41@gym.test');
    expect(ev.uid).toBe(reservationUid(config, 41));
    expect(ev.sequence).toBe(0);
    expect(ev.start.toISOString()).toBe('2026-11-24T01:00:00.000Z');
    expect(ev.end.getTime() - ev.start.getTime()).toBe(60 * 60_000);
    expect(ev.startIsUtc).toBe(true);
    expect(icsOf(mail)).toMatch(/^DTSTART:20261124T010000Z\r$/m);
    expect(icsOf(mail)).toMatch(/^DTEND:20261124T020000Z\r$/m);
    expect(ev.status).toBe('CONFIRMED');
    expect(ev.summary).toContain('Muay Thai Beginner');
    expect(ev.location).toBe(`${SITE.name}, ${fullAddress()}`);
    expect(ev.description).toContain(`Change or cancel: ${booking.manageUrl}`);
    expect(ev.organizer.toLowerCase()).toBe('mailto:bookings@gym.test');
    expect(ev.attendees).toEqual([{ value: 'mailto:ana@example.com', cn: 'Ana Lima', rsvp: 'FALSE' }]);
    // The same booking always gets the same UID.
    expect(parseCalendar(icsOf(bookingConfirmationMail(config, { ...booking, sequence: 3 }))).uid).toBe(ev.uid);
  });

  it('still carries its calendar when the calendar library refuses the link as a URL (a local PUBLIC_URL with port 0)', () => {
    const local = { ...config, publicUrl: 'http://localhost:0' };
    const m = bookingConfirmationMail(local, { ...booking, manageUrl: 'http://localhost:0/booking/manage/Zm9vYmFyYmF6cXV4cXV1eA' });
    const ev = parseCalendar(icsOf(m));
    expect(ev.start.toISOString()).toBe('2026-11-24T01:00:00.000Z');
    // The link is still in the event's description and in the e-mail.
    expect(ev.description).toContain('http://localhost:0/booking/manage/Zm9vYmFyYmF6cXV4cXV1eA');
    expect(m.text).toContain('http://localhost:0/booking/manage/Zm9vYmFyYmF6cXV4cXV1eA');
  });

  it('escapes a hostile name in the HTML and keeps it out of the calendar structure', () => {
    const m = bookingConfirmationMail(config, { ...booking, name: HOSTILE });
    expect(m.html).not.toContain('<script>');
    expect(m.html).toContain(`Hello ${escapeHtml(HOSTILE)},`);
    expect(m.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; O&#39;Brien');
    expect(m.text).toContain(`Hello ${HOSTILE},`);
    const ev = parseCalendar(icsOf(m));
    // Still one event with one attendee and no alarm smuggled in; the name is a single parameter.
    expect(ev.events).toBe(1);
    expect(ev.alarms).toBe(0);
    expect(ev.attendees).toHaveLength(1);
    expect(ev.attendees[0].value).toBe('mailto:ana@example.com');
    expect(ev.attendees[0].cn).toBe(`<script>alert( x )</script> & O'Brien Ana BEGIN:VALARM`);
  });

  it('without a manage link, says how to change the booking instead', () => {
    const m = bookingConfirmationMail(config, { ...booking, manageUrl: null });
    expect(m.text).toContain(`reply to this e-mail, or message us on WhatsApp at ${SITE.whatsapp}`);
    expect(m.text).not.toContain('/booking/manage/');
    expect(parseCalendar(icsOf(m)).description).not.toContain('/booking/manage/');
  });

  it('refuses a manage link that is not a web address', () => {
    expect(() => bookingConfirmationMail(config, { ...booking, manageUrl: 'javascript:alert(1)' })).toThrow(/not a web link/);
  });
});

describe('cancellation, moved booking, reminder', () => {
  const confirmation = parseCalendar(icsOf(bookingConfirmationMail(config, booking)));

  it('a cancellation sends METHOD:CANCEL, STATUS:CANCELLED, the same UID and a higher SEQUENCE', () => {
    const m = bookingCancelledMail(config, { ...booking, sequence: 1 });
    expect(m.calendar?.method).toBe('CANCEL');
    const ev = parseCalendar(icsOf(m));
    expect(ev.method).toBe('CANCEL');
    expect(ev.status).toBe('CANCELLED');
    expect(ev.uid).toBe(confirmation.uid);
    expect(ev.sequence).toBeGreaterThan(confirmation.sequence);
    expect(ev.start.getTime()).toBe(confirmation.start.getTime());
    expect(m.subject).toBe('Booking cancelled: Muay Thai Beginner on Tuesday, 24 November 2026 at 8:00 AM');
    for (const body of [m.text, m.html!]) {
      expect(body).toContain('Tuesday, 24 November 2026, 8:00 AM – 9:00 AM Krabi time (UTC+7)');
      expect(body).toContain('Muay Thai Beginner');
    }
    expect(m.text).toContain('as you asked');
    expect(bookingCancelledMail(config, { ...booking, sequence: 1, cancelledBy: 'gym' }).text).toContain('had to cancel your booking');
    expect(() => bookingCancelledMail(config, { ...booking, sequence: 0 })).toThrow(/sequence/);
  });

  it('a moved booking keeps the UID, raises the SEQUENCE and carries the new times; both times are shown', () => {
    const moved = {
      ...booking,
      startsAt: new Date('2026-11-25T07:00:00.000Z'),
      endsAt: new Date('2026-11-25T08:00:00.000Z'),
      gymDate: '2026-11-25',
      gymTime: '14:00',
      sequence: 1,
      previous: { startsAt: booking.startsAt, endsAt: booking.endsAt, gymDate: booking.gymDate, gymTime: booking.gymTime },
    };
    const m = bookingMovedMail(config, moved);
    const ev = parseCalendar(icsOf(m));
    expect(ev.method).toBe('REQUEST');
    expect(ev.uid).toBe(confirmation.uid);
    expect(ev.sequence).toBe(1);
    expect(ev.start.toISOString()).toBe('2026-11-25T07:00:00.000Z');
    expect(ev.end.toISOString()).toBe('2026-11-25T08:00:00.000Z');
    for (const body of [m.text, m.html!]) {
      expect(body).toContain('Wednesday, 25 November 2026, 2:00 PM – 3:00 PM Krabi time (UTC+7)');
      expect(body).toContain('Tuesday, 24 November 2026, 8:00 AM – 9:00 AM Krabi time (UTC+7)');
    }
    expect(m.subject).toBe('Booking moved: Muay Thai Beginner, now Wednesday, 25 November 2026 at 2:00 PM');
    expect(() => bookingMovedMail(config, { ...moved, sequence: 0 })).toThrow(/sequence/);
    expect(() => bookingMovedMail(config, { ...moved, previous: { ...moved.previous, gymTime: '09:00' } })).toThrow(/disagrees/);
  });

  it('a reminder starts its subject with "Reminder:" and names the session in gym time, with no calendar part', () => {
    const m = bookingReminderMail(config, booking);
    expect(m.subject).toBe('Reminder: Muay Thai Beginner on Tuesday, 24 November 2026 at 8:00 AM');
    expect(m.calendar).toBeUndefined();
    for (const body of [m.text, m.html!]) {
      expect(body).toContain('Tuesday, 24 November 2026, 8:00 AM – 9:00 AM Krabi time (UTC+7)');
      expect(body).toContain('Google Maps');
    }
    expect(m.text).toContain(fullAddress());
    expect(m.text).toContain(booking.manageUrl!);
  });
});

describe('staff notification', () => {
  it('shows the booking in gym time, escapes the visitor text in HTML and replies to the customer', () => {
    const m = bookingStaffNotificationMail(config, 'desk@gym.test', {
      reservationId: 41,
      name: HOSTILE,
      email: 'ana@example.com',
      phone: '+33 6 12 34 56 78',
      course: 'Muay Thai Beginner',
      startsAt: booking.startsAt,
      endsAt: booking.endsAt,
      gymDate: '2026-11-24',
      gymTime: '08:00',
      zoneLabel: 'Krabi time (UTC+7)',
      message: 'First class <img src=x onerror=alert(1)>\nsecond line',
    });
    expect(m.to).toBe('desk@gym.test');
    expect(m.replyTo).toBe('ana@example.com');
    expect(m.calendar).toBeUndefined();
    expect(m.text).toContain('Tuesday, 24 November 2026, 8:00 AM – 9:00 AM Krabi time (UTC+7)');
    expect(m.html).toContain('Tuesday, 24 November 2026, 8:00 AM – 9:00 AM Krabi time (UTC+7)');
    expect(m.text).toContain('> First class <img src=x onerror=alert(1)>\n> second line');
    expect(m.html).not.toMatch(/<img|<script/);
    expect(m.html).toContain('First class &lt;img src=x onerror=alert(1)&gt;\nsecond line');
    expect(m.text).toContain('https://gym.test/admin/reservations');
  });
});

describe('outbox row of a mail with parts', () => {
  it('stores the calendar part, attachments and headers as JSON', () => {
    const m = bookingConfirmationMail(config, booking);
    const row = outboxRow(config, {
      ...m,
      attachments: [{ filename: 'a"b/../c.txt', content: 'aGk=', encoding: 'base64', contentType: 'text/plain\r\nX-Evil: 1' }],
    });
    expect(JSON.parse(row.calendar!)).toEqual({ method: 'REQUEST', event: m.calendar!.event, filename: 'booking.ics' });
    expect(calendarText(config, JSON.parse(row.calendar!) as MailCalendarPart)).toBe(icsOf(m));
    expect(JSON.parse(row.headers!)).toEqual({ 'Auto-Submitted': 'auto-generated' });
    expect(JSON.parse(row.attachments!)).toEqual([{ filename: 'a_b_.._c.txt', content: 'aGk=', encoding: 'base64', contentType: 'text/plain X-Evil: 1' }]);
    const plain = outboxRow(config, { to: 'a@example.com', subject: 's', text: 't' });
    expect([plain.calendar, plain.attachments, plain.headers]).toEqual([null, null, null]);
  });

  it('refuses headers the outbox sets itself, and header values on several lines become one', () => {
    const base = { to: 'a@example.com', subject: 's', text: 't' };
    for (const name of ['Bcc', 'from', 'Message-ID', 'Content-Type', 'X-Bad:Name', 'X Bad']) {
      expect(() => outboxRow(config, { ...base, headers: { [name]: 'x' } })).toThrow(/cannot be set/);
    }
    const row = outboxRow(config, { ...base, headers: { 'In-Reply-To': '<a@gym.test>\r\nBcc: evil@example.com', References: '<a@gym.test> <b@gym.test>' } });
    expect(JSON.parse(row.headers!)).toEqual({ 'In-Reply-To': '<a@gym.test> Bcc: evil@example.com', References: '<a@gym.test> <b@gym.test>' });
  });

  it('refuses a calendar part that is not a VCALENDAR', () => {
    expect(() => outboxRow(config, { to: 'a@example.com', subject: 's', text: 't', calendar: { method: 'REQUEST', content: 'hello' } })).toThrow(/VCALENDAR/);
  });
});

describe('addresses the calendar library refuses', () => {
  it('leave that person out of the event, never the e-mail without its calendar', () => {
    const oddConfig = { ...config, mailFrom: 'bookings' };
    const odd = bookingConfirmationMail(oddConfig, { ...booking, to: 'ünï@exämple.com' });
    const ev = parseCalendar(calendarText(oddConfig, odd.calendar!));
    expect(ev.uid).toBe('reservation-41@gym.test');
    expect(ev.attendees).toEqual([]);
    expect(ev.organizer).toBe('null');
    const oddAttendee = parseCalendar(icsOf(bookingConfirmationMail(config, { ...booking, to: 'ünï@exämple.com' })));
    expect(oddAttendee.organizer.toLowerCase()).toBe('mailto:bookings@gym.test');
    expect(oddAttendee.attendees).toEqual([]);
  });
});

describe('MAIL_FROM as the organizer', () => {
  it('takes the address out of a display-name form', () => {
    expect(mailFromAddress('Gym <no-reply@localhost>')).toBe('no-reply@localhost');
    expect(mailFromAddress('bookings@gym.test')).toBe('bookings@gym.test');
  });
});

describe('the cancel rule in every booking e-mail (issue 34 §5), in every language', () => {
  // Tuesday 5 March 2030 at 08:00 in Krabi; the deadline 12 hours before.
  const later: BookingMailInput = {
    ...booking,
    startsAt: new Date('2030-03-05T01:00:00.000Z'),
    endsAt: new Date('2030-03-05T02:00:00.000Z'),
    gymDate: '2030-03-05',
    gymTime: '08:00',
  };
  const deadline = new Date('2030-03-04T13:00:00.000Z');
  const moved = (b: BookingMailInput) => ({
    ...b,
    sequence: 1,
    previous: { startsAt: booking.startsAt, endsAt: booking.endsAt, gymDate: booking.gymDate, gymTime: booking.gymTime },
  });

  for (const language of LANGUAGES) {
    it(`${language}: the confirmation, the moved booking and the reminder state the deadline; with a pass, what a late cancel does to the credit`, () => {
      const m = mailMessages(language);
      const when = fullDateTimeIn(language, deadline, config.timezone);
      const plain = { ...later, language, cancelRule: { deadline: deadline.toISOString(), credit: false } };
      const paid = { ...plain, cancelRule: { deadline: deadline.toISOString(), credit: true } };
      for (const mail of [bookingConfirmationMail(config, plain), bookingMovedMail(config, moved(plain)), bookingReminderMail(config, plain)]) {
        expect(mail.text).toContain(m.cancelRule(when));
        expect(mail.text).not.toContain(m.passCancelRule(when));
      }
      for (const mail of [bookingMovedMail(config, moved(paid)), bookingReminderMail(config, paid)]) {
        expect(mail.text).toContain(m.passCancelRule(when));
        expect(mail.html).toContain(escapeHtml(m.passCancelRule(when)));
      }
    });
  }

  it('a deadline already past is not offered as one to keep; an e-mail without the rule is as before', () => {
    const past = { ...booking, cancelRule: { deadline: '2026-01-01T00:00:00.000Z', credit: false } };
    expect(bookingReminderMail(config, past).text).toBe(bookingReminderMail(config, booking).text);
    const en = mailMessages('en');
    expect(en.cancelRule('X')).not.toBe(mailMessages('fr').cancelRule('X'));
  });
});
