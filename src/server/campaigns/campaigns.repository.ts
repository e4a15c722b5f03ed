import { sql, type Insertable, type Updateable } from 'kysely';
import type { CampaignRecipientStatus, CampaignStatus } from '../../shared/schemas/campaigns';
import type { Db } from '../db/database';
import type { CampaignRecipientRow, CampaignRow, CampaignsTable } from '../db/schema';

// Campaigns, their recipients, links and clicks (migration 051, decision 192). Every change of a
// campaign's status and every claim of a recipient is one conditional UPDATE: a double click, two
// instances or a restart find the row already moved on and do nothing.

export const insertCampaign = (db: Db, row: Insertable<CampaignsTable>): Promise<CampaignRow> =>
  db.insertInto('campaigns').values(row).returningAll().executeTakeFirstOrThrow();

export const findCampaign = (db: Db, id: number): Promise<CampaignRow | undefined> =>
  db.selectFrom('campaigns').selectAll().where('id', '=', id).executeTakeFirst();

export const listCampaigns = (db: Db): Promise<CampaignRow[]> =>
  db.selectFrom('campaigns').selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').execute();

/** Changes a campaign only while it is in one of `from`; undefined when it is not (or missing). */
export const updateCampaignIn = (db: Db, id: number, from: CampaignStatus[], patch: Updateable<CampaignsTable>): Promise<CampaignRow | undefined> =>
  db.updateTable('campaigns').set(patch).where('id', '=', id).where('status', 'in', from).returningAll().executeTakeFirst();

export interface CampaignCounts {
  recipients: number;
  sent: number;
  bounced: number;
  unsubscribed: number;
  clicks: number;
  failed: number;
  queued: number;
}

export const NO_COUNTS: CampaignCounts = { recipients: 0, sent: 0, bounced: 0, unsubscribed: 0, clicks: 0, failed: 0, queued: 0 };

/** The counts of these campaigns (test sends never have a recipient row, so are never counted). */
export async function countsOf(db: Db, ids: number[]): Promise<Map<number, CampaignCounts>> {
  const out = new Map<number, CampaignCounts>(ids.map((id) => [id, { ...NO_COUNTS }]));
  if (ids.length === 0) return out;
  const [byStatus, unsubscribed, clicks] = await Promise.all([
    db
      .selectFrom('campaign_recipients')
      .select(['campaign_id', 'status', (eb) => eb.fn.countAll<number | string>().as('n')])
      .where('campaign_id', 'in', ids)
      .groupBy(['campaign_id', 'status'])
      .execute(),
    db
      .selectFrom('campaign_recipients')
      .select(['campaign_id', (eb) => eb.fn.countAll<number | string>().as('n')])
      .where('campaign_id', 'in', ids)
      .where('unsubscribed_at', 'is not', null)
      .groupBy('campaign_id')
      .execute(),
    db
      .selectFrom('campaign_clicks as k')
      .innerJoin('campaign_links as l', 'l.id', 'k.link_id')
      .select(['l.campaign_id', (eb) => eb.fn.countAll<number | string>().as('n')])
      .where('l.campaign_id', 'in', ids)
      .groupBy('l.campaign_id')
      .execute(),
  ]);
  for (const r of byStatus) {
    const c = out.get(r.campaign_id)!;
    const n = Number(r.n);
    c.recipients += n;
    if (r.status === 'sent') c.sent += n;
    else if (r.status === 'bounced') {
      // A bounce comes back after the send: it was sent.
      c.bounced += n;
      c.sent += n;
    } else if (r.status === 'failed') c.failed += n;
    else if (r.status === 'queued' || r.status === 'sending') c.queued += n;
  }
  for (const r of unsubscribed) out.get(r.campaign_id)!.unsubscribed = Number(r.n);
  for (const r of clicks) out.get(r.campaign_id)!.clicks = Number(r.n);
  return out;
}

