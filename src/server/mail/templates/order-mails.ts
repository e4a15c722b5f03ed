import type { PaymentMethod } from '../../../shared/ledger';
import type { OrderMailTexts } from './order-mail-texts';
import type { MailAttachment, OutgoingMail } from '../outgoing-mail';
import { checkedUrl, p, type Block, type Fact } from './mail-layout';
import { customerMail } from './me-mails';
import { stayBlocks, stayFacts } from './stay-mails';
import { words, type OrderMailConfig, type OrderMailInput } from './order-mail-input';

// The e-mails to a buyer about an order of a pass: the order made (how to pay: the PromptPay QR
// inline with its amount and reference written out, the card link, or what to pay at the desk),
// a payment received and a refund. In the buyer's language, signed with the gym's name and
// address, and its tax ID when the owner set one (Paramètres → payments).

export type { OrderMailConfig, OrderMailInput } from './order-mail-input';
export { words } from './order-mail-input';

const QR_CID = 'promptpay-qr@order';

function orderFacts(config: OrderMailConfig, o: OrderMailInput, w: ReturnType<typeof words>): Fact[] {
  const rows: Fact[] = [
    // A stay or a pickup: training, room and pickup apart (stay-mails.ts).
    ...(o.lines
      ? stayFacts(o, w)
      : [
          { label: w.t.labelPass, value: o.passName },
          { label: w.t.labelDates, value: w.t.dates(w.day(o.startDate), w.day(o.endDate)) },
        ]),
    ...(o.discount ? [{ label: w.t.labelDiscount(o.discount.code), value: `−${w.money(o.discount.discountSatang)}` }] : []),
    { label: w.t.labelPrice, value: w.money(o.amountSatang) },
    { label: w.t.labelPaid, value: w.money(o.paidSatang) },
    { label: w.t.labelOwed, value: w.money(o.owedSatang) },
    { label: w.t.labelReference, value: o.reference },
  ];
  const taxId = config.gym.payments.taxId;
  if (taxId) rows.push({ label: w.t.labelTaxId, value: `${config.gym.name}: ${taxId}` });
  return rows;
}

const orderLink = (o: OrderMailInput, t: OrderMailTexts): Block[] => (o.orderUrl ? [{ kind: 'action', label: t.seeOrder, href: checkedUrl(o.orderUrl) }] : []);

/**
 * To the buyer: the order is made. `qrPng` is the PromptPay QR of `dueNowSatang` (method
 * promptpay only), attached inline and named in words beside it.
 */
export function orderCreatedMail(config: OrderMailConfig, o: OrderMailInput, qrPng: Buffer | null): OutgoingMail {
  const w = words(config, o.language);
  const { t } = w;
  const blocks: Block[] = [p(w.m.hello(o.name)), p(t.intro(config.gym.name))];
  const attachments: MailAttachment[] = [];
  const balance = o.amountSatang - o.dueNowSatang;
  if (o.method === 'promptpay' && qrPng) {
    blocks.push(p(t.payPromptpay(w.money(o.dueNowSatang))));
    blocks.push({ kind: 'image', cid: QR_CID, alt: t.qrAlt, width: 240 });
    blocks.push(p(t.payPromptpayWords(w.money(o.dueNowSatang), o.reference)));
    if (o.expiresAt) blocks.push(p(t.payBefore(w.instant(o.expiresAt))));
    blocks.push(p(t.slipHint));
    attachments.push({ filename: 'promptpay-qr.png', content: qrPng.toString('base64'), encoding: 'base64', contentType: 'image/png', cid: QR_CID });
  } else if (o.method === 'card') {
    blocks.push(p(t.payCard(w.money(o.dueNowSatang))));
    if (o.expiresAt) blocks.push(p(t.payBefore(w.instant(o.expiresAt))));
  } else {
    blocks.push(p(o.owedSatang > 0 ? t.payDesk(w.money(o.owedSatang)) : t.fullyPaid));
  }
  if (o.lines) blocks.push(...stayBlocks(o, w));
  else if (o.method !== 'desk' && balance > 0) blocks.push(p(t.depositNote(w.money(o.dueNowSatang), w.money(balance))));
  blocks.push({ kind: 'facts', rows: orderFacts(config, o, w) }, ...orderLink(o, t));
  return customerMail(config, o.to, t.createdSubject(o.reference, o.passName), blocks, attachments.length > 0 ? { attachments } : {}, w.lang);
}

/** To the buyer: a payment was recorded (by staff, or the card provider's webhook). */
export function orderPaymentMail(config: OrderMailConfig, o: OrderMailInput, payment: { amountSatang: number; method: PaymentMethod }): OutgoingMail {
  const w = words(config, o.language);
  const { t } = w;
  const blocks: Block[] = [
    p(w.m.hello(o.name)),
    p(t.paymentReceived(w.money(payment.amountSatang), t.methods[payment.method])),
    p(o.owedSatang > 0 ? t.balanceAtDesk(w.money(o.owedSatang)) : t.fullyPaid),
    { kind: 'facts', rows: orderFacts(config, o, w) },
    ...orderLink(o, t),
  ];
  return customerMail(config, o.to, t.paymentSubject(o.reference), blocks, {}, w.lang);
}

/** To the buyer: money was paid back. */
export function orderRefundMail(config: OrderMailConfig, o: OrderMailInput, refund: { amountSatang: number; method: PaymentMethod }): OutgoingMail {
  const w = words(config, o.language);
  const { t } = w;
  const blocks: Block[] = [p(w.m.hello(o.name)), p(t.refunded(w.money(refund.amountSatang), t.methods[refund.method]))];
  if (refund.method === 'card') blocks.push({ kind: 'note', text: t.refundCardNote });
  blocks.push({ kind: 'facts', rows: orderFacts(config, o, w) }, ...orderLink(o, t));
  return customerMail(config, o.to, t.refundSubject(o.reference), blocks, {}, w.lang);
}
