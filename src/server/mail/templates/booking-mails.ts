import { formatUtcOffset, zoneOffsetMs } from '../../../shared/gym-time';
import type { OutgoingMail } from '../outgoing-mail';
import {
  calendarOf,
  cancelRuleBlocks,
  changeBlocks,
  gymWhen,
  laterSequence,
  placeFacts,
  speech,
  type BookingCancelledInput,
  type BookingMailConfig,
  type BookingMailInput,
  type BookingMovedInput,
} from './booking-mail-parts';
import { mergedCalendar } from './calendar';
import { fullDateTimeIn, languageBase, mailMessages } from './i18n';
import { checkedUrl, p, type Block } from './mail-layout';
import { customerMail } from './me-mails';

// The e-mails to the customer about a booking: confirmation, cancellation, moved booking and
// reminder. Every time is gym time (GYM_TIMEZONE) with the zone named; the calendar part
// carries the same instants in UTC. Inputs are computed by the booking flow (the booking's facts,
// reservations/booking-facts.ts): these functions only check that they agree and write the e-mails.
//
// Mails to the customer carry no free text from the booking form except the name (DESIGN §5:
// no visitor's text goes to an address nobody has confirmed); the message goes to the gym only.

export { bookingMailGym } from './booking-mail-parts';
export type { BookingCancelledInput, BookingMailConfig, BookingMailInput, BookingMovedInput, BookingStaffNoticeInput } from './booking-mail-parts';

// ---------------------------------------------------------------------------------------------
// The e-mails

/** To the customer: the booking is made. Carries the event (METHOD:REQUEST, the given SEQUENCE). */
export function bookingConfirmationMail(config: BookingMailConfig, b: BookingMailInput): OutgoingMail {
  if (b.request) return requestReceivedMail(config, b);
  const { m, zone, language } = speech(config, b);
  const when = gymWhen(config.timezone, b, language);
  const blocks: Block[] = [
    p(m.hello(b.name)),
    p(m.booked(config.gym.name)),
    ...sessionBlocks(config, b, m, `${when.line} ${zone}`),
    ...(b.pass
      ? [p(m.passUsed(b.pass.name, b.pass.creditsLeft)), p(m.passCancelRule(fullDateTimeIn(language, new Date(b.pass.deadline), config.timezone)))]
      : cancelRuleBlocks(b, m, language, config.timezone)),
    { kind: 'note', text: m.confirmationNote },
  ];
  return customerMail(
    config,
    b.to,
    m.confirmationSubject(b.course, when.start.long, when.start.clock),
    blocks,
    { reservationId: b.reservationId, calendar: calendarOf(config.gym, b, 'REQUEST', `${when.line} ${zone}`) },
    language,
  );
}

/** The confirmation's subject alone (checks, like the e-mail, that the times agree with gym time). */
export const bookingConfirmationSubject = (config: BookingMailConfig, b: BookingMailInput): string => {
  const { start } = gymWhen(config.timezone, b, b.language);
  const m = mailMessages(b.language);
  return (b.request ? m.requestSubject : m.confirmationSubject)(b.course, start.long, start.clock);
};

/**
 * To the customer: a request by appointment was received (a private lesson asked for while no
 * trainer takes bookings on the site). Nothing is booked yet, so no calendar event and no
 * "your place is booked": the gym answers with a time.
 */
function requestReceivedMail(config: BookingMailConfig, b: BookingMailInput): OutgoingMail {
  const { m, zone, language } = speech(config, b);
  const when = gymWhen(config.timezone, b, language);
  const blocks: Block[] = [
    p(m.hello(b.name)),
    p(m.requestReceived(config.gym.name)),
    {
      kind: 'facts',
      rows: [
        { label: m.labelClass, value: b.course },
        { label: m.labelAskedFor, value: `${when.line} ${zone}` },
        ...placeFacts(config.gym, m),
        { label: m.labelBooking, value: `#${b.reservationId}` },
      ],
    },
    ...changeBlocks(config, b.manageUrl, m),
  ];
  return customerMail(config, b.to, m.requestSubject(b.course, when.start.long, when.start.clock), blocks, { reservationId: b.reservationId }, language);
}

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
    ...(b.cancelledBy === 'gym' && b.reason ? [p(m.gymReason(b.reason))] : []),
    // The gym's cancel links to the booking's page, which offers that day's and the next day's other classes.
    b.cancelledBy === 'gym' && b.manageUrl
      ? { kind: 'action' as const, label: m.rebookAction, href: checkedUrl(b.manageUrl) }
      : p(m.bookAgain(`${languageBase(config.publicUrl, language)}/booking`)),
    { kind: 'note', text: m.cancelledNote },
  ];
  const subject = m.cancelledSubject(b.course, when.start.long, when.start.clock);
  return customerMail(
    config,
    b.to,
    subject,
    blocks,
    { reservationId: b.reservationId, calendar: calendarOf(config.gym, b, 'CANCEL', `${when.line} ${zone}`) },
    language,
  );
}

