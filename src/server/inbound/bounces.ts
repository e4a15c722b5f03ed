import type { AppContext } from '../context';
import { emailKey } from '../customers/customer-keys';
import { nowIso, type Db } from '../db/database';
import { recipientTagValid } from '../mail/recipient-tag';
import { currentSiteSettings } from '../site-settings/site-settings.service';
import * as repo from './inbound.repository';
import type { Verdict } from './classify';
import { campaignSentTo, markCampaignBounce } from '../campaigns/campaigns.repository';

// Addresses that are ours (a mail from one is never a customer's) and addresses that bounce.

/** The bare address of 'Gym <no-reply@gym.example>' or 'no-reply@gym.example': the word holding an @, brackets first. */
export function bareAddress(value: string | null | undefined): string | null {
  if (!value) return null;
  const open = value.indexOf('<');
  const close = open >= 0 ? value.indexOf('>', open) : -1;
  const candidates = [...(close > open ? [value.slice(open + 1, close)] : []), ...value.split(/[\s<>,;"]+/)];
  const found = candidates.find((w) => /^[^\s<>@]+@[^\s<>@]+$/.test(w));
  return found ? found.toLowerCase() : null;
}

/** MAIL_FROM's address, INBOUND_ADDRESS, GYM_NOTIFY_EMAIL and the gym's e-mail in the settings. */
export async function ownAddresses(ctx: Pick<AppContext, 'config' | 'db' | 'log' | 'publicCache'>): Promise<Set<string>> {
  const own = new Set<string>();
  for (const v of [ctx.config.mailFrom, ctx.config.inbound.address, ctx.config.notifyEmail]) {
    const a = bareAddress(v);
    if (a) own.add(a);
  }
  const settings = await currentSiteSettings(ctx).catch(() => null);
  const gym = bareAddress(settings?.email);
  if (gym) own.add(gym);
  return own;
}

/** What a bounce did: marked its recipient, or why it did not. */
export type BounceEffect = 'marked' | 'not permanent' | 'protected' | 'not ours';

/**
 * A permanent bounce marks its recipient bouncing (outbox, customer record) only when it quotes
 * a mail we sent to that very address: one of our Message-IDs, stored in the outbox with its
 * recipient, or the recipient signature every mail of ours carries, valid for that address
 * (`secret`: the reply-tag key). Anyone can write a report naming an address; nobody else knows
 * those ids or the key. It never marks our own addresses (MAIL_FROM, INBOUND_ADDRESS,
 * GYM_NOTIFY_EMAIL, the gym's e-mail) nor a staff account's.
 */
export async function applyBounce(db: Db, verdict: Extract<Verdict, { kind: 'bounce' }>, own: ReadonlySet<string>, secret: string): Promise<BounceEffect> {
  const key = emailKey(verdict.recipient);
  if (!verdict.permanent || !key) return 'not permanent';
  if (own.has(key) || (await repo.isStaffAddress(db, key))) return 'protected';
  const signed = verdict.quotedTags.some((tag) => recipientTagValid(secret, key, tag));
  if (!signed && !(await repo.sentTo(db, key, verdict.quotedIds)) && !(await campaignSentTo(db, key, verdict.quotedIds))) return 'not ours';
  await repo.markBouncing(db, key, verdict.detail.slice(0, 500), nowIso());
  // A campaign e-mail's bounce is also shown on its campaign (issue 48).
  await markCampaignBounce(db, key, verdict.quotedIds, verdict.detail.slice(0, 500));
  return 'marked';
}
