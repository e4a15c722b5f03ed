// The back office's customers: search, one person's history, merging two records of one person,
// and the values visitors typed that differ from the record (decision 173).
import { todayInZone } from '../../shared/gym-time';
import type { CustomerProposalDto } from '../../shared/api-types';
import type { CustomerAdoptPayload, CustomerDetail, CustomerListQuery } from '../../shared/schemas/customers';
import { pageOf } from '../../shared/schemas/lists';
import { insertAuditEntry } from '../audit/audit.repository';
import type { AppContext } from '../context';
import { nowIso } from '../db/database';
import { textSearch } from '../db/search';
import type { CustomerRow } from '../db/schema';
import { badRequest, conflict, notFound } from '../errors';
import { phoneKey } from './customer-keys';
import * as proposals from './customer-proposals.repository';
import * as repo from './customer-records.repository';
import { resolveCustomer } from './customers.repository';
import { askedAtOf } from '../review-requests/review-requests.repository';
import {
  balanceOwed,
  presentCustomer,
  presentCustomerBooking,
  presentCustomerConversation,
  presentCustomerOrder,
  presentCustomerPayment,
} from './customers.presenter';

const CUSTOMER_NOT_FOUND = 'Client introuvable';
/** The latest bookings a customer's page lists; bookingCount says how many there are in all. */
const BOOKINGS_SHOWN = 200;
/** The customer record's window for late cancels and no-shows (issue 34 §5). */
export const CONDUCT_DAYS = 90;

/** A search typed as a phone number: digits with spaces, dashes, dots, brackets or a plus. */
const PHONE_LIKE = /^[\d\s+().-]+$/;

/** GET /api/customers: a page of live customers, with what each still owes. */
export async function searchCustomers(ctx: AppContext, q: CustomerListQuery, now: Date = new Date()) {
  const { page, pageSize, offset } = pageOf(q);
  const text = q.q ?? '';
  const digits = PHONE_LIKE.test(text) ? text.replace(/\D/g, '') : '';
  const filter: repo.CustomerFilter = text ? { like: textSearch(ctx.dialect, text), ...(digits.length >= 3 ? { digits } : {}) } : {};
  const { rows, total } = await repo.searchCustomers(ctx.db, filter, pageSize, offset);
  const orders = await repo.ordersWithTotals(
    ctx.db,
    rows.map((r) => r.id),
  );
  const items = rows.map((c) =>
    presentCustomer(
      c,
      balanceOwed(
        orders.filter((o) => o.customer_id === c.id),
        now,
      ),
    ),
  );
  return { items, total, page, pageSize };
}

/** GET /api/customers/{id}: the person and their history; a merged id answers the record it went into. */
export async function customerDetail(ctx: AppContext, id: number, now: Date = new Date()) {
  const customer = await resolveCustomer(ctx.db, id);
  if (!customer || customer.merged_into_id !== null) throw notFound(CUSTOMER_NOT_FOUND);
  const since = new Date(now.getTime() - CONDUCT_DAYS * 86_400_000).toISOString();
  const [orders, bookings, payments, conversations, conduct, typed, reviewRequestedAt] = await Promise.all([
    repo.ordersWithTotals(ctx.db, [customer.id]),
    repo.customerBookings(ctx.db, customer.id, BOOKINGS_SHOWN),
    repo.customerPayments(ctx.db, customer.id),
    repo.customerConversations(ctx.db, customer.id),
    repo.customerConduct(ctx.db, customer.id, since),
    proposals.typedSince(ctx.db, customer),
    askedAtOf(ctx.db, customer.id),
  ]);
  const today = todayInZone(ctx.config.timezone, now);
  return {
    ...presentCustomer(customer, balanceOwed(orders, now)),
    ...(customer.id !== id ? { mergedFromId: id } : {}),
    bookingCount: bookings.total,
    bookings: bookings.rows.map(presentCustomerBooking),
    conduct90Days: conduct,
    orders: orders.map((o) => presentCustomerOrder(o, now, today)),
    payments: payments.map(presentCustomerPayment),
    conversations: conversations.map(presentCustomerConversation),
    proposals: differingValues(customer, typed),
    reviewRequestedAt,
  };
}

/** A name as people see it: case, accents' encoding and spacing aside. */
const nameKey = (v: string) => v.normalize('NFC').replace(/\s+/g, ' ').trim().toLowerCase();

/** The typed value of a detail as compared (null: nothing typed, or the same as the record's). */
function differing(c: CustomerRow, field: CustomerDetail, row: proposals.TypedRow): { value: string; key: string } | null {
  if (field === 'language') return row.language === c.language ? null : { value: row.language, key: row.language };
  const value = row[field]?.trim() ?? '';
  if (value === '') return null;
  if (field === 'name') return nameKey(value) === nameKey(c.name) ? null : { value, key: nameKey(value) };
  // A phone is the same number however it is spaced; one too short to be a key, by its text.
  const key = phoneKey(value) ?? value;
  return key === (c.phone_key ?? c.phone?.trim()) ? null : { value, key };
}

