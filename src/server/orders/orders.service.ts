// Buying a pass (POST /api/orders, POST /api/desk/orders): the order, its buyer, its first
// payment at the desk and its e-mail commit together; a card checkout is opened after the commit.
import { createCipheriv, createDecipheriv, createHash, randomBytes, randomInt } from 'node:crypto';
import { addDays, todayInZone } from '../../shared/gym-time';
import type { Language } from '../../shared/i18n/languages';
import { programmeEndDate, type CatalogueEntry } from '../../shared/catalogue';
import type { OrderMethod } from '../../shared/ledger';
import type { DeskOrderPayload, OrderPayload, OrderQuotePayload } from '../../shared/schemas/orders';
import type { OrderQuoteDto } from '../../shared/api-types/stay-orders';
import { hashToken, newToken } from '../auth/tokens';
import { recordAudit } from '../audit/audit.service';
import type { AppContext } from '../context';
import { findOrCreateCustomer, findOrCreateForVisitor } from '../customers/customers.repository';
import { nowIso, type Db } from '../db/database';
import type { CustomerRow, OrderRow } from '../db/schema';
import { HttpError, badRequest, conflict } from '../errors';
import { promptpayPayload } from '../payments/promptpay/promptpay-payload';
import { promptpayQrPng } from '../payments/promptpay/promptpay-qr';
import * as keys from '../lib/idempotency-keys.repository';
import { currentSiteSettings } from '../site-settings/site-settings.service';
import { NO_MONEY } from '../../shared/ledger';
import { ledgerTotals } from '../ledger/ledger.repository';
import { recordPaymentLine } from '../ledger/ledger.service';
import { MONEY_REFUSALS } from '../ledger/money-refusals';
import { figuresOf, orderPageUrl } from '../ledger/order-figures';
import { CARD_UNAVAILABLE, openCheckout as openCardCheckout } from '../payments/checkouts.service';
import { notifyStaffOfOrder, queueOrderCreatedMail } from './order-notifications';
import * as repo from './orders.repository';
import { findPassForSale } from '../catalogue/catalogue.service';
import type { SiteSettings } from '../../shared/schemas/site-settings';
import { arrivalOf, depositAndBalance, linesName, planStayLines, writeStayLines, type StayLines } from '../stays/stay-orders.service';
import { ensureTermsVersion } from '../site-settings/stay-terms.repository';
import { checkCode, takeCodeUse, type Discount } from '../discount-codes/discount-codes.service';
import { returnUse } from '../discount-codes/discount-codes.repository';
import { staySettingsOf } from '../../shared/stay-settings-data';

export const START_DATE_PAST = 'The start date cannot be before today (gym time).';
export const START_DATE_TOO_FAR = 'The start date can be at most one year ahead.';
export const CONTACT_REQUIRED = 'An e-mail address or a phone number is needed.';
export const STAY_DEPOSIT_ONLINE = 'A room is held once its deposit is paid: please pay by PromptPay or card.';
export const PROMPTPAY_UNAVAILABLE = 'PromptPay is not available at the moment. Please choose another way to pay.';

/** How far ahead a pass may start. */
const MAX_DAYS_AHEAD = 366;
/** References: 'GYM-' and six characters without 0/O/1/I, read aloud or typed without doubt. */
const REFERENCE_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
const newReference = () => `GYM-${Array.from({ length: 6 }, () => REFERENCE_ALPHABET[randomInt(REFERENCE_ALPHABET.length)]).join('')}`;
const IDEMPOTENCY_TTL_MS = 24 * 3_600_000;

/**
 * The pass's gym days: from a start today or later (gym time), at most a year ahead; a
 * programme's cover its months (programmeEndDate).
 */
export function passDates(
  ctx: AppContext,
  startDate: string,
  length: number | Pick<CatalogueEntry, 'days' | 'months'>,
  now = new Date(),
): { start: string; end: string } {
  const today = todayInZone(ctx.config.timezone, now);
  if (startDate < today) throw badRequest(START_DATE_PAST, 'start_date_past');
  if (startDate > addDays(today, MAX_DAYS_AHEAD)) throw badRequest(START_DATE_TOO_FAR, 'start_date_too_far');
  const { days, months } = typeof length === 'number' ? { days: length, months: null } : length;
  return { start: startDate, end: months != null ? programmeEndDate(startDate, months) : addDays(startDate, Math.max(1, days) - 1) };
}

