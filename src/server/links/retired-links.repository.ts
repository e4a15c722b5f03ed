import type { Db } from '../db/database';
import type { RetiredLinkKind } from '../db/schema';

// All SQL of retired links (decision 184): the hash of a link token that is no longer its
// record's current key. Only hashes, kinds, record ids and dates: nothing personal.

export interface RetiredLink {
  kind: RetiredLinkKind;
  /** The record it still names; null once its person was erased. */
  recordId: number | null;
}

/** The retired link a token's hash names, when it is one of `kind`. */
export async function findRetired(db: Db, kind: RetiredLinkKind, hash: string): Promise<RetiredLink | undefined> {
  const row = await db.selectFrom('retired_links').select(['kind', 'record_id']).where('token_hash', '=', hash).where('kind', '=', kind).executeTakeFirst();
  return row ? { kind: row.kind, recordId: row.record_id } : undefined;
}

/**
 * Keeps a link that a newer one replaced: it still names its record (read only). A hash kept
 * already (the same token retired twice) changes nothing.
 */
export async function retire(db: Db, kind: RetiredLinkKind, hash: string | null, recordId: number, at: string): Promise<void> {
  if (!hash) return;
  await db
    .insertInto('retired_links')
    .values({ token_hash: hash, kind, record_id: recordId, created_at: at })
    .onConflict((oc) => oc.column('token_hash').doNothing())
    .execute();
}

/**
 * An erase: every current link of the records becomes a link to nothing (record_id null), and so
 * do the links they had retired; the page behind any of them says the data was removed.
 */
export async function forgetRecords(
  db: Db,
  kind: RetiredLinkKind,
  currentHashes: readonly (string | null)[],
  recordIds: readonly number[],
  at: string,
): Promise<void> {
  if (recordIds.length > 0)
    await db
      .updateTable('retired_links')
      .set({ record_id: null })
      .where('kind', '=', kind)
      .where('record_id', 'in', [...recordIds])
      .execute();
  for (const hash of currentHashes) {
    if (!hash) continue;
    await db
      .insertInto('retired_links')
      .values({ token_hash: hash, kind, record_id: null, created_at: at })
      .onConflict((oc) => oc.column('token_hash').doUpdateSet({ record_id: null }))
      .execute();
  }
}

/** The records an erase anonymises, by kind. */
export interface ErasedRecords {
  reservations: readonly number[];
  waitlist: readonly number[];
  orders: readonly number[];
}

/**
 * Before an erase anonymises them: every link the records hold now (a booking's manage link, a
 * place's join and offer links, an order's page keys) is kept as a link to nothing.
 */
export async function forgetLinksOf(db: Db, ids: ErasedRecords, at: string): Promise<void> {
  if (ids.reservations.length > 0) {
    const rows = await db
      .selectFrom('reservations')
      .select('manage_token_hash')
      .where('id', 'in', [...ids.reservations])
      .execute();
    await forgetRecords(
      db,
      'booking',
      rows.map((r) => r.manage_token_hash),
      ids.reservations,
      at,
    );
  }
  if (ids.waitlist.length > 0) {
    const rows = await db
      .selectFrom('waitlist_entries')
      .select(['token_hash', 'offer_token_hash'])
      .where('id', 'in', [...ids.waitlist])
      .execute();
    await forgetRecords(
      db,
      'waitlist',
      rows.flatMap((r) => [r.token_hash, r.offer_token_hash]),
      ids.waitlist,
      at,
    );
  }
  if (ids.orders.length > 0) {
    const rows = await db
      .selectFrom('orders')
      .select('token_hash')
      .where('id', 'in', [...ids.orders])
      .execute();
    const more = await db
      .selectFrom('order_page_links')
      .select('token_hash')
      .where('order_id', 'in', [...ids.orders])
      .execute();
    await forgetRecords(
      db,
      'order',
      [...rows, ...more].map((r) => r.token_hash),
      ids.orders,
      at,
    );
  }
}
