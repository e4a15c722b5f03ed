// The SQL of visa letters (migration 034). Every change of a letter's status is one conditional
// UPDATE (the status it changes from is in its WHERE), so two staff members, or a refund and an
// issue, never both win; references come from one upsert on document_sequences.
import type { Insertable } from 'kysely';
import type { VisaLetterStatus } from '../../shared/visa-letters';
import { nowIso, type Db } from '../db/database';
import type { VisaLetterRow, VisaLettersTable } from '../db/schema';

/** The passport's data and what was printed, blanked together (erase, re-issue, purge). */
const BLANK_PERSONAL = {
  full_name: null,
  nationality: null,
  passport_number: null,
  date_of_birth: null,
  embassy: null,
  letter: null,
  pdf: null,
} as const;

export const findLetter = (db: Db, id: number): Promise<VisaLetterRow | undefined> =>
  db.selectFrom('visa_letters').selectAll().where('id', '=', id).executeTakeFirst();

export const findLetterByCode = (db: Db, code: string): Promise<VisaLetterRow | undefined> =>
  db.selectFrom('visa_letters').selectAll().where('verify_code', '=', code).executeTakeFirst();

/** The order's letters, newest first. */
export const lettersOfOrders = (db: Db, orderIds: readonly number[]): Promise<VisaLetterRow[]> =>
  db
    .selectFrom('visa_letters')
    .selectAll()
    .where('order_id', 'in', orderIds.length ? orderIds : [-1])
    .orderBy('id', 'desc')
    .execute();

export const insertLetter = (db: Db, values: Insertable<VisaLettersTable>): Promise<VisaLetterRow> =>
  db.insertInto('visa_letters').values(values).returningAll().executeTakeFirstOrThrow();

/** A new request replaces the order's request still waiting (the traveller corrected a typo); null when none waits. */
export async function updateWaitingRequest(db: Db, orderId: number, set: Partial<Insertable<VisaLettersTable>>): Promise<VisaLetterRow | null> {
  const row = await db
    .updateTable('visa_letters')
    .set({ ...set, updated_at: nowIso() })
    .where('order_id', '=', orderId)
    .where('status', '=', 'requested')
    .returningAll()
    .executeTakeFirst();
  return row ?? null;
}

export interface ListedLetter extends VisaLetterRow {
  order_reference: string;
  buyer_name: string;
  pass_name: string;
  start_date: string;
  end_date: string;
}

const listedLetters = (db: Db) =>
  db
    .selectFrom('visa_letters as v')
    .innerJoin('orders as o', 'o.id', 'v.order_id')
    .innerJoin('customers as c', 'c.id', 'o.customer_id')
    .selectAll('v')
    .select(['o.reference as order_reference', 'c.name as buyer_name', 'o.pass_name', 'o.start_date', 'o.end_date']);

/** One row as the list shows it. */
export const findListedLetter = (db: Db, id: number): Promise<ListedLetter | undefined> => listedLetters(db).where('v.id', '=', id).executeTakeFirst();

export async function listLetters(
  db: Db,
  status: VisaLetterStatus | undefined,
  limit: number,
  offset: number,
): Promise<{ rows: ListedLetter[]; total: number }> {
  let q = db.selectFrom('visa_letters as v').innerJoin('orders as o', 'o.id', 'v.order_id').innerJoin('customers as c', 'c.id', 'o.customer_id');
  if (status) q = q.where('v.status', '=', status);
  const [rows, count] = await Promise.all([
    q
      .selectAll('v')
      .select(['o.reference as order_reference', 'c.name as buyer_name', 'o.pass_name', 'o.start_date', 'o.end_date'])
      .orderBy('v.created_at', 'desc')
      .orderBy('v.id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute(),
    q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/** The next number of `name` in `year`: one upsert, so parallel issues never share one. */
export async function nextSequence(db: Db, name: string, year: number): Promise<number> {
  const row = await db
    .insertInto('document_sequences')
    .values({ name, year, last: 1 })
    .onConflict((oc) => oc.columns(['name', 'year']).doUpdateSet((eb) => ({ last: eb('document_sequences.last', '+', 1) })))
    .returning('last')
    .executeTakeFirstOrThrow();
  return Number(row.last);
}

/** Writes the issued letter on a waiting request; false when it is no longer waiting. */
export async function markIssued(db: Db, id: number, set: Partial<Insertable<VisaLettersTable>>): Promise<boolean> {
  const r = await db
    .updateTable('visa_letters')
    .set({ ...set, status: 'issued', updated_at: nowIso() })
    .where('id', '=', id)
    .where('status', '=', 'requested')
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/**
 * Revokes the letters (and requests) of an order still standing, except `keepId`; the passport data
 * of a letter replaced goes at once when `blank` (the new letter carries it). Answers how many.
 */
export async function revokeOrderLetters(
  db: Db,
  orderId: number,
  reason: string,
  opts: { keepId?: number; blank?: boolean; purgeAfter: string },
): Promise<number> {
  let q = db
    .updateTable('visa_letters')
    .set({
      status: 'revoked',
      revoked_at: nowIso(),
      revoke_reason: reason,
      purge_after: opts.purgeAfter,
      updated_at: nowIso(),
      ...(opts.blank ? BLANK_PERSONAL : {}),
    })
    .where('order_id', '=', orderId)
    .where('status', 'in', ['requested', 'issued']);
  if (opts.keepId !== undefined) q = q.where('id', '!=', opts.keepId);
  const r = await q.executeTakeFirst();
  return Number(r.numUpdatedRows);
}

/** Revokes one letter or request; false when it was revoked already. */
export async function revokeLetter(db: Db, id: number, reason: string, purgeAfter: string): Promise<boolean> {
  const r = await db
    .updateTable('visa_letters')
    .set({ status: 'revoked', revoked_at: nowIso(), revoke_reason: reason, purge_after: purgeAfter, updated_at: nowIso() })
    .where('id', '=', id)
    .where('status', 'in', ['requested', 'issued'])
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** The erase: the orders' letters revoked and their passport data and printed copies blanked. */
export async function eraseLettersOfOrders(db: Db, orderIds: readonly number[], at: string): Promise<number> {
  if (orderIds.length === 0) return 0;
  await db
    .updateTable('visa_letters')
    .set({ status: 'revoked', revoked_at: at, revoke_reason: 'erased', updated_at: at })
    .where('order_id', 'in', orderIds)
    .where('status', 'in', ['requested', 'issued'])
    .execute();
  const r = await db
    .updateTable('visa_letters')
    .set({ ...BLANK_PERSONAL, name_differs: 0, updated_at: at })
    .where('order_id', 'in', orderIds)
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}

/** The holder's e-mails of letters whose time is up lose their attached PDF (it prints the passport data). */
export async function sentLetterMailsPastPurge(db: Db, now: string): Promise<number> {
  const due = await db.selectFrom('visa_letters').select('reference').where('purge_after', '<=', now).where('reference', 'is not', null).execute();
  let n = 0;
  for (const { reference } of due) {
    const r = await db.updateTable('outbox').set({ attachments: null }).where('attachments', 'like', `%"filename":"${reference}.pdf"%`).executeTakeFirst();
    n += Number(r.numUpdatedRows);
  }
  return n;
}

/** The purge: rows whose time is up go whole (their reference then answers as unknown). */
export async function deleteLettersPastPurge(db: Db, now: string): Promise<number> {
  const r = await db.deleteFrom('visa_letters').where('purge_after', '<=', now).executeTakeFirst();
  return Number(r.numDeletedRows);
}
