import { sql } from 'kysely';
import type { LedgerKind } from '../../shared/ledger';
import type { Db } from '../db/database';

// The SQL of the dashboard's stay figures (issue 36 §7): room nights per gym month, and the
// ledger's lines with the lines of their order (training, room, pickup) to split them by.

/** Per gym month of [fromDate, beforeDate): room nights taken by stays and closed for repairs. */
export const roomNightsByMonth = (db: Db, fromDate: string, beforeDate: string) =>
  db
    .selectFrom('room_nights')
    .select([
      sql<string>`substr(night, 1, 7)`.as('month'),
      (eb) => eb.fn.sum<number | string>('taken').as('taken'),
      (eb) => eb.fn.sum<number | string>('closed').as('closed'),
    ])
    .where('night', '>=', fromDate)
    .where('night', '<', beforeDate)
    .groupBy(sql`substr(night, 1, 7)`)
    .execute();

export async function roomCount(db: Db): Promise<number> {
  const r = await db
    .selectFrom('rooms')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

export interface LedgerLineWithLines {
  order_id: number;
  kind: LedgerKind;
  amount_satang: number;
  created_at: string;
  /** The whole order, and its room's and pickup's lines (null: none). */
  order_satang: number;
  stay_satang: number | null;
  pickup_satang: number | null;
}

/** The ledger's lines recorded in [fromIso, beforeIso), with their order's lines. */
export const ledgerLinesWithOrderLines = (db: Db, fromIso: string, beforeIso: string): Promise<LedgerLineWithLines[]> =>
  db
    .selectFrom('order_payments as l')
    .innerJoin('orders as o', 'o.id', 'l.order_id')
    .leftJoin('order_stays as s', 's.order_id', 'o.id')
    .leftJoin('order_pickups as p', 'p.order_id', 'o.id')
    .select([
      'l.order_id',
      'l.kind',
      'l.amount_satang',
      'l.created_at',
      'o.amount_satang as order_satang',
      's.amount_satang as stay_satang',
      'p.amount_satang as pickup_satang',
    ])
    .where('l.created_at', '>=', fromIso)
    .where('l.created_at', '<', beforeIso)
    .execute();
