import { addDays, todayInZone } from '../../shared/gym-time';
import { hashToken, newToken } from '../auth/tokens';
import type { AppContext } from '../context';
import { nowIso } from '../db/database';
import { ledgerTotals } from '../ledger/ledger.repository';
import { orderMailDiscount, orderMailInput, withEmail } from '../ledger/ledger-notifications';
import { figuresOf, takesPayment } from '../ledger/order-figures';
import { words } from '../mail/templates/order-mails';
import { balanceReminderMail } from '../mail/templates/stay-mails';
import { findCustomerRow, findOrder } from './orders.repository';
import { mailConfig, siteSettingsNow } from '../site-settings/site-settings.service';
import { orderLinesOf } from '../stays/stay-order-lines';
import { staySettingsOf } from '../../shared/stay-settings-data';
import * as repo from '../stays/stay-orders.repository';
import { queueTravellerPush } from '../push/traveller-push';

// The balance reminder (issue 36 §3, decision 159): BALANCE_REMINDER_DAYS before an order's
// balance is due, its buyer gets one e-mail, in their language, with a link to the order page to
// pay. Once per order across instances: the conditional update of order_stays.balance_reminder_at
// is claimed in the e-mail's transaction (the outbox queues it there). Run by the order expiry
// job's clock (order-expiry.ts).

export const BALANCE_REMINDER_DAYS = 3;
const BATCH = 100;

/** Sends the reminders due by `now`; answers how many were queued. */
export async function sendBalanceReminders(ctx: AppContext, now: Date): Promise<number> {
  const today = todayInZone(ctx.config.timezone, now);
  let sent = 0;
  for (const id of await repo.balanceReminderCandidates(ctx.db, addDays(today, BALANCE_REMINDER_DAYS), today, BATCH)) {
    const queued = await ctx.db.transaction().execute(async (trx) => {
      // The order page's own token is kept only as a hash: the e-mail carries a second key.
      const token = newToken();
      if (!(await repo.claimBalanceReminder(trx, id, nowIso(), hashToken(token)))) return false;
      const o = await findOrder(trx, id);
      const customer = o ? await findCustomerRow(trx, o.customer_id) : undefined;
      if (!o || !withEmail(customer)) return false;
      const f = figuresOf(o, await ledgerTotals(trx, id), now);
      // Claimed either way: a paid, lapsed or cancelled order has nothing to remind.
      if (!takesPayment(f) || f.owedSatang <= 0) return false;
      const lines = await orderLinesOf(ctx, o, true, trx, staySettingsOf(siteSettingsNow(ctx)));
      const config = mailConfig(ctx);
      const input = { ...orderMailInput(ctx, o, customer, f, token), ...(lines ? { lines } : {}), ...(await orderMailDiscount(trx, o.id)) };
      await ctx.mail.enqueue(trx, balanceReminderMail(config, input, words(config, o.language)));
      // And by push, once, to a buyer who turned it on on My page (decision 188).
      await queueTravellerPush(trx, { customerId: o.customer_id }, o.language, {
        kind: 'balance',
        orderId: o.id,
        dueDate: o.balance_due_date ?? addDays(today, BALANCE_REMINDER_DAYS),
        reference: o.reference,
        owedSatang: f.owedSatang,
      });
      return true;
    });
    if (queued) sent += 1;
  }
  if (sent) ctx.mail.kick();
  return sent;
}