/**
 * To the customer: the gym cancelled several of their bookings at once (a closure). One e-mail
 * for the change: each booking with its time struck and its link to other sessions, and one
 * calendar file that cancels every event (same UIDs, higher SEQUENCEs).
 */
export function bookingsCancelledByGymMail(config: BookingMailConfig, list: BookingCancelledInput[]): OutgoingMail {
  const [b] = list;
  const { m, zone, language } = speech(config, b);
  const parts = list.map((x) => {
    laterSequence(x, 'bookingsCancelledByGymMail');
    const when = gymWhen(config.timezone, x, language);
    const blocks: Block[] = [
      {
        kind: 'facts',
        rows: [
          { label: m.labelClass, value: x.course },
          { label: m.labelWhen, value: `${when.line} ${zone}`, struck: true },
          { label: m.labelBooking, value: `#${x.reservationId}` },
        ],
      },
      ...(x.manageUrl ? [{ kind: 'action' as const, label: m.rebookAction, href: checkedUrl(x.manageUrl) }] : []),
    ];
    return { blocks, calendar: calendarOf(config.gym, x, 'CANCEL', `${when.line} ${zone}`) };
  });
  const blocks: Block[] = [
    p(m.hello(b.name)),
    p(m.cancelledByGym(config.gym.name)),
    ...(b.reason ? [p(m.gymReason(b.reason))] : []),
    ...parts.flatMap((x) => x.blocks),
    { kind: 'note', text: m.cancelledNote },
  ];
  const calendar = mergedCalendar(
    config,
    parts.map((x) => x.calendar),
  );
  return customerMail(config, b.to, m.cancelledManySubject(list.length), blocks, { reservationId: b.reservationId, calendar }, language);
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
    p(b.byGym ? m.movedByGym(config.gym.name) : m.moved),
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
    ...cancelRuleBlocks(b, m, language, config.timezone),
    ...changeBlocks(config, b.manageUrl, m),
    { kind: 'note', text: m.movedNote },
  ];
  const subject = m.movedSubject(b.course, when.start.long, when.start.clock);
  return customerMail(
    config,
    b.to,
    subject,
    blocks,
    { reservationId: b.reservationId, calendar: calendarOf(config.gym, b, 'REQUEST', `${when.line} ${zone}`) },
    language,
  );
}

/**
 * To the customer: the gym moved a weekly session that holds several of their bookings. One
 * e-mail for the change, each booking's new and old time, one calendar file updating every event.
 */
export function bookingsMovedByGymMail(config: BookingMailConfig, list: BookingMovedInput[]): OutgoingMail {
  const [b] = list;
  const { m, zone, language } = speech(config, b);
  const parts = list.map((x) => {
    laterSequence(x, 'bookingsMovedByGymMail');
    const when = gymWhen(config.timezone, x, language);
    const before = gymWhen(config.timezone, x.previous, language);
    const facts: Block = {
      kind: 'facts',
      rows: [
        { label: m.labelClass, value: x.course },
        { label: m.labelNewTime, value: `${when.line} ${zone}` },
        { label: m.labelWas, value: before.line, struck: true },
        { label: m.labelBooking, value: `#${x.reservationId}` },
      ],
    };
    return { facts, calendar: calendarOf(config.gym, x, 'REQUEST', `${when.line} ${zone}`) };
  });
  const blocks: Block[] = [
    p(m.hello(b.name)),
    p(m.movedByGym(config.gym.name)),
    ...parts.map((x) => x.facts),
    { kind: 'facts', rows: placeFacts(config.gym, m) },
    ...changeBlocks(config, null, m),
    { kind: 'note', text: m.movedNote },
  ];
  const calendar = mergedCalendar(
    config,
    parts.map((x) => x.calendar),
  );
  return customerMail(config, b.to, m.movedManySubject(list.length), blocks, { reservationId: b.reservationId, calendar }, language);
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
    ...sessionBlocks(config, b, m, `${when.line} ${zone}`),
    ...cancelRuleBlocks(b, m, language, config.timezone),
  ];
  const subject = m.reminderSubject(b.course, when.start.long, when.start.clock);
  return customerMail(config, b.to, subject, blocks, { reservationId: b.reservationId }, language);
}

/** The class, when, where and booking number, what to bring and how to change it: the confirmation and the reminder say the same. */
function sessionBlocks(config: BookingMailConfig, b: BookingMailInput, m: ReturnType<typeof speech>['m'], whenText: string): Block[] {
  return [
    {
      kind: 'facts',
      rows: [
        { label: m.labelClass, value: b.course },
        { label: m.labelWhen, value: whenText },
        ...placeFacts(config.gym, m),
        { label: m.labelBooking, value: `#${b.reservationId}` },
      ],
    },
    { kind: 'list', title: m.whatToBring, items: m.whatToBringItems },
    p(m.arriveEarly),
    ...changeBlocks(config, b.manageUrl, m),
  ];
}
