import type { OutgoingMail } from '../outgoing-mail';
import { mail, p, type Block, type LayoutConfig } from './mail-layout';

// Alerts to the gym (GYM_NOTIFY_EMAIL, else the gym's address in Paramètres) about money that needs
// a person: a payment on an order that no longer awaited it, a dispute, a refund that failed.
// English, as the other staff notices.

export interface PaymentAlertInput {
  subject: string;
  /** What happened, in one or two sentences. */
  text: string;
  orderId: number;
  reference: string;
  facts: { label: string; value: string }[];
}

export function paymentAlertMail(config: LayoutConfig, to: string, a: PaymentAlertInput): OutgoingMail {
  const blocks: Block[] = [
    p(a.text),
    { kind: 'facts', rows: [{ label: 'Order', value: a.reference }, ...a.facts] },
    { kind: 'action', label: 'Open the order', href: `${config.publicUrl}/admin/orders/${a.orderId}` },
  ];
  return mail(config, to, `${a.subject}: ${a.reference}`, blocks, {});
}
