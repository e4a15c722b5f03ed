// Receipts of paid orders (issue 35, point 7; decision 150): the buyer's download by the order
// page's token and the back office's by the order's id. An order has a receipt while paid in full
// (also partly refunded or overpaid since); otherwise 409 receipt_unavailable.
import { hasReceipt } from '../../shared/ledger';
import { instantToZoned } from '../../shared/gym-time';
import { linkHash, type LinkKey } from '../links/link-key';
import type { AppContext } from '../context';
import { nowIso } from '../db/database';
import type { OrderRow } from '../db/schema';
import { conflict, notFound } from '../errors';
import { ledgerLines, ledgerTotals } from '../ledger/ledger.repository';
import { figuresOf } from '../ledger/order-figures';
import { ORDER_NOT_FOUND } from '../orders/order-page.service';
import { findCustomerRow, findOrder, findOrderByTokenHash } from '../orders/orders.repository';
import { currentSiteSettings } from '../site-settings/site-settings.service';
import { gymLetterhead } from './gym-letterhead';
import { renderReceipt } from './receipt';
import { receiptItemsOf } from '../stays/stay-order-lines';
import { issueReceiptNumber } from './receipts.repository';

export const RECEIPT_UNAVAILABLE = 'This order has no receipt: it is not paid in full, or it was refunded, cancelled or disputed.';

export interface ReceiptFile {
  number: string;
  pdf: Uint8Array;
}

async function receiptOf(ctx: AppContext, row: OrderRow): Promise<ReceiptFile> {
  const figures = figuresOf(row, await ledgerTotals(ctx.db, row.id));
  if (!hasReceipt(figures.state, row.cancelled_at)) throw conflict(RECEIPT_UNAVAILABLE, 'receipt_unavailable');
  const tz = ctx.config.timezone;
  const now = nowIso();
  const issued = await issueReceiptNumber(ctx.db, ctx.dialect, row.id, Number(instantToZoned(now, tz).date.slice(0, 4)), now);
  const [customer, lines, settings] = await Promise.all([findCustomerRow(ctx.db, row.customer_id), ledgerLines(ctx.db, row.id), currentSiteSettings(ctx)]);
  const items = await receiptItemsOf(ctx.db, row);
  if (!customer) throw notFound(ORDER_NOT_FOUND);
  const pdf = await renderReceipt({
    number: issued.number,
    issuedOn: instantToZoned(issued.issued_at, tz).date,
    letterhead: gymLetterhead(settings),
    orderReference: row.reference,
    buyer: { name: customer.name, email: customer.email, phone: customer.phone },
    line: { description: row.pass_name, startDate: row.start_date, endDate: row.end_date, amountSatang: row.amount_satang },
    ...(items ? { items } : {}),
    movements: lines.map((l) => ({ on: instantToZoned(l.created_at, tz).date, kind: l.kind, method: l.method, amountSatang: l.amount_satang })),
    paidSatang: figures.paidSatang,
    refundedSatang: figures.refundedSatang,
    chargedBackSatang: figures.chargedBackSatang,
  });
  return { number: issued.number, pdf };
}

/** GET /api/orders/by-token/{token}/receipt.pdf (a wrong token is 404). */
export async function receiptByToken(ctx: AppContext, token: LinkKey): Promise<ReceiptFile> {
  const row = await findOrderByTokenHash(ctx.db, linkHash(token));
  if (!row) throw notFound(ORDER_NOT_FOUND);
  return receiptOf(ctx, row);
}

/** GET /api/orders/{id}/receipt.pdf (staff). */
export async function receiptForStaff(ctx: AppContext, orderId: number): Promise<ReceiptFile> {
  const row = await findOrder(ctx.db, orderId);
  if (!row) throw notFound(ORDER_NOT_FOUND);
  return receiptOf(ctx, row);
}