/** The days between two gym dates, both counted. */
const daysBetween = (start: string, end: string) => Math.round((Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / 86_400_000) + 1;

/** What a new order is: the pass, the stay and pickup, the buyer, how they pay, and who sold it (desk). */
interface OrderPlan {
  entry: CatalogueEntry | null;
  dates: { start: string; end: string };
  lines: StayLines;
  /** The whole order: pass + stay + pickup, less the discount code's. */
  amountSatang: number;
  /** The discount code's, per line (issue 48); its use is taken in the order's transaction. */
  discount: Discount | null;
  depositSatang: number;
  balanceDueDate: string | null;
  termsVersion: number | null;
  buyer: { name: string; email: string | null; phone: string | null; language: Language };
  method: OrderMethod;
  createdBy: number | null;
}

export interface CreatedOrder {
  row: OrderRow;
  token: string;
  /** The PromptPay ID the QR pays (method promptpay). */
  promptpayId: string | null;
  checkoutUrl?: string;
  replayed: boolean;
}

async function insertWithReference(trx: Db, plan: OrderPlan, customer: CustomerRow, token: string, holdMs: number): Promise<OrderRow> {
  const now = nowIso();
  const { entry } = plan;
  for (let attempt = 0; attempt < 8; attempt += 1) {
    const row = await repo.insertOrder(trx, {
      reference: newReference(),
      token_hash: hashToken(token),
      customer_id: customer.id,
      // Without a pass (a stay or a pickup alone): pass_id '' and placeholders no booking can spend (credits.ts).
      pass_id: entry?.id ?? '',
      pass_name: entry ? (entry.name[plan.buyer.language] ?? entry.name.en) : linesName(plan.lines),
      pass_kind: entry?.kind ?? 'single',
      pass_covers: entry?.covers ?? 'muay-thai',
      pass_days: !entry ? 1 : entry.months != null ? daysBetween(plan.dates.start, plan.dates.end) : entry.days,
      credits: entry ? entry.credits : 1,
      programme_months: entry?.months ?? null,
      programme_sessions_per_week: entry?.sessionsPerWeek ?? null,
      programme_hours_per_week: entry?.hoursPerWeek ?? null,
      programme_disciplines: entry?.kind === 'programme' ? entry.disciplines.join(',') : null,
      start_date: plan.dates.start,
      end_date: plan.dates.end,
      amount_satang: plan.amountSatang,
      deposit_satang: plan.depositSatang,
      terms_version: plan.termsVersion,
      balance_due_date: plan.balanceDueDate,
      method: plan.method,
      language: plan.buyer.language,
      // What was typed, kept with the order: the customer's record is not rewritten by it (decision 173).
      buyer_name: plan.buyer.name,
      buyer_phone: plan.buyer.phone,
      expires_at: plan.method === 'desk' ? null : new Date(Date.now() + holdMs).toISOString(),
      cancelled_at: null,
      slip_key: null,
      created_by: plan.createdBy,
      created_at: now,
      updated_at: now,
    });
    if (row) return row;
  }
  throw new Error('could not draw a free order reference');
}

// An Idempotency-Key's answer holds the order page's token; it is stored sealed with a key
// derived from the Idempotency-Key, which itself is stored only as a hash: a copy of the
// database gives neither.
const keyRow = (key: string) => `order:${hashToken(key)}`;
const sealKey = (key: string) => createHash('sha256').update(`order-token:${key}`).digest();
function seal(key: string, orderId: number, token: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', sealKey(key), iv);
  const data = Buffer.concat([cipher.update(token, 'utf8'), cipher.final()]);
  return JSON.stringify({ orderId, iv: iv.toString('base64'), tag: cipher.getAuthTag().toString('base64'), data: data.toString('base64') });
}
function unseal(key: string, body: string): { orderId: number; token: string } {
  const s = JSON.parse(body) as { orderId: number; iv: string; tag: string; data: string };
  const decipher = createDecipheriv('aes-256-gcm', sealKey(key), Buffer.from(s.iv, 'base64'));
  decipher.setAuthTag(Buffer.from(s.tag, 'base64'));
  return { orderId: s.orderId, token: Buffer.concat([decipher.update(Buffer.from(s.data, 'base64')), decipher.final()]).toString('utf8') };
}
/** An order's payload; callers inside the server (a private lesson's pass) give no code. */
type OrderInput = Omit<OrderPayload, 'code'> & { code?: string | null };
const requestHash = (p: OrderInput) =>
  hashToken(
    JSON.stringify([
      p.passId,
      p.startDate,
      p.name,
      p.email,
      p.phone,
      p.language,
      p.method,
      ...(p.stay || p.pickup ? [p.stay, p.pickup] : []),
      ...(p.code ? [p.code] : []),
    ]),
  );

async function replay(ctx: AppContext, db: Db, key: string, hash: string): Promise<CreatedOrder> {
  const stored = await keys.findIdempotencyKey(db, keyRow(key));
  if (!stored) throw new Error('idempotency key vanished');
  if (stored.request_hash !== hash) throw new HttpError(422, keys.idempotencyKeyReused('order'), 'idempotency_key_reused');
  if (stored.answer_body == null) throw conflict(keys.IDEMPOTENCY_KEY_BUSY, 'idempotency_key_busy');
  const { orderId, token } = unseal(key, stored.answer_body);
  const row = await repo.findOrder(db, orderId);
  if (!row) throw new Error('idempotent order vanished');
  const settings = await currentSiteSettings(ctx);
  return { row, token, promptpayId: settings.payments.promptpayId, replayed: true };
}

type PlannedOrder = Omit<OrderPlan, 'buyer' | 'method' | 'createdBy'>;

/**
 * The pass (when one is asked), the stay and the pickup, checked and priced (reads only); the
 * deposit rule of Paramètres › Séjours applies to the whole order when it has a stay or a pickup
 * (decision 157). The quote before paying and the order itself both price here.
 */
async function priceOrder(
  ctx: AppContext,
  settings: SiteSettings,
  payload: Omit<OrderQuotePayload, 'code'> & { code?: string | null },
): Promise<Omit<PlannedOrder, 'termsVersion'>> {
  const entry = payload.passId ? await findPassForSale(ctx, payload.passId) : null;
  const passRange = entry && payload.startDate ? passDates(ctx, payload.startDate, entry) : null;
  const lines = await planStayLines(ctx, staySettingsOf(settings), payload);
  const arrival = arrivalOf(lines);
  const linesSatang = (lines.stay?.amountSatang ?? 0) + (lines.pickup?.amountSatang ?? 0);
  // A code takes its discount off the lines it covers; the deposit is then of the discounted total.
  const discount = payload.code
    ? await checkCode(ctx, payload.code, {
        passId: entry?.id ?? null,
        trainingSatang: entry?.priceSatang ?? 0,
        staySatang: lines.stay?.amountSatang ?? 0,
        pickupSatang: lines.pickup?.amountSatang ?? 0,
      })
    : null;
  const amountSatang = (entry?.priceSatang ?? 0) + linesSatang - (discount?.totalSatang ?? 0);
  const dates = passRange ?? { start: arrival ?? todayInZone(ctx.config.timezone), end: lines.stay?.checkOut ?? arrival ?? todayInZone(ctx.config.timezone) };
  if (!arrival) {
    // A discounted pass's own deposit is no deposit once it is the whole price or more.
    const passDeposit = entry?.depositSatang ?? 0;
    return { entry, dates, lines, amountSatang, discount, depositSatang: discount && passDeposit >= amountSatang ? 0 : passDeposit, balanceDueDate: null };
  }
  const { depositSatang, balanceDueDate } = depositAndBalance(staySettingsOf(settings), amountSatang, arrival, todayInZone(ctx.config.timezone));
  return { entry, dates, lines, amountSatang, discount, depositSatang, balanceDueDate };
}

async function planOrder(ctx: AppContext, settings: SiteSettings, payload: OrderInput | DeskOrderPayload): Promise<PlannedOrder> {
  const priced = await priceOrder(ctx, settings, payload);
  // The terms are versioned before the order's transaction: parallel orders then read the same version.
  const termsVersion = priced.lines.stay ? await ensureTermsVersion(ctx.db, staySettingsOf(settings).terms, null) : null;
  return { ...priced, termsVersion };
}

/**
 * POST /api/orders/quote: what an order of these lines costs and how it is paid (the total, what
 * is due now, the balance and when), priced as POST /api/orders would price it now. Nothing is
 * taken or written: rooms left are the availability's answer.
 */
export async function quoteOrder(ctx: AppContext, payload: OrderQuotePayload): Promise<OrderQuoteDto> {
  const plan = await priceOrder(ctx, await currentSiteSettings(ctx), payload);
  const dueNowSatang = plan.depositSatang > 0 ? plan.depositSatang : plan.amountSatang;
  const balanceSatang = plan.amountSatang - dueNowSatang;
  return {
    trainingSatang: plan.entry?.priceSatang ?? 0,
    staySatang: plan.lines.stay?.amountSatang ?? 0,
    nights: plan.lines.stay?.nights ?? 0,
    pickupSatang: plan.lines.pickup?.amountSatang ?? 0,
    discountSatang: plan.discount?.totalSatang ?? 0,
    totalSatang: plan.amountSatang,
    dueNowSatang,
    balanceSatang,
    balanceDueDate: balanceSatang > 0 ? plan.balanceDueDate : null,
    balanceOnArrival: balanceSatang > 0 && plan.balanceDueDate == null,
  };
}

/**
 * POST /api/orders: a traveller buys a pass online (PromptPay, card, or pay at the desk).
 * `staff`: signed-in staff typed the buyer (a private lesson booked at the desk), who then update
 * a known customer's name and phone; a visitor never does (decision 173).
 */
export async function createOrder(ctx: AppContext, payload: OrderInput, idempotencyKey?: string, opts: { staff?: boolean } = {}): Promise<CreatedOrder> {
  const settings = await currentSiteSettings(ctx);
  const promptpayId = settings.payments.promptpayId;
  if (payload.method === 'promptpay' && !promptpayId) throw conflict(PROMPTPAY_UNAVAILABLE, 'promptpay_unavailable');
  if (payload.method === 'card' && !ctx.cardGateway) throw conflict(CARD_UNAVAILABLE, 'card_unavailable');
  // An order paid at the desk never lapses: rooms held that way would be held by anyone for as
  // long as they like. Online, a room is held with its deposit paid (decision 157).
  if (payload.stay && payload.method === 'desk') throw badRequest(STAY_DEPOSIT_ONLINE, 'stay_deposit_online');
  const plan: OrderPlan = { ...(await planOrder(ctx, settings, payload)), buyer: payload, method: payload.method, createdBy: null };
  const dueNow = plan.depositSatang > 0 ? plan.depositSatang : plan.amountSatang;
  // Drawn before the transaction: the QR depends on the amount only, not on the row.
  const qrPng = payload.method === 'promptpay' && promptpayId ? await promptpayQrPng(promptpayPayload({ id: promptpayId, amountSatang: dueNow })) : null;
  const hash = idempotencyKey ? requestHash(payload) : '';
  const token = newToken();
  let created: { row: OrderRow; customer: CustomerRow } | CreatedOrder;
  try {
    created = await ctx.db.transaction().execute(async (trx) => {
      if (idempotencyKey) {
        const cutoff = new Date(Date.now() - IDEMPOTENCY_TTL_MS).toISOString();
        if (!(await keys.claimIdempotencyKey(trx, { key: keyRow(idempotencyKey), requestHash: hash, createdAt: nowIso() }, cutoff))) {
          return replay(ctx, trx, idempotencyKey, hash);
        }
      }
      const customer = await (opts.staff ? findOrCreateCustomer : findOrCreateForVisitor)(trx, payload);
      if (!customer) throw badRequest(CONTACT_REQUIRED, 'contact_required');
      const row = await insertWithReference(trx, plan, customer, token, ctx.config.paymentHoldMs);
      await writeStayLines(trx, row.id, plan.lines);
      // The code's use, total and per person, is taken here: a refusal rolls the order back.
      if (plan.discount) await takeCodeUse(trx, plan.discount, row.id, customer.id);
      // A card order's e-mail waits for its checkout (below): no e-mail for an order that failed to open one.
      if (payload.method !== 'card') await queueOrderCreatedMail(ctx, trx, row, customer, figuresOf(row, NO_MONEY), token, qrPng);
      if (idempotencyKey) await keys.completeIdempotencyKey(trx, keyRow(idempotencyKey), 201, seal(idempotencyKey, row.id, token));
      return { row, customer };
    });
  } catch (err) {
    // Two first requests with one key (PostgreSQL): the loser's claim failed; the winner's answer is the one.
    if (!idempotencyKey || err instanceof HttpError) throw err;
    if (!(await keys.findIdempotencyKey(ctx.db, keyRow(idempotencyKey)))) throw err;
    return replay(ctx, ctx.db, idempotencyKey, hash);
  }
  if ('replayed' in created) return created;
  const { row, customer } = created;
  let checkoutUrl: string | undefined;
  if (payload.method === 'card') checkoutUrl = (await openCheckout(ctx, row, customer, token)) ?? undefined;
  ctx.mail.kick();
  notifyStaffOfOrder(ctx, plan.lines.stay ? 'Nouveau séjour' : 'Nouvelle commande', row, customer.name);
  await recordAudit(ctx, {
    created_at: nowIso(),
    user_id: null,
    user_email: customer.email,
    method: 'POST',
    route: '/api/orders',
    entity_type: 'orders',
    entity_id: String(row.id),
    status: 201,
    ip: null,
    summary: `order ${row.reference} (${row.method}, ${row.amount_satang} satang) by the buyer`,
  });
  return { row, token, promptpayId, checkoutUrl, replayed: false };
}

/**
 * Opens a card checkout for what is due now (payments/checkouts.service.ts). For a fresh order, a
 * provider failure cancels it (nothing was paid) and its e-mail is queued only once the checkout
 * exists; answers 409 card_unavailable.
 */
export async function openCheckout(ctx: AppContext, row: OrderRow, customer: CustomerRow, token: string, fresh = true): Promise<string | null> {
  let url: string | null;
  try {
    url = await openCardCheckout(ctx, {
      order: row,
      email: customer.email ?? '',
      language: row.language,
      description: `${row.pass_name} (${row.start_date} – ${row.end_date})`,
      backUrl: orderPageUrl(ctx, token, row.language),
    });
  } catch (err) {
    if (fresh) {
      await repo.setOrderFields(ctx.db, row.id, { cancelled_at: nowIso() });
      await returnUse(ctx.db, row.id);
    }
    throw err;
  }
  if (fresh) {
    const figures = figuresOf(row, await ledgerTotals(ctx.db, row.id));
    await ctx.db.transaction().execute((trx) => queueOrderCreatedMail(ctx, trx, row, customer, figures, token, null));
  }
  return url;
}

/** POST /api/desk/orders: staff sell a pass at the desk, with the money taken now if any. */
export async function createDeskOrder(ctx: AppContext, payload: DeskOrderPayload, userId: number): Promise<CreatedOrder> {
  const plan: OrderPlan = { ...(await planOrder(ctx, await currentSiteSettings(ctx), payload)), buyer: payload, method: 'desk', createdBy: userId };
  if (payload.payment && payload.payment.amountSatang > plan.amountSatang) throw conflict(MONEY_REFUSALS.paymentExceedsOwed, 'payment_exceeds_owed');
  const token = newToken();
  const { row } = await ctx.db.transaction().execute(async (trx) => {
    const customer = await findOrCreateCustomer(trx, payload);
    if (!customer) throw badRequest(CONTACT_REQUIRED, 'contact_required');
    const row = await insertWithReference(trx, plan, customer, token, 0);
    await writeStayLines(trx, row.id, plan.lines);
    await queueOrderCreatedMail(ctx, trx, row, customer, figuresOf(row, { ...NO_MONEY, paidSatang: payload.payment?.amountSatang ?? 0 }), token, null);
    const payment = payload.payment;
    if (payment) await recordPaymentLine(ctx, trx, { orderId: row.id, method: payment.method, amountSatang: payment.amountSatang, userId });
    return { row };
  });
  ctx.mail.kick();
  return { row, token, promptpayId: null, replayed: false };
}
