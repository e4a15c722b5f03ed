// The buyer's order page (PUBLIC_URL/booking/order/{token}): what it shows, its PromptPay QR,
// the transfer slip the buyer uploads, and a new card checkout. A wrong token is a 404; a key of an
// erased buyer's order a 410 (decision 184).
import { GALLERY_MAX_PIXELS } from '../../shared/constants';
import { hashToken } from '../auth/tokens';
import { recordAudit } from '../audit/audit.service';
import type { AppContext } from '../context';
import { nowIso } from '../db/database';
import type { OrderRow } from '../db/schema';
import { badRequest, conflict, notFound } from '../errors';
import { NO_FILE, rejection, type UploadedFile } from '../gallery/gallery.service';
import { processImage } from '../media/image-processing';
import { newMediaStem, variantName, type MediaStorage } from '../media/storage';
import { privateMediaStorage } from '../media/stores';
import { promptpayPayload } from '../payments/promptpay/promptpay-payload';
import { promptpayQrSvg } from '../payments/promptpay/promptpay-qr';
import { currentSiteSettings } from '../site-settings/site-settings.service';
import { ledgerTotals } from '../ledger/ledger.repository';
import { figuresOf, takesPayment, type OrderFigures } from '../ledger/order-figures';
import { CARD_UNAVAILABLE } from '../payments/checkouts.service';
import { attendedCount } from './attendance.repository';
import { notifyStaffOfOrder } from './order-notifications';
import { openCheckout } from './orders.service';
import * as repo from './orders.repository';
import type { PickupDto } from '../../shared/api-types/arrivals';
import type { OrderLinesDto } from '../../shared/api-types/stay-orders';
import type { OrderDiscountDto } from '../../shared/api-types/discount-codes';
import { orderLinesOf } from '../stays/stay-order-lines';
import { findOrderDiscount } from '../discount-codes/discount-codes.repository';
import { presentOrderDiscount } from '../discount-codes/discount-codes.presenter';
import { findOrderPickup } from '../stays/stay-orders.repository';
import { retiredRecordOf } from '../links/retired-links';

export const ORDER_NOT_FOUND = 'Order not found';
export const ORDER_EXPIRED = 'This order was not paid in time and has lapsed. Please order again.';
export const ORDER_CLOSED = 'This order is cancelled or refunded.';

/** How long after its hold ended an unpaid PromptPay order still takes a slip (a transfer made late is welcome). */
export const LATE_SLIP_DAYS = 7;

/** Whether the order page takes a transfer slip now: while it takes payments, and for LATE_SLIP_DAYS after an expired PromptPay order's hold. */
export function takesSlip(row: OrderRow, f: OrderFigures, now = new Date()): boolean {
  if (takesPayment(f)) return true;
  if (f.state !== 'expired' || row.method !== 'promptpay' || !row.expires_at) return false;
  return now.getTime() - Date.parse(row.expires_at) <= LATE_SLIP_DAYS * 86_400_000;
}

/** An order as its page or the back office shows it. */
export interface OrderView {
  row: OrderRow;
  figures: OrderFigures;
  creditsLeft: number | null;
  /** The PromptPay QR's text for what is due now, while the order takes a transfer. */
  promptpay?: { payload: string };
  checkoutUrl?: string;
  token?: string;
  /** The page takes a transfer slip now (late slips of an expired PromptPay order included). */
  slipAccepted: boolean;
  /** Sessions attended within the order's dates (not counted for lists). */
  attended?: number;
  /** The airport pickup, when the order has one (issue 36 §5). */
  pickup?: PickupDto;
  /** An order with a stay or a pickup: its lines apart (issue 36). */
  lines?: OrderLinesDto;
  /** The discount code the order used, per line (issue 48). */
  discount?: OrderDiscountDto;
}

/** The QR's text while something is owed on a live PromptPay order (none once expired, cancelled or paid). */
export function promptpayOf(row: OrderRow, f: OrderFigures, promptpayId: string | null): { payload: string } | undefined {
  if (row.method !== 'promptpay' || !promptpayId || !takesPayment(f) || f.dueNowSatang <= 0) return undefined;
  return { payload: promptpayPayload({ id: promptpayId, amountSatang: f.dueNowSatang }) };
}

export async function viewOf(ctx: AppContext, row: OrderRow, extra: Partial<OrderView> = {}): Promise<OrderView> {
  const figures = figuresOf(row, await ledgerTotals(ctx.db, row.id));
  const creditsLeft = row.credits == null ? null : Math.max(0, row.credits - (await repo.creditsUsed(ctx.db, row.id)));
  const promptpay = promptpayOf(row, figures, (await currentSiteSettings(ctx)).payments.promptpayId);
  const attended = await attendedCount(ctx.db, row);
  const p = await findOrderPickup(ctx.db, row.id);
  const pickup = p ? { airport: p.airport, flightNumber: p.flight_number, arrivesAt: p.arrives_at, sequence: Number(p.sequence) } : undefined;
  const lines = await orderLinesOf(ctx, row, takesPayment(figures));
  const discount = await findOrderDiscount(ctx.db, row.id);
  return {
    row,
    figures,
    creditsLeft,
    slipAccepted: takesSlip(row, figures),
    attended,
    ...(promptpay ? { promptpay } : {}),
    ...(pickup ? { pickup } : {}),
    ...(lines ? { lines } : {}),
    ...(discount ? { discount: presentOrderDiscount(discount) } : {}),
    ...extra,
  };
}

