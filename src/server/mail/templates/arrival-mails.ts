import { LANGUAGE_TAGS, isLanguage, type Language } from '../../../shared/i18n/languages';
import type { Config } from '../../config';
import type { OutgoingMail } from '../outgoing-mail';
import { ARRIVAL_MAIL_TEXTS } from './arrival-mail-texts';
import { fullDateTimeIn, mailMessages } from './i18n';
import { checkedUrl, p, type Block, type Fact, type LayoutConfig } from './mail-layout';
import { customerMail } from './me-mails';
import { pickupCalendar } from './pickup-calendar';

// The arrival e-mails (issue 36 §5), in the buyer's language: three days before check-in (asks
// for the flight when it is missing, confirms the pickup's time and meeting point) and after the
// traveller gives or changes the flight. A pickup carries its calendar file.

export type ArrivalMailConfig = LayoutConfig & Pick<Config, 'timezone' | 'mailFrom'>;

export interface ArrivalPickup {
  airport: string;
  /** The airport as the settings name it ('Krabi (KBV)'), or its code. */
  airportName: string;
  flightNumber: string | null;
  /** The landing as an instant, and the calendar file's SEQUENCE. */
  landsAt: Date;
  sequence: number;
  meetingPoint: string | null;
}

export interface ArrivalMailInput {
  orderId: number;
  to: string;
  name: string;
  language: Language;
  reference: string;
  /** Gym dates. */
  checkIn: string | null;
  checkOut: string | null;
  roomTypeName: string | null;
  guests: number | null;
  pickup: ArrivalPickup | null;
  /** The order page, where the flight is given. */
  orderUrl: string | null;
}

function words(config: ArrivalMailConfig, language: Language) {
  const lang: Language = isLanguage(language) ? language : 'en';
  const day = new Intl.DateTimeFormat(LANGUAGE_TAGS[lang], { timeZone: 'UTC', dateStyle: 'full' });
  return {
    lang,
    t: ARRIVAL_MAIL_TEXTS[lang],
    m: mailMessages(lang),
    day: (date: string) => day.format(new Date(`${date}T00:00:00Z`)),
    instant: (at: Date) => fullDateTimeIn(lang, at, config.timezone),
  };
}

function facts(a: ArrivalMailInput, w: ReturnType<typeof words>): Fact[] {
  const { t } = w;
  const rows: Fact[] = [];
  if (a.checkIn) rows.push({ label: t.labelCheckIn, value: w.day(a.checkIn) });
  if (a.checkOut) rows.push({ label: t.labelCheckOut, value: w.day(a.checkOut) });
  if (a.roomTypeName) rows.push({ label: t.labelRoom, value: a.roomTypeName });
  if (a.guests) rows.push({ label: t.labelGuests, value: String(a.guests) });
  if (a.pickup) {
    rows.push({ label: t.labelAirport, value: a.pickup.airportName });
    rows.push({ label: t.labelFlight, value: a.pickup.flightNumber ?? t.flightMissing });
    rows.push({ label: t.labelLands, value: w.instant(a.pickup.landsAt) });
    rows.push({ label: t.labelMeeting, value: a.pickup.meetingPoint || t.meetingFallback });
  }
  rows.push({ label: t.labelReference, value: a.reference });
  return rows;
}

function calendarOf(config: ArrivalMailConfig, a: ArrivalMailInput, w: ReturnType<typeof words>) {
  if (!a.pickup) return null;
  const pk = a.pickup;
  return pickupCalendar(config, {
    orderId: a.orderId,
    sequence: pk.sequence,
    startsAt: pk.landsAt,
    summary: w.t.calendarSummary(pk.airportName, pk.flightNumber ?? ''),
    description: `${pk.meetingPoint || w.t.meetingFallback}\n${w.t.labelReference}: ${a.reference}`,
    location: pk.airportName,
    attendee: { name: a.name, email: a.to },
    organizerName: config.gym.name,
  });
}

const link = (a: ArrivalMailInput, label: string): Block[] => (a.orderUrl ? [{ kind: 'action', label, href: checkedUrl(a.orderUrl) }] : []);

/** Three days before check-in. */
export function arrivalMail(config: ArrivalMailConfig, a: ArrivalMailInput): OutgoingMail {
  const w = words(config, a.language);
  const { t } = w;
  const blocks: Block[] = [p(w.m.hello(a.name)), p(t.intro(config.gym.name))];
  if (a.pickup) {
    blocks.push(p(t.pickupConfirmed(w.instant(a.pickup.landsAt), a.pickup.airportName)));
    if (!a.pickup.flightNumber) blocks.push(p(t.askFlight), ...link(a, t.giveFlight));
    else blocks.push(p(t.changeFlight));
  } else blocks.push(p(t.noPickup));
  blocks.push({ kind: 'facts', rows: facts(a, w) });
  if (a.pickup?.flightNumber) blocks.push(...link(a, t.seeOrder));
  return customerMail(config, a.to, t.subject(config.gym.name, w.day(a.checkIn ?? '')), blocks, { calendar: calendarOf(config, a, w) }, w.lang);
}

/** After the traveller gave or changed the flight: the pickup as it now stands, with the calendar file's new SEQUENCE. */
export function flightChangedMail(config: ArrivalMailConfig, a: ArrivalMailInput): OutgoingMail {
  const w = words(config, a.language);
  const { t } = w;
  const blocks: Block[] = [p(w.m.hello(a.name)), p(t.flightIntro)];
  if (a.pickup) blocks.push(p(t.pickupConfirmed(w.instant(a.pickup.landsAt), a.pickup.airportName)));
  blocks.push({ kind: 'facts', rows: facts(a, w) }, ...link(a, t.seeOrder));
  return customerMail(config, a.to, t.flightSubject(a.reference), blocks, { calendar: calendarOf(config, a, w) }, w.lang);
}
