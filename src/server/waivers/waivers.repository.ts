import type { Db } from '../db/database';
import type { WaiverResign } from '../db/schema';

// The waiver's versions and signatures (migration 046). The health answers are read here for
// the person's own page, the staff's customer record and the PDF only; every list reads flags.

export interface WaiverVersion {
  version: number;
  texts: Partial<Record<string, string>>;
  resign: WaiverResign;
  publishedAt: string;
}

const toVersion = (r: { version: number; texts: string; resign: WaiverResign; published_at: string }): WaiverVersion => ({
  version: Number(r.version),
  texts: JSON.parse(r.texts) as Partial<Record<string, string>>,
  resign: r.resign,
  publishedAt: r.published_at,
});

export async function latestVersion(db: Db): Promise<WaiverVersion | undefined> {
  const r = await db
    .selectFrom('waiver_versions')
    .select(['version', 'texts', 'resign', 'published_at'])
    .orderBy('version', 'desc')
    .limit(1)
    .executeTakeFirst();
  return r && toVersion(r);
}

export async function findVersion(db: Db, version: number): Promise<WaiverVersion | undefined> {
  const r = await db.selectFrom('waiver_versions').select(['version', 'texts', 'resign', 'published_at']).where('version', '=', version).executeTakeFirst();
  return r && toVersion(r);
}

export async function listVersions(db: Db): Promise<WaiverVersion[]> {
  const rows = await db.selectFrom('waiver_versions').select(['version', 'texts', 'resign', 'published_at']).orderBy('version', 'desc').execute();
  return rows.map(toVersion);
}

/** The next version number is taken by the unique key: two publishes at once cannot share one. */
export async function insertVersion(db: Db, v: { version: number; texts: string; resign: WaiverResign; by: number | null; at: string }): Promise<void> {
  await db.insertInto('waiver_versions').values({ version: v.version, texts: v.texts, resign: v.resign, published_by: v.by, published_at: v.at }).execute();
}

/** The highest version that asks everyone to sign again (0 when none does). */
export async function lastResignAllVersion(db: Db): Promise<number> {
  const r = await db
    .selectFrom('waiver_versions')
    .select((eb) => eb.fn.max('version').as('v'))
    .where('resign', '=', 'all')
    .executeTakeFirst();
  return Number(r?.v ?? 0);
}

export interface NewSignature {
  customerId: number;
  version: number;
  language: string;
  fullName: string;
  birthDate: string;
  emergencyName: string;
  emergencyPhone: string;
  conditions: string[];
  conditionsText: string | null;
  signatureName: string;
  signaturePng: string;
  signedAt: string;
}

export async function insertSignature(db: Db, s: NewSignature): Promise<void> {
  const has = s.conditions.length > 0 || Boolean(s.conditionsText);
  await db
    .insertInto('waiver_signatures')
    .values({
      customer_id: s.customerId,
      version: s.version,
      language: s.language,
      full_name: s.fullName,
      birth_date: s.birthDate,
      emergency_name: s.emergencyName,
      emergency_phone: s.emergencyPhone,
      conditions: s.conditions.length > 0 ? JSON.stringify(s.conditions) : null,
      conditions_text: s.conditionsText,
      has_conditions: has ? 1 : 0,
      signature_name: s.signatureName,
      signature_png: s.signaturePng,
      signed_at: s.signedAt,
    })
    .execute();
}

export interface SignatureRow {
  version: number;
  language: string;
  fullName: string;
  birthDate: string;
  emergencyName: string;
  emergencyPhone: string;
  conditions: string[];
  conditionsText: string | null;
  hasConditions: boolean;
  healthErasedAt: string | null;
  signatureName: string;
  signaturePng: string;
  signedAt: string;
}

/** The person's newest signature, with its health answers: for the person, staff and the PDF. */
export async function latestSignature(db: Db, customerId: number): Promise<SignatureRow | undefined> {
  const r = await db
    .selectFrom('waiver_signatures')
    .selectAll()
    .where('customer_id', '=', customerId)
    .orderBy('version', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!r) return undefined;
  return {
    version: Number(r.version),
    language: r.language,
    fullName: r.full_name,
    birthDate: r.birth_date,
    emergencyName: r.emergency_name,
    emergencyPhone: r.emergency_phone,
    conditions: r.conditions ? (JSON.parse(r.conditions) as string[]) : [],
    conditionsText: r.conditions_text,
    hasConditions: Number(r.has_conditions) === 1,
    healthErasedAt: r.health_erased_at,
    signatureName: r.signature_name,
    signaturePng: r.signature_png,
    signedAt: r.signed_at,
  };
}

/** Per person: the newest version signed and whether conditions were declared. No health answer leaves here. */
export async function signatureFlags(db: Db, customerIds: number[]): Promise<Map<number, { version: number; hasConditions: boolean }>> {
  const out = new Map<number, { version: number; hasConditions: boolean }>();
  if (customerIds.length === 0) return out;
  const rows = await db
    .selectFrom('waiver_signatures')
    .select(['customer_id', 'version', 'has_conditions'])
    .where('customer_id', 'in', [...new Set(customerIds)])
    .orderBy('version', 'asc')
    .orderBy('id', 'asc')
    .execute();
  for (const r of rows) out.set(Number(r.customer_id), { version: Number(r.version), hasConditions: Number(r.has_conditions) === 1 });
  return out;
}

/** The erase: every signature of these people goes, answers and drawing with it. */
export async function deleteSignatures(db: Db, customerIds: number[]): Promise<number> {
  if (customerIds.length === 0) return 0;
  const r = await db.deleteFrom('waiver_signatures').where('customer_id', 'in', customerIds).executeTakeFirst();
  return Number(r.numDeletedRows);
}

/**
 * The retention: health answers of people whose last visit (an attended class, else the
 * signature) is older than `before` are blanked; the flag that some were declared stays.
 */
export async function blankOldHealthAnswers(db: Db, before: string, now: string): Promise<number> {
  const recent = db
    .selectFrom('reservations')
    .select('customer_id')
    .where('attendance', '=', 'present')
    .where('date_time', '>=', before)
    .where('customer_id', 'is not', null);
  const r = await db
    .updateTable('waiver_signatures')
    .set({ conditions: null, conditions_text: null, health_erased_at: now })
    .where('health_erased_at', 'is', null)
    .where('signed_at', '<', before)
    .where((eb) => eb.or([eb('conditions', 'is not', null), eb('conditions_text', 'is not', null)]))
    .where('customer_id', 'not in', recent as never)
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}