/** Each link of a campaign with its distinct (recipient, link) clicks, in the order written. */
export const linkClicks = (db: Db, campaignId: number): Promise<{ url: string; clicks: number | string }[]> =>
  db
    .selectFrom('campaign_links as l')
    .leftJoin('campaign_clicks as k', 'k.link_id', 'l.id')
    .select(['l.url', (eb) => eb.fn.count<number | string>('k.recipient_id').as('clicks')])
    .where('l.campaign_id', '=', campaignId)
    .groupBy(['l.id', 'l.url'])
    .orderBy('l.id')
    .execute();

export async function recipientsPage(
  db: Db,
  campaignId: number,
  status: CampaignRecipientStatus | undefined,
  limit: number,
  offset: number,
): Promise<{ rows: CampaignRecipientRow[]; total: number }> {
  let q = db.selectFrom('campaign_recipients').where('campaign_id', '=', campaignId);
  if (status) q = q.where('status', '=', status);
  const [rows, count] = await Promise.all([
    q.selectAll().orderBy('id').limit(limit).offset(offset).execute(),
    q.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/**
 * Cancelling: the recipients not yet claimed are skipped; those being sent or sent stay. A claim
 * a crash left behind (lease run out) is not sent again once the campaign is cancelled: failed.
 */
export async function stopQueued(db: Db, campaignId: number, now: string): Promise<void> {
  await db
    .updateTable('campaign_recipients')
    .set({ status: 'skipped', reason: 'cancelled', locked_until: null })
    .where('campaign_id', '=', campaignId)
    .where('status', '=', 'queued')
    .execute();
  await db
    .updateTable('campaign_recipients')
    .set({ status: 'failed', reason: 'cut by a crash during its send; the campaign was cancelled', locked_until: null })
    .where('campaign_id', '=', campaignId)
    .where('status', '=', 'sending')
    .where('locked_until', '<', now)
    .execute();
}

// ---- sending ---------------------------------------------------------------------------------

/** Whether the worker has anything to look at: a campaign scheduled or sending. */
export const anyActive = async (db: Db): Promise<boolean> =>
  (await db.selectFrom('campaigns').select('id').where('status', 'in', ['scheduled', 'sending']).limit(1).executeTakeFirst()) !== undefined;

/** Scheduled campaigns whose time has come start sending (each taken by one instance). */
export const startDue = (db: Db, now: string): Promise<CampaignRow[]> =>
  db
    .updateTable('campaigns')
    .set({ status: 'sending', started_at: now, updated_at: now })
    .where('status', '=', 'scheduled')
    .where('send_at', '<=', now)
    .returningAll()
    .execute();

/** A sending campaign whose recipients are not all written, and that no live instance is writing. */
export async function claimResolve(db: Db, now: string, leaseUntil: string): Promise<CampaignRow | undefined> {
  const due = db
    .selectFrom('campaigns')
    .select('id')
    .where('status', '=', 'sending')
    .where('recipients_ready', '=', 0)
    .where((eb) => eb.or([eb('resolve_lease_until', 'is', null), eb('resolve_lease_until', '<', now)]))
    .orderBy('id')
    .limit(1);
  const rows = await db
    .updateTable('campaigns')
    .set({ resolve_lease_until: leaseUntil })
    .where('id', 'in', due)
    .where('recipients_ready', '=', 0)
    .where((eb) => eb.or([eb('resolve_lease_until', 'is', null), eb('resolve_lease_until', '<', now)]))
    .returningAll()
    .execute();
  return rows[0];
}

export async function insertLinks(db: Db, campaignId: number, urls: string[]): Promise<Map<string, number>> {
  if (urls.length > 0)
    await db
      .insertInto('campaign_links')
      .values(urls.map((url) => ({ campaign_id: campaignId, url })))
      .onConflict((oc) => oc.columns(['campaign_id', 'url']).doNothing())
      .execute();
  return linksOf(db, campaignId);
}

export async function linksOf(db: Db, campaignId: number): Promise<Map<string, number>> {
  const rows = await db.selectFrom('campaign_links').select(['id', 'url']).where('campaign_id', '=', campaignId).execute();
  return new Map(rows.map((r) => [r.url, r.id]));
}

/** One batch of recipients; an address already written (a resumed write) is left as it is. */
export async function insertRecipients(db: Db, campaignId: number, members: { id: number; email: string; language: string }[], now: string): Promise<void> {
  if (members.length === 0) return;
  await db
    .insertInto('campaign_recipients')
    .values(
      members.map((m) => ({
        campaign_id: campaignId,
        subscriber_id: m.id,
        email: m.email,
        email_key: m.email.trim().toLowerCase(),
        language: m.language as CampaignRecipientRow['language'],
        status: 'queued' as const,
        attempts: 0,
        next_attempt_at: now,
        created_at: now,
      })),
    )
    .onConflict((oc) => oc.columns(['campaign_id', 'email_key']).doNothing())
    .execute();
}

export const markReady = (db: Db, id: number) =>
  db.updateTable('campaigns').set({ recipients_ready: 1, resolve_lease_until: null }).where('id', '=', id).where('recipients_ready', '=', 0).execute();

/** A campaign with nothing left to send is sent. */
export const finishDone = (db: Db, now: string) =>
  db
    .updateTable('campaigns')
    .set({ status: 'sent', finished_at: now, updated_at: now })
    .where('status', '=', 'sending')
    .where('recipients_ready', '=', 1)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('campaign_recipients as r')
            .select('r.id')
            .whereRef('r.campaign_id', '=', 'campaigns.id')
            .where('r.status', 'in', ['queued', 'sending']),
        ),
      ),
    )
    .returning('id')
    .execute();

