// Receipt numbers (decision 150): one per order, given at first issue from a counter per year,
// in one transaction with the order's row locked, so parallel first requests give one number and
// the year's numbers run without gaps.
import { sql } from 'kysely';
import type { Db, Dialect } from '../db/database';
import type { OrderReceiptsTable } from '../db/schema';
import { lockOrder } from '../ledger/ledger.repository';

export type ReceiptNumber = Pick<OrderReceiptsTable, 'number' | 'issued_at'>;

export const findReceipt = (db: Db, orderId: number): Promise<ReceiptNumber | undefined> =>
  db.selectFrom('order_receipts').select(['number', 'issued_at']).where('order_id', '=', orderId).executeTakeFirst();

export const receiptNumberText = (year: number, n: number): string => `R-${year}-${String(n).padStart(4, '0')}`;

/** The order's receipt number, given now (year `year`) when it has none. */
export async function issueReceiptNumber(db: Db, dialect: Dialect, orderId: number, year: number, at: string): Promise<ReceiptNumber> {
  const known = await findReceipt(db, orderId);
  if (known) return known;
  return db.transaction().execute(async (trx) => {
    await lockOrder(trx, orderId, dialect);
    const existing = await findReceipt(trx, orderId);
    if (existing) return existing;
    // One conditional write takes the next number: the counter's row is locked until commit.
    const counter = await trx
      .insertInto('receipt_counters')
      .values({ year, last_number: 1 })
      .onConflict((oc) => oc.column('year').doUpdateSet({ last_number: sql<number>`receipt_counters.last_number + 1` }))
      .returning('last_number')
      .executeTakeFirstOrThrow();
    const row = { order_id: orderId, number: receiptNumberText(year, Number(counter.last_number)), issued_at: at };
    await trx.insertInto('order_receipts').values(row).execute();
    return { number: row.number, issued_at: row.issued_at };
  });
}
