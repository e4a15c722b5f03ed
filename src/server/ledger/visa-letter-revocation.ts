// The one place the order's money and state reach visa letters (issue 35): a programme refunded
// in full, charged back or cancelled keeps no letter standing, at once, in the transaction that
// changed it. Here, not in visa-letters/, so the money path never imports that domain (which reads
// orders and the ledger): tests/lint/domain-cycles.test.ts.
import { nowIso, type Db } from '../db/database';

export async function revokeLettersOfEndedOrder(db: Db, orderId: number, reason: 'order refunded' | 'order cancelled'): Promise<number> {
  const purge = new Date();
  purge.setUTCFullYear(purge.getUTCFullYear() + 1);
  const at = nowIso();
  const r = await db
    .updateTable('visa_letters')
    .set({ status: 'revoked', revoked_at: at, revoke_reason: reason, purge_after: purge.toISOString(), updated_at: at })
    .where('order_id', '=', orderId)
    .where('status', 'in', ['requested', 'issued'])
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}