/** Recipients a claim may take now: queued and due in a sending campaign, or a send cut by a crash. */
function claimable(db: Db, now: string) {
  return db
    .selectFrom('campaign_recipients as r')
    .innerJoin('campaigns as c', 'c.id', 'r.campaign_id')
    .where((eb) =>
      eb.or([
        eb.and([eb('r.status', '=', 'queued'), eb('r.next_attempt_at', '<=', now), eb('c.status', '=', 'sending'), eb('c.recipients_ready', '=', 1)]),
        eb.and([eb('r.status', '=', 'sending'), eb('r.locked_until', '<', now), eb('c.status', '=', 'sending')]),
      ]),
    );
}

export const hasClaimable = async (db: Db, now: string): Promise<boolean> =>
  (await claimable(db, now).select('r.id').limit(1).executeTakeFirst()) !== undefined;

/**
 * Takes one recipient for this worker: 'sending', its lease, one more attempt, and its
 * Message-ID written now if it has none (a retry keeps the first one). The write is conditional
 * on the state the pick read, so two instances picking the same row claim it once: the loser
 * picks again. `was` says whether it was queued or a send cut by a crash.
 */
export async function claimOne(
  db: Db,
  now: string,
  leaseUntil: string,
  messageId: string,
  window: string,
): Promise<(CampaignRecipientRow & { was: CampaignRecipientStatus }) | undefined> {
  for (let i = 0; i < 8; i++) {
    const picked = await claimable(db, now).select(['r.id', 'r.status']).orderBy('r.id').limit(1).executeTakeFirst();
    if (!picked) return undefined;
    const row = await db
      .updateTable('campaign_recipients')
      .set({
        status: 'sending',
        locked_until: leaseUntil,
        attempts: sql<number>`attempts + 1`,
        message_id: sql<string>`coalesce(message_id, ${messageId})`,
        send_window: window,
      })
      .where('id', '=', picked.id)
      .where((eb) =>
        picked.status === 'queued'
          ? eb.and([eb('status', '=', 'queued'), eb('next_attempt_at', '<=', now)])
          : eb.and([eb('status', '=', 'sending'), eb('locked_until', '<', now)]),
      )
      .returningAll()
      .executeTakeFirst();
    if (row) return { ...row, was: picked.status };
  }
  return undefined;
}

