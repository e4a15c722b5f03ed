// A paid order's receipt (issue 35, point 7; decision 150): one A4 page in English, the gym's
// letterhead and tax number, the buyer, the line sold, the amount, and every movement of money
// with its method, as the ledger holds them. Dates are gym dates written in words.
import type { LedgerKind, PaymentMethod } from '../../shared/ledger';
import { thb } from './gym-letterhead';
import { PdfWriter, longDate, type Letterhead } from './pdf-document';

export interface ReceiptLine {
  description: string;
  startDate: string;
  endDate: string;
  amountSatang: number;
}

export interface ReceiptData {
  number: string;
  /** Gym date of first issue. */
  issuedOn: string;
  letterhead: Letterhead;
  orderReference: string;
  buyer: { name: string; email: string | null; phone: string | null };
  line: ReceiptLine;
  /** An order with a stay or a pickup: training, room and pickup apart (issue 36); their sum is line's amount. */
  items?: ReceiptLine[];
  /** Ledger lines, oldest first; `on` is the gym date. */
  movements: { on: string; kind: LedgerKind; method: PaymentMethod; amountSatang: number }[];
  paidSatang: number;
  refundedSatang: number;
  chargedBackSatang: number;
}

const KIND_WORDS: Record<LedgerKind, string> = {
  payment: 'Payment',
  refund: 'Refund',
  'refund-reversal': 'Refund reversed',
  chargeback: 'Chargeback',
  'chargeback-reversal': 'Chargeback reversed',
};

export const METHOD_WORDS: Record<PaymentMethod, string> = {
  promptpay: 'PromptPay',
  card: 'Card (online)',
  cash: 'Cash',
  terminal: 'Card (desk terminal)',
  transfer: 'Bank transfer',
};

export async function renderReceipt(r: ReceiptData): Promise<Uint8Array> {
  const w = await PdfWriter.create({ title: `Receipt ${r.number}`, author: r.letterhead.legalName });
  w.letterhead(r.letterhead);
  w.text('RECEIPT', { size: 18, bold: true, after: 8 });
  const methods = [...new Set(r.movements.filter((m) => m.kind === 'payment').map((m) => METHOD_WORDS[m.method]))].join(', ');
  w.rows(
    [
      ['Receipt number', r.number],
      ['Date', longDate(r.issuedOn)],
      ['Order reference', r.orderReference],
      ['Received from', [r.buyer.name, r.buyer.email, r.buyer.phone].filter(Boolean).join('\n')],
      ['Paid by', methods || '-'],
    ],
    { after: 14 },
  );
  w.table(
    ['Description', 'Valid', 'Amount'],
    (r.items ?? [r.line]).map((l) => [
      l.description,
      l.startDate === l.endDate ? longDate(l.startDate) : `${longDate(l.startDate)} to ${longDate(l.endDate)}`,
      thb(l.amountSatang),
    ]),
    [0.42, 0.38, 0.2],
  );
  w.rule(4);
  const totals: [string, string][] = [
    ['Total', thb(r.line.amountSatang)],
    ['Amount received', thb(r.paidSatang)],
  ];
  if (r.refundedSatang > 0) totals.push(['Refunded', thb(r.refundedSatang)]);
  if (r.chargedBackSatang > 0) totals.push(['Charged back', thb(r.chargedBackSatang)]);
  if (r.refundedSatang > 0 || r.chargedBackSatang > 0) totals.push(['Net received', thb(r.paidSatang - r.refundedSatang - r.chargedBackSatang)]);
  w.rows(totals, { labelWidth: 360, after: 16 });
  w.text('Payments', { size: 12, bold: true, after: 4 });
  w.table(
    ['Date', 'Movement', 'Method', 'Amount'],
    r.movements.map((m) => [longDate(m.on), KIND_WORDS[m.kind], METHOD_WORDS[m.method], thb(m.amountSatang)]),
    [0.28, 0.24, 0.28, 0.2],
  );
  w.space(18);
  w.text(`Paid in full. Amounts in Thai baht (THB). This receipt is issued once for order ${r.orderReference}; a copy carries the same number.`, {
    size: 9,
    muted: true,
  });
  return w.save();
}
