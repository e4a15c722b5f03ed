// What a new order tells people: the buyer's e-mail through the outbox (in the order's
// transaction) and the staff's push. Money's own e-mails are in ledger/ledger-notifications.ts.
import type { AppContext } from '../context';
import type { Db } from '../db/database';
import type { CustomerRow, OrderRow } from '../db/schema';
import { orderMailDiscount, orderMailInput, withEmail } from '../ledger/ledger-notifications';
import type { OrderFigures } from '../ledger/order-figures';
import { orderCreatedMail } from '../mail/templates/order-mails';
import { mailConfig, siteSettingsNow } from '../site-settings/site-settings.service';
import { orderLinesOf } from '../stays/stay-order-lines';
import { staySettingsOf } from '../../shared/stay-settings-data';

/** The order's e-mail to its buyer (when they gave an address), in the order's transaction. */
export async function queueOrderCreatedMail(
  ctx: AppContext,
  trx: Db,
  o: OrderRow,
  customer: CustomerRow,
  f: OrderFigures,
  token: string,
  qrPng: Buffer | null,
): Promise<void> {
  if (!withEmail(customer)) return;
  const lines = await orderLinesOf(ctx, o, true, trx, staySettingsOf(siteSettingsNow(ctx)));
  await ctx.mail.enqueue(
    trx,
    orderCreatedMail(
      mailConfig(ctx),
      { ...orderMailInput(ctx, o, customer, f, token), ...(lines ? { lines } : {}), ...(await orderMailDiscount(trx, o.id)) },
      qrPng,
    ),
  );
}

/** The staff's push: a new order online, or a transfer slip to check. */
export function notifyStaffOfOrder(ctx: AppContext, title: string, o: OrderRow, name: string): void {
  ctx.push.notifyStaff({ title, body: `${name} — ${o.pass_name} (${o.reference})`, url: `/admin/orders/${o.id}`, tag: `order-${o.id}` });
}
