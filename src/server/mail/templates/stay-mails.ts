import type { OutgoingMail } from '../outgoing-mail';
import { checkedUrl, p, type Block, type Fact } from './mail-layout';
import { customerMail } from './me-mails';
import type { OrderMailConfig, OrderMailInput, OrderWords } from './order-mail-input';
import { STAY_MAIL_TEXTS } from './stay-mail-texts';

// An order's stay and pickup in its e-mails (issue 36 §3): training, room and pickup apart, what
// the stay includes and not, the balance; and the reminder before the balance is due.

/** The order's lines as facts: training (when there is a pass), room, pickup, each with its amount. */
export function stayFacts(o: OrderMailInput, w: OrderWords): Fact[] {
  const l = o.lines;
  if (!l) return [];
  const s = STAY_MAIL_TEXTS[w.lang];
  const rows: Fact[] = [];
  if (l.trainingSatang > 0)
    rows.push({ label: s.labelTraining, value: `${o.passName}, ${w.t.dates(w.day(o.startDate), w.day(o.endDate))}: ${w.money(l.trainingSatang)}` });
  if (l.stay) {
    const st = l.stay;
    rows.push({
      label: s.labelRoom,
      value: `${s.room(st.roomTypeName, w.day(st.checkIn), w.day(st.checkOut), st.nights, st.guests)}: ${w.money(st.amountSatang)}`,
    });
  }
  if (l.pickup) {
    const pk = l.pickup;
    const when = `${w.day(pk.arrivesAt.slice(0, 10))} ${pk.arrivesAt.slice(11)}`;
    rows.push({ label: s.labelPickup, value: `${s.pickup(pk.airportName, pk.flightNumber, when)}: ${w.money(pk.amountSatang)}` });
  }
  return rows;
}

/** What is included and not, the meeting point, and when the balance is paid. */
export function stayBlocks(o: OrderMailInput, w: OrderWords): Block[] {
  const l = o.lines;
  if (!l) return [];
  const s = STAY_MAIL_TEXTS[w.lang];
  const blocks: Block[] = [];
  const balance = o.amountSatang - o.dueNowSatang;
  if (o.method !== 'desk' && balance > 0)
    blocks.push(p(l.balanceDueDate ? s.balanceDue(w.money(balance), w.day(l.balanceDueDate)) : s.balanceOnArrival(w.money(balance))));
  blocks.push({
    kind: 'facts',
    rows: [
      { label: s.included, value: l.included },
      { label: s.notIncluded, value: l.notIncluded },
      ...(l.meetingPoint ? [{ label: s.meetingPoint, value: l.meetingPoint }] : []),
    ],
  });
  return blocks;
}

/** To the buyer, some days before the balance is due: what is owed, by when, and the order page's link. */
export function balanceReminderMail(config: OrderMailConfig, o: OrderMailInput, w: OrderWords): OutgoingMail {
  const s = STAY_MAIL_TEXTS[w.lang];
  const due = o.lines?.balanceDueDate ?? o.startDate;
  const blocks: Block[] = [p(w.m.hello(o.name)), p(s.reminderIntro(w.money(o.owedSatang), w.day(due)))];
  if (o.orderUrl) blocks.push({ kind: 'action', label: s.payNow, href: checkedUrl(o.orderUrl) });
  blocks.push({
    kind: 'facts',
    rows: [...stayFacts(o, w), { label: w.t.labelOwed, value: w.money(o.owedSatang) }, { label: w.t.labelReference, value: o.reference }],
  });
  return customerMail(config, o.to, s.reminderSubject(o.reference), blocks, {}, w.lang);
}
