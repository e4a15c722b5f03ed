import { nowIso, type Db } from '../db/database';

// The stay terms' versions (migration 036): each change of Paramètres › Séjours' terms is a new
// row, never edited; an order keeps the version its buyer accepted.

export const latestTermsVersion = (db: Db) => db.selectFrom('stay_terms_versions').selectAll().orderBy('version', 'desc').limit(1).executeTakeFirst();

export const findTermsVersion = (db: Db, version: number) => db.selectFrom('stay_terms_versions').selectAll().where('version', '=', version).executeTakeFirst();

export const insertTermsVersion = (db: Db, row: { text: string; rules: string; created_by: number | null }) =>
  db
    .insertInto('stay_terms_versions')
    .values({ ...row, created_at: nowIso() })
    .returning('version')
    .executeTakeFirstOrThrow();

/**
 * The version of `terms` as Paramètres has them now: the latest stored one when it says the same,
 * else a new one (a save that changed them, a restore, or the seed's terms never saved).
 */
export async function ensureTermsVersion(trx: Db, terms: { text: unknown; tiers: unknown; freeChangeDays: number }, userId: number | null): Promise<number> {
  const latest = await latestTermsVersion(trx);
  const text = JSON.stringify(terms.text);
  const rules = JSON.stringify({ tiers: terms.tiers, freeChangeDays: terms.freeChangeDays });
  if (latest && latest.text === text && latest.rules === rules) return latest.version;
  return (await insertTermsVersion(trx, { text, rules, created_by: userId })).version;
}
