import type { Language } from '../../../shared/i18n/languages';
import type { OutgoingMail } from '../../context';
import { gymWhen, placeFacts, speech, type BookingMailConfig } from './booking-mail-parts';
import { fullDateTimeIn } from './i18n';
import { checkedUrl, mail, p, type Block } from './mail-layout';

// The waiting list's e-mail (issue 34): a seat opened for someone in line. Fixed words, the
// class and its time in gym time, and the link to the entry's page (accept or leave there).

export interface WaitlistOfferInput {
  to: string;
  name: string;
  course: string;
  startsAt: Date;
  endsAt: Date;
  gymDate: string;
  gymTime: string;
  zoneLabel: string;
  language: Language;
  /** The entry's page (its link token). */
  pageUrl: string;
  /** When the held seat is released; null: nothing held, the first to accept gets it. */
  heldUntil: Date | null;
}

/** To someone on the waiting list: a place opened up, held for them until a time or open to the first to accept. */
export function waitlistOfferMail(config: BookingMailConfig, w: WaitlistOfferInput): OutgoingMail {
  const { m, zone, language } = speech(config, { ...w, reservationId: 0, manageUrl: null, sequence: 0 });
  const when = gymWhen(config.timezone, w, language);
  const blocks: Block[] = [
    p(m.hello(w.name)),
    p(w.heldUntil ? m.waitlistOfferHeld(fullDateTimeIn(language, w.heldUntil, config.timezone)) : m.waitlistOfferOpen),
    {
      kind: 'facts',
      rows: [{ label: m.labelClass, value: w.course }, { label: m.labelWhen, value: `${when.line} ${zone}` }, ...placeFacts(config.gym, m)],
    },
    { kind: 'action', label: m.waitlistAccept, href: checkedUrl(w.pageUrl) },
    { kind: 'note', text: m.waitlistNoCharge },
  ];
  return mail(config, w.to, m.waitlistOfferSubject(w.course, when.start.long, when.start.clock), blocks, {}, language);
}
