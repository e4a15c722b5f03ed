import type { Language } from '../../../shared/i18n/languages';
import type { OutgoingMail } from '../outgoing-mail';
import { gymWhen, placeFacts, speech, type BookingMailConfig } from './booking-mail-parts';
import { fullDateTimeIn } from './i18n';
import { checkedUrl, p, type Block } from './mail-layout';
import { customerMail } from './me-mails';

// The waiting list's e-mails (issue 34): a seat opened for someone in line; and, on every join
// (decision 174), the entry's link, or word that the address is booked at that time. Fixed
// words, the class and its time in gym time, and the link to the entry's page (accept or leave).

/** The class and time a waiting-list e-mail names, and the person it goes to (as stored). */
export interface WaitlistClassInput {
  to: string;
  name: string;
  course: string;
  startsAt: Date;
  endsAt: Date;
  gymDate: string;
  gymTime: string;
  zoneLabel: string;
  language: Language;
}

const classFacts = (config: BookingMailConfig, w: WaitlistClassInput) => {
  const { m, zone, language } = speech(config, { ...w, reservationId: 0, manageUrl: null, sequence: 0 });
  const when = gymWhen(config.timezone, w, language);
  const facts: Block = {
    kind: 'facts',
    rows: [{ label: m.labelClass, value: w.course }, { label: m.labelWhen, value: `${when.line} ${zone}` }, ...placeFacts(config.gym, m)],
  };
  return { m, language, when, facts };
};

export interface WaitlistOfferInput extends WaitlistClassInput {
  /** The entry's page (its link token). */
  pageUrl: string;
  /** When the held seat is released; null: nothing held, the first to accept gets it. */
  heldUntil: Date | null;
}

/** To someone on the waiting list: a place opened up, held for them until a time or open to the first to accept. */
export function waitlistOfferMail(config: BookingMailConfig, w: WaitlistOfferInput): OutgoingMail {
  const { m, language, when, facts } = classFacts(config, w);
  const blocks: Block[] = [
    p(m.hello(w.name)),
    p(w.heldUntil ? m.waitlistOfferHeld(fullDateTimeIn(language, w.heldUntil, config.timezone)) : m.waitlistOfferOpen),
    facts,
    { kind: 'action', label: m.waitlistAccept, href: checkedUrl(w.pageUrl) },
    { kind: 'note', text: m.waitlistNoCharge },
  ];
  return customerMail(config, w.to, m.waitlistOfferSubject(w.course, when.start.long, when.start.clock), blocks, {}, language);
}

/** On joining, first time or again: the entry's page, the one place its link is given. */
export function waitlistJoinedMail(config: BookingMailConfig, w: WaitlistClassInput & { pageUrl: string }): OutgoingMail {
  const { m, language, when, facts } = classFacts(config, w);
  const blocks: Block[] = [
    p(m.hello(w.name)),
    p(m.waitlistJoined),
    facts,
    { kind: 'action', label: m.waitlistSeePlace, href: checkedUrl(w.pageUrl) },
    { kind: 'note', text: m.waitlistJoinedNote },
  ];
  return customerMail(config, w.to, m.waitlistJoinedSubject(w.course, when.start.long, when.start.clock), blocks, {}, language);
}

/** A join for an address with a booking at that time: nothing changed, and only its owner hears so. */
export function waitlistAlreadyBookedMail(config: BookingMailConfig, w: WaitlistClassInput): OutgoingMail {
  const { m, language, when, facts } = classFacts(config, w);
  const blocks: Block[] = [p(m.hello(w.name)), p(m.waitlistBooked(w.course)), facts, { kind: 'note', text: m.waitlistBookedManage }];
  return customerMail(config, w.to, m.waitlistBookedSubject(when.start.long, when.start.clock), blocks, {}, language);
}
