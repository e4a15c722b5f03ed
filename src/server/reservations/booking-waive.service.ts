import type { AppContext } from '../context';
import { nowIso } from '../db/database';
import type { ReservationRow } from '../db/schema';
import { conflict, notFound } from '../errors';
import { returnCreditAlways } from '../credits/credits';
import { RESERVATION_NOT_FOUND } from './booking-errors';
import * as repo from './reservations.repository';

// Mercy (issue 34 §5): staff forgive a late cancel or a no-show, once, with a reason. The
// booking's pass credit comes back in the same transaction; the audit log records who asked.

export const ALREADY_WAIVED = 'Déjà pardonnée : la séance a été rendue une fois';
export const NOT_WAIVABLE = "Ni une annulation tardive ni une absence : il n'y a rien à pardonner";

/** PUT /api/reservations/{id}/waive: 404 unknown, 409 already_waived, 409 not_waivable. */
export async function waiveBooking(ctx: AppContext, id: number, by: number | null, reason: string): Promise<ReservationRow> {
  return ctx.db.transaction().execute(async (trx) => {
    const row = await repo.waiveIfWaivable(trx, id, by, reason, nowIso());
    if (!row) {
      const found = await repo.findReservation(trx, id);
      if (!found) throw notFound(RESERVATION_NOT_FOUND);
      throw found.waived_at != null ? conflict(ALREADY_WAIVED, 'already_waived') : conflict(NOT_WAIVABLE, 'not_waivable');
    }
    await returnCreditAlways(trx, id);
    return row;
  });
}