async function orderOfToken(ctx: AppContext, token: string): Promise<OrderRow> {
  const row = await repo.findOrderByTokenHash(ctx.db, hashToken(token));
  if (row) return row;
  // A key of an order whose buyer was erased answers 410 (decision 184); one never given, 404.
  await retiredRecordOf(ctx.db, 'order', token);
  throw notFound(ORDER_NOT_FOUND);
}

/** GET /api/orders/by-token/{token}. */
export const orderByToken = async (ctx: AppContext, token: string): Promise<OrderView> => viewOf(ctx, await orderOfToken(ctx, token));

/** GET /api/orders/by-token/{token}/promptpay.svg: the QR of what is due now (404 when nothing is to be paid by PromptPay). */
export async function promptpaySvg(ctx: AppContext, token: string): Promise<string> {
  const view = await orderByToken(ctx, token);
  if (!view.promptpay) {
    if (view.figures.state === 'expired') throw conflict(ORDER_EXPIRED, 'order_expired');
    throw notFound('Nothing to pay by PromptPay on this order');
  }
  return promptpayQrSvg(view.promptpay.payload);
}

/** POST /api/orders/by-token/{token}/checkout: a new card checkout for what is due now. */
export async function checkoutByToken(ctx: AppContext, token: string): Promise<OrderView> {
  const row = await orderOfToken(ctx, token);
  if (row.method !== 'card' || !ctx.cardGateway) throw conflict(CARD_UNAVAILABLE, 'card_unavailable');
  const view = await viewOf(ctx, row);
  if (view.figures.state === 'expired') throw conflict(ORDER_EXPIRED, 'order_expired');
  if (!takesPayment(view.figures) || view.figures.dueNowSatang <= 0) throw conflict(ORDER_CLOSED, 'order_closed');
  const customer = await repo.findCustomerRow(ctx.db, row.customer_id);
  if (!customer) throw notFound(ORDER_NOT_FOUND);
  const url = await openCheckout(ctx, row, customer, token, false);
  // The open session turned out paid meanwhile: the order as it is now, nothing to pay.
  if (!url) return viewOf(ctx, row);
  return { ...view, checkoutUrl: url };
}

// Transfer slips hold a person's bank details: kept outside the public uploads folder and
// served to staff only (GET /api/orders/{id}/slip), as one WebP without the photo's metadata.
const SLIP_WIDTH = 1600;
export const slipStorage = (ctx: AppContext): MediaStorage => privateMediaStorage(ctx.config, 'slips', '/api/orders/slips/');

/** POST /api/orders/by-token/{token}/slip: checked like a gallery upload; a new one replaces the last. */
export async function uploadSlip(ctx: AppContext, token: string, file: UploadedFile | null): Promise<OrderView> {
  const row = await orderOfToken(ctx, token);
  if (!file || file.data.length === 0) throw badRequest(NO_FILE);
  const before = figuresOf(row, await ledgerTotals(ctx.db, row.id));
  if (!takesSlip(row, before)) {
    if (before.state === 'expired') throw conflict(ORDER_EXPIRED, 'order_expired');
    throw conflict(ORDER_CLOSED, 'order_closed');
  }
  const image = await processImage(file.data, { widths: [SLIP_WIDTH], maxPixels: GALLERY_MAX_PIXELS }).catch(rejection);
  const storage = slipStorage(ctx);
  const largest = image.variants[image.variants.length - 1];
  const name = variantName(newMediaStem(), largest.width);
  await storage.save(name, largest.data);
  try {
    await repo.setOrderFields(ctx.db, row.id, { slip_key: name });
  } catch (err) {
    await storage.remove(name).catch(() => {});
    throw err;
  }
  if (row.slip_key) await storage.remove(row.slip_key).catch((err: unknown) => ctx.log.warn({ err }, 'could not remove a replaced slip'));
  notifyStaffOfOrder(ctx, before.state === 'expired' ? 'Justificatif reçu après l’échéance : à vérifier' : 'Justificatif de virement reçu', row, row.reference);
  await recordAudit(ctx, {
    created_at: nowIso(),
    user_id: null,
    user_email: null,
    method: 'POST',
    route: '/api/orders/by-token/:token/slip',
    entity_type: 'orders',
    entity_id: String(row.id),
    status: 200,
    ip: null,
    summary: `transfer slip for ${row.reference} by the buyer`,
  });
  return viewOf(ctx, { ...row, slip_key: name });
}
