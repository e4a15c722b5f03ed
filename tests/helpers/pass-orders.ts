// Orders of passes written straight into the database (the order routes are another suite's):
// a customer, the order with its token, and its ledger through addLedgerLine.
import { randomBytes } from 'node:crypto';
import { zonedToInstant } from '../../src/shared/gym-time';
import type { PassCovers, PassKind } from '../../src/shared/catalogue';
import type { PaymentMethod } from '../../src/shared/ledger';
import { hashToken, newToken } from '../../src/server/auth/tokens';
import { findOrCreateCustomer } from '../../src/server/customers/customers.repository';
import { fromBool, nowIso, type Db } from '../../src/server/db/database';
import { addLedgerLine } from '../../src/server/ledger/ledger.repository';

export interface TestOrder {
  id: number;
  token: string;
  customerId: number;
  email: string;
}

export interface TestOrderFacts {
  kind: PassKind;
  covers?: PassCovers;
  days: number;
  /** null: unlimited. */
  credits: number | null;
  startDate: string;
  endDate: string;
  amountSatang?: number;
  depositSatang?: number;
  /** What was paid (default: the whole amount; 0: nothing). */
  paidSatang?: number;
  method?: PaymentMethod;
  email?: string;
  name?: string;
  expiresAt?: string | null;
  cancelledAt?: string | null;
  createdAt?: string;
}

export async function createTestOrder(db: Db, f: TestOrderFacts): Promise<TestOrder> {
  const email = f.email ?? `holder-${randomBytes(4).toString('hex')}@example.com`;
  const customer = await findOrCreateCustomer(db, { name: f.name ?? 'Pass Holder', email, phone: null, language: 'en' });
  if (!customer) throw new Error('no customer');
  const token = newToken();
  const amount = f.amountSatang ?? 150_000;
  const now = f.createdAt ?? nowIso();
  const order = await db
    .insertInto('orders')
    .values({
      reference: `T-${randomBytes(4).toString('hex').toUpperCase()}`,
      token_hash: hashToken(token),
      customer_id: customer.id,
      pass_id: `${f.kind}.${f.covers ?? 'muay-thai'}`,
      pass_name: `Test ${f.kind} ${f.covers ?? 'muay-thai'}`,
      pass_kind: f.kind,
      pass_covers: f.covers ?? 'muay-thai',
      pass_days: f.days,
      credits: f.credits,
      start_date: f.startDate,
      end_date: f.endDate,
      amount_satang: amount,
      deposit_satang: f.depositSatang ?? 0,
      method: 'desk',
      expires_at: f.expiresAt ?? null,
      cancelled_at: f.cancelledAt ?? null,
      created_by: null,
      created_at: now,
      updated_at: now,
      stripe_session_id: null,
      slip_key: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const paid = f.paidSatang ?? amount;
  if (paid > 0) await addLedgerLine(db, { orderId: order.id, kind: 'payment', method: f.method ?? 'cash', amountSatang: paid });
  return { id: order.id, token, customerId: customer.id, email };
}

/**
 * Adds weekly sessions of a class at each time on each weekday (e.g. many MMA sessions a day),
 * answering the instants of the occurrences on the given gym dates.
 */
export async function addSessions(
  db: Db,
  course: string,
  dates: string[],
  times: string[],
  timeZone: string,
): Promise<{ date: string; time: string; startsAt: string }[]> {
  const cls = await db.selectFrom('classes').select('id').where('name', '=', course).executeTakeFirstOrThrow();
  const out: { date: string; time: string; startsAt: string }[] = [];
  const now = nowIso();
  for (const date of dates) {
    const weekday = ((new Date(`${date}T12:00:00Z`).getUTCDay() + 6) % 7) + 1;
    for (const time of times) {
      await db
        .insertInto('weekly_sessions')
        .values({ class_id: cls.id, weekday, start_time: time, capacity: 100, coach: null, active: fromBool(true), created_at: now, updated_at: now })
        .execute();
      out.push({ date, time, startsAt: zonedToInstant(date, time, timeZone).toISOString() });
    }
  }
  return out;
}
