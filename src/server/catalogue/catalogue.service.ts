import { passesFromSettings, programmesFromSettings, type CatalogueEntry } from '../../shared/catalogue';
import type { AppContext } from '../context';
import { conflict, notFound } from '../errors';
import { currentSiteSettings } from '../site-settings/site-settings.service';

// The passes are the cells of the owner's price table (docs/decisions: passes from the price
// table): nothing is stored apart from the settings, so a price or a "not on sale" saved in
// Paramètres is what the next read sees. The settings are cached and dropped on every save.

type Ctx = Pick<AppContext, 'db' | 'log' | 'publicCache'>;

export const PASS_NOT_FOUND = 'No such pass';
export const PASS_NOT_ON_SALE = 'This pass is no longer on sale';

const catalogues = new WeakMap<object, CatalogueEntry[]>();

/** Every pass of the price table, then the programmes, hidden ones included (computed once per settings version). */
async function catalogue(ctx: Ctx): Promise<CatalogueEntry[]> {
  const settings = await currentSiteSettings(ctx);
  let all = catalogues.get(settings);
  if (!all) catalogues.set(settings, (all = [...passesFromSettings(settings), ...programmesFromSettings(settings)]));
  return all;
}

/** The passes a buyer may choose, in the table's order. */
export async function listPassesForSale(ctx: Ctx): Promise<CatalogueEntry[]> {
  return (await catalogue(ctx)).filter((p) => !p.hidden);
}

/** One pass on sale: 404 (pass_not_found) when no cell has this id, 409 (pass_not_on_sale) when the owner hid it. */
export async function findPassForSale(ctx: Ctx, id: string): Promise<CatalogueEntry> {
  const pass = (await catalogue(ctx)).find((p) => p.id === id);
  if (!pass) throw notFound(PASS_NOT_FOUND, 'pass_not_found');
  if (pass.hidden) throw conflict(PASS_NOT_ON_SALE, 'pass_not_on_sale');
  return pass;
}

/** Which ways to pay online are open: PromptPay once the owner set the gym's ID, cards once configured. */
export async function paymentMethods(ctx: Pick<AppContext, 'db' | 'log' | 'publicCache' | 'cardGateway'>): Promise<{ promptpay: boolean; card: boolean }> {
  const settings = await currentSiteSettings(ctx);
  return { promptpay: settings.payments.promptpayId != null, card: ctx.cardGateway != null };
}
