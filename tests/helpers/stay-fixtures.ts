// Stay orders written straight into the database until POST /api/orders sells stays (branch
// stay-orders): a room type with its rooms, then an order with its stay (nights taken like a
// sale) and an optional airport pickup, and its ledger. Kept in one file so that it can later
// call the API instead.
import { randomBytes } from 'node:crypto';
import type { Language } from '../../src/shared/i18n/languages';
import { hashToken, newToken } from '../../src/server/auth/tokens';
import { findOrCreateCustomer } from '../../src/server/customers/customers.repository';
import { nowIso, type Db } from '../../src/server/db/database';
import { addLedgerLine } from '../../src/server/ledger/ledger.repository';
import { insertOrder } from '../../src/server/orders/orders.repository';
import { createRoomType } from '../../src/server/stays/stays.service';
import { takeNights } from '../../src/server/room-nights/room-nights.repository';
import type { AppContext } from '../../src/server/context';

export async function testRoomType(ctx: AppContext, rooms: number, name = `Bungalow ${randomBytes(2).toString('hex')}`) {
  return createRoomType(ctx, { name, description: '', translations: {}, beds: '', maxGuests: 2, rooms, nightlyPriceSatang: 100_000, photos: [] });
}

export interface StayOrderFacts {
  roomTypeId: number;
  checkIn: string;
  checkOut: string;
  guests?: number;
  /** The training's part of the order (0: a stay alone, pass_id ''). */
  trainingSatang?: number;
  staySatang?: number;
  /** An airport pickup: flightNumber null when not given yet; arrivesAt gym wall time. */
  pickup?: { airport: string; flightNumber: string | null; arrivesAt: string; amountSatang?: number };
  paidSatang?: number;
  name?: string;
  email?: string;
  language?: Language;
  cancelledAt?: string | null;
}

export interface StayOrder {
  id: number;
  token: string;
  reference: string;
  email: string;
  amountSatang: number;
}

export async function createStayOrder(db: Db, f: StayOrderFacts): Promise<StayOrder> {
  const email = f.email ?? `traveller-${randomBytes(4).toString('hex')}@example.com`;
  const customer = await findOrCreateCustomer(db, { name: f.name ?? 'Sam Traveller', email, phone: '+33 6 12 34 56 78', language: f.language ?? 'en' });
  if (!customer) throw new Error('no customer');
  const token = newToken();
  const staySatang = f.staySatang ?? 700_000;
  const pickupSatang = f.pickup ? (f.pickup.amountSatang ?? 80_000) : 0;
  const training = f.trainingSatang ?? 0;
  const amount = training + staySatang + pickupSatang;
  const now = nowIso();
  const reference = `S-${randomBytes(4).toString('hex').toUpperCase()}`;
  const order = await db.transaction().execute(async (trx) => {
    const row = await insertOrder(trx, {
      reference,
      token_hash: hashToken(token),
      customer_id: customer.id,
      pass_id: training > 0 ? 'week-single.muay-thai' : '',
      pass_name: training > 0 ? 'One week' : '',
      pass_kind: 'single',
      pass_covers: 'muay-thai',
      pass_days: 1,
      credits: null,
      start_date: f.checkIn,
      end_date: f.checkOut,
      amount_satang: amount,
      deposit_satang: 0,
      method: 'desk',
      language: f.language ?? 'en',
      expires_at: null,
      cancelled_at: f.cancelledAt ?? null,
      slip_key: null,
      created_by: null,
      created_at: now,
      updated_at: now,
    });
    if (!row) throw new Error('reference taken');
    if (!(await takeNights(trx, f.roomTypeId, f.checkIn, f.checkOut))) throw new Error('no room left');
    const type = await trx.selectFrom('room_types').select('name').where('id', '=', f.roomTypeId).executeTakeFirstOrThrow();
    await trx
      .insertInto('order_stays')
      .values({
        order_id: row.id,
        room_type_id: f.roomTypeId,
        room_type_name: type.name,
        check_in: f.checkIn,
        check_out: f.checkOut,
        guests: f.guests ?? 1,
        amount_satang: staySatang,
        room_id: null,
        checked_in_at: null,
        checked_out_at: null,
        arrival_mail_at: null,
        balance_reminder_at: null,
        created_at: now,
        updated_at: now,
      })
      .execute();
    if (f.pickup)
      await trx
        .insertInto('order_pickups')
        .values({
          order_id: row.id,
          airport: f.pickup.airport,
          flight_number: f.pickup.flightNumber,
          arrives_at: f.pickup.arrivesAt,
          amount_satang: pickupSatang,
          created_at: now,
          updated_at: now,
        })
        .execute();
    return row;
  });
  const paid = f.paidSatang ?? 0;
  if (paid > 0) await addLedgerLine(db, { orderId: order.id, kind: 'payment', method: 'cash', amountSatang: paid });
  return { id: order.id, token, reference, email, amountSatang: amount };
}