const DETAILS: readonly CustomerDetail[] = ['name', 'phone', 'language'];

/** One line per differing value (rows come newest first: each names where it was last given). */
function differingValues(c: CustomerRow, rows: proposals.TypedRow[]): CustomerProposalDto[] {
  const out: CustomerProposalDto[] = [];
  for (const field of DETAILS) {
    const since = c[`${field}_set_at`] ?? c.created_at;
    const seen = new Set<string>();
    for (const row of rows) {
      const d = row.created_at > since ? differing(c, field, row) : null;
      if (!d || seen.has(d.key)) continue;
      seen.add(d.key);
      out.push({ field, value: d.value, from: { kind: row.kind, id: row.id }, at: row.created_at });
    }
  }
  return out;
}

export interface MergeActor {
  id: number;
  email: string;
  ip: string | null;
}

/**
 * POST /api/customers/{id}/merge: the other record's bookings, orders and conversations move to
 * this one, which takes the other's e-mail and phone where it has none; the other is marked merged
 * into this one and its e-mail key freed. One transaction, with its audit entry (the request's
 * own entry names this record; this one names the record that went).
 */
export async function mergeCustomers(ctx: AppContext, actor: MergeActor, id: number, otherId: number) {
  if (id === otherId) throw badRequest('Un client ne peut pas être fusionné avec lui-même', 'merge_same_customer');
  return ctx.db.transaction().execute(async (trx) => {
    const rows = await repo.lockCustomers(trx, [id, otherId], ctx.dialect);
    const keep = rows.find((r) => r.id === id);
    const other = rows.find((r) => r.id === otherId);
    if (!keep || !other) throw notFound(CUSTOMER_NOT_FOUND);
    for (const c of [keep, other]) {
      if (c.merged_into_id !== null) {
        throw conflict(`Le client ${c.id} a déjà été fusionné avec le client ${c.merged_into_id}`, 'customer_merged');
      }
    }
    const at = nowIso();
    const moved = await repo.moveCustomerRecords(trx, other.id, keep.id);
    await repo.markMerged(trx, other, keep, at);
    await insertAuditEntry(trx, {
      created_at: at,
      user_id: actor.id,
      user_email: actor.email,
      method: 'POST',
      route: '/api/customers/:id/merge',
      entity_type: 'customers',
      entity_id: String(other.id),
      status: 200,
      ip: actor.ip,
      summary: `merged into customer ${keep.id}: ${moved.bookings} bookings, ${moved.orders} orders, ${moved.conversations} conversations moved`,
    });
    return { id: keep.id, mergedId: other.id, moved };
  });
}

/** How the adopt's refusals name the row and the detail (the back office speaks French). */
const SOURCE_LABELS = { booking: 'La réservation', order: 'La commande', message: 'La conversation' } as const;
const FIELD_LABELS = { name: 'nom', phone: 'téléphone', language: 'langue' } as const;

/**
 * POST /api/customers/{id}/adopt: the customer takes the name, phone or language one of their
 * bookings, orders or contact messages gave (read from that row, never from the request), and
 * that detail counts as set now. One transaction with its audit entry (which says what was taken
 * from where, never the value: the log outlives an erasure).
 */
export async function adoptProposal(ctx: AppContext, actor: MergeActor, id: number, input: CustomerAdoptPayload) {
  return ctx.db.transaction().execute(async (trx) => {
    const [customer] = await repo.lockCustomers(trx, [id], ctx.dialect);
    if (!customer) throw notFound(CUSTOMER_NOT_FOUND);
    if (customer.merged_into_id !== null) {
      throw conflict(`Le client ${customer.id} a déjà été fusionné avec le client ${customer.merged_into_id}`, 'customer_merged');
    }
    const row = await proposals.typedRow(trx, id, input.from);
    if (!row) throw notFound(`${SOURCE_LABELS[input.from.kind]} ${input.from.id} n'est pas de ce client`);
    const value = (input.field === 'language' ? row.language : row[input.field])?.trim();
    if (!value) throw badRequest(`${SOURCE_LABELS[input.from.kind]} ${input.from.id} ne donne pas de ${FIELD_LABELS[input.field]}`);
    const at = nowIso();
    await proposals.setDetail(trx, id, input.field, value, at);
    await insertAuditEntry(trx, {
      created_at: at,
      user_id: actor.id,
      user_email: actor.email,
      method: 'POST',
      route: '/api/customers/:id/adopt',
      entity_type: 'customers',
      entity_id: String(id),
      status: 200,
      ip: actor.ip,
      summary: `${input.field} taken from ${input.from.kind} ${input.from.id}`,
    });
    return { id, field: input.field, value };
  });
}