/** The outcome of a claimed send, only while the claim is still this one (same attempt). */
export const finishRecipient = (
  db: Db,
  r: Pick<CampaignRecipientRow, 'id' | 'attempts'>,
  patch: { status: CampaignRecipientStatus; reason?: string | null; sent_at?: string | null; next_attempt_at?: string },
) =>
  db
    .updateTable('campaign_recipients')
    .set({ ...patch, locked_until: null })
    .where('id', '=', r.id)
    .where('status', '=', 'sending')
    .where('attempts', '=', r.attempts)
    .execute();

/** What the send re-checks: the subscriber still confirmed, their unsubscribe token. */
export const subscriberOf = (db: Db, id: number | null) =>
  id === null
    ? Promise.resolve(undefined)
    : db.selectFrom('newsletter_subscribers').select(['id', 'email', 'is_active', 'unsubscribe_token']).where('id', '=', id).executeTakeFirst();

// ---- clicks, unsubscribes, bounces -----------------------------------------------------------

/** The link of a click, if it belongs to the recipient's campaign. */
export const clickTarget = (db: Db, recipientId: number, linkId: number) =>
  db
    .selectFrom('campaign_links as l')
    .innerJoin('campaign_recipients as r', 'r.campaign_id', 'l.campaign_id')
    .select(['l.url'])
    .where('l.id', '=', linkId)
    .where('r.id', '=', recipientId)
    .executeTakeFirst();

/** The first click of a recipient on a link is kept; the next ones change nothing. */
export const recordClick = (db: Db, recipientId: number, linkId: number, at: string) =>
  db
    .insertInto('campaign_clicks')
    .values({ recipient_id: recipientId, link_id: linkId, clicked_at: at })
    .onConflict((oc) => oc.columns(['recipient_id', 'link_id']).doNothing())
    .execute();

/** The unsubscribe came through this recipient's e-mail (only the subscriber's own). */
export const recordUnsubscribe = (db: Db, recipientId: number, subscriberId: number, at: string) =>
  db
    .updateTable('campaign_recipients')
    .set({ unsubscribed_at: at })
    .where('id', '=', recipientId)
    .where('subscriber_id', '=', subscriberId)
    .where('unsubscribed_at', 'is', null)
    .execute();

/** Whether one of these Message-IDs (without brackets, any case) is of a campaign e-mail to this address. */
export async function campaignSentTo(db: Db, emailKey: string, messageIds: readonly string[]): Promise<boolean> {
  if (messageIds.length === 0) return false;
  const row = await db
    .selectFrom('campaign_recipients')
    .select('id')
    .where('email_key', '=', emailKey)
    .where(
      sql<string>`lower(message_id)`,
      'in',
      messageIds.map((id) => `<${id.toLowerCase()}>`),
    )
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * A permanent bounce of this address: the campaign e-mail it quotes is marked bounced, else the
 * address's latest campaign e-mail sent.
 */
export async function markCampaignBounce(db: Db, emailKey: string, messageIds: readonly string[], reason: string): Promise<void> {
  const quoted =
    messageIds.length > 0
      ? await db
          .selectFrom('campaign_recipients')
          .select('id')
          .where('email_key', '=', emailKey)
          .where('status', '=', 'sent')
          .where(
            sql<string>`lower(message_id)`,
            'in',
            messageIds.map((id) => `<${id.toLowerCase()}>`),
          )
          .execute()
      : [];
  const ids = quoted.length > 0 ? quoted.map((r) => r.id) : [];
  if (ids.length === 0) {
    const latest = await db
      .selectFrom('campaign_recipients')
      .select('id')
      .where('email_key', '=', emailKey)
      .where('status', '=', 'sent')
      .orderBy('sent_at', 'desc')
      .limit(1)
      .executeTakeFirst();
    if (latest) ids.push(latest.id);
  }
  if (ids.length > 0)
    await db.updateTable('campaign_recipients').set({ status: 'bounced', reason }).where('id', 'in', ids).where('status', '=', 'sent').execute();
}
