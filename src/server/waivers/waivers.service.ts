import { addDays, todayInZone } from '../../shared/gym-time';
import type { Language } from '../../shared/i18n/languages';
import { SIGNATURE_PREFIX, type WaiverPublishPayload, type WaiverSignPayload } from '../../shared/schemas/waivers';
import type { AppContext } from '../context';
import { HttpError, conflict } from '../errors';
import { loadSharp } from '../media/image-processing';
import { siteSettingsNow } from '../site-settings/site-settings.service';
import * as repo from './waivers.repository';

// The waiver and health declaration (issue 47, point 4). The owner publishes versions; a person
// signs the newest. Whether they must sign again: a version published "for everyone" asks all
// who signed an older one; "for the unsigned" asks only those who never signed.

/** 'none': no waiver is published, so nothing is asked. */
export type WaiverFlag = 'missing' | 'conditions' | 'signed' | 'none';

export interface WaiverStatus {
  required: boolean;
  signedVersion: number | null;
  signedAt: string | null;
}

const nowIso = () => new Date().toISOString();

/** Must this person sign (again) before their next class? */
function mustSign(latest: number | undefined, resignAll: number, signed: number | undefined): boolean {
  if (latest === undefined) return false;
  if (signed === undefined) return true;
  return resignAll > signed;
}

export async function waiverStatusOf(ctx: Pick<AppContext, 'db'>, customerId: number): Promise<WaiverStatus> {
  const [latest, resignAll, signed] = await Promise.all([
    repo.latestVersion(ctx.db),
    repo.lastResignAllVersion(ctx.db),
    repo.latestSignature(ctx.db, customerId),
  ]);
  return { required: mustSign(latest?.version, resignAll, signed?.version), signedVersion: signed?.version ?? null, signedAt: signed?.signedAt ?? null };
}

/** Staff lists: per person "missing", "conditions" (declared) or "signed"; no health answer. */
export async function waiverFlagsOf(ctx: Pick<AppContext, 'db'>, customerIds: number[]): Promise<Map<number, WaiverFlag>> {
  const [latest, resignAll, flags] = await Promise.all([
    repo.latestVersion(ctx.db),
    repo.lastResignAllVersion(ctx.db),
    repo.signatureFlags(ctx.db, customerIds),
  ]);
  const out = new Map<number, WaiverFlag>();
  for (const id of customerIds) {
    const f = flags.get(id);
    if (mustSign(latest?.version, resignAll, f?.version)) out.set(id, 'missing');
    else if (f?.hasConditions) out.set(id, 'conditions');
    else out.set(id, f ? 'signed' : 'none');
  }
  return out;
}

/** The text to sign in the person's language (English when the owner wrote none in it). */
export async function waiverToSign(ctx: Pick<AppContext, 'db'>, customerId: number, language: Language) {
  const [latest, status, signed] = await Promise.all([repo.latestVersion(ctx.db), waiverStatusOf(ctx, customerId), repo.latestSignature(ctx.db, customerId)]);
  const textLanguage = latest?.texts[language] ? language : 'en';
  return {
    ...status,
    current: latest ? { version: latest.version, language: textLanguage, text: latest.texts[textLanguage] ?? '', publishedAt: latest.publishedAt } : null,
    signed: signed ? presentSignature(signed) : null,
  };
}

/** What a person signed, health answers included: for that person and for staff only. */
export function presentSignature(s: repo.SignatureRow) {
  return {
    version: s.version,
    language: s.language,
    fullName: s.fullName,
    birthDate: s.birthDate,
    emergencyName: s.emergencyName,
    emergencyPhone: s.emergencyPhone,
    conditions: s.conditions,
    conditionsText: s.conditionsText,
    hasConditions: s.hasConditions,
    healthErasedAt: s.healthErasedAt,
    signatureName: s.signatureName,
    signedAt: s.signedAt,
  };
}

/** Age in whole years on a gym date. */
export function ageOn(birthDate: string, on: string): number {
  const [by, bm, bd] = birthDate.split('-').map(Number);
  const [y, m, d] = on.split('-').map(Number);
  return y - by - (m < bm || (m === bm && d < bd) ? 1 : 0);
}

const MAX_SIDE = 2_000;

/** The drawn signature, decoded within limits and written again as a plain PNG (no metadata). */
async function cleanSignature(dataUrl: string): Promise<string> {
  const bad = () => new HttpError(400, 'The signature could not be read: draw it again', 'waiver_signature_invalid');
  const bytes = Buffer.from(dataUrl.slice(SIGNATURE_PREFIX.length), 'base64');
  if (bytes.length < 60 || bytes.subarray(1, 4).toString('latin1') !== 'PNG') throw bad();
  // libvips loads with the first image the process handles, never at start (production-entry.test.ts).
  const sharp = await loadSharp();
  try {
    const image = sharp(bytes, { limitInputPixels: MAX_SIDE * MAX_SIDE, failOn: 'error' });
    const meta = await image.metadata();
    if (!meta.width || !meta.height || meta.width > MAX_SIDE || meta.height > MAX_SIDE || meta.width < 40 || meta.height < 20) throw bad();
    // An empty canvas is no signature: some pixel must be drawn (alpha or darkness varies).
    const stats = await image.clone().ensureAlpha().stats();
    const alpha = stats.channels[3];
    const luma = stats.channels[0];
    if (alpha.max === alpha.min && luma.max === luma.min) throw bad();
    return (await image.png({ compressionLevel: 9 }).toBuffer()).toString('base64');
  } catch (err) {
    if (err instanceof HttpError) throw err;
    throw bad();
  }
}

export async function signWaiver(ctx: AppContext, customerId: number, p: WaiverSignPayload, language: Language): Promise<WaiverStatus> {
  const latest = await repo.latestVersion(ctx.db);
  if (!latest) throw conflict('The gym has published no waiver yet', 'waiver_not_published');
  if (p.version !== latest.version) throw conflict('A newer waiver was published: read it and sign again', 'waiver_version_stale');
  const today = todayInZone(ctx.config.timezone);
  if (p.birthDate > today || p.birthDate < '1900-01-01') throw new HttpError(400, 'waiver.error.birthDate', 'validation');
  if (ageOn(p.birthDate, today) < 18) throw new HttpError(422, 'Under 18: a parent or guardian signs the waiver at the desk', 'waiver_minor');
  const png = await cleanSignature(p.signatureImage);
  await repo.insertSignature(ctx.db, {
    customerId,
    version: latest.version,
    language,
    fullName: p.fullName,
    birthDate: p.birthDate,
    emergencyName: p.emergencyName,
    emergencyPhone: p.emergencyPhone,
    conditions: [...new Set(p.conditions)],
    conditionsText: p.conditionsText ? p.conditionsText : null,
    signatureName: p.signatureName,
    signaturePng: png,
    signedAt: nowIso(),
  });
  return waiverStatusOf(ctx, customerId);
}

export async function publishWaiver(ctx: Pick<AppContext, 'db'>, p: WaiverPublishPayload, userId: number | null): Promise<repo.WaiverVersion> {
  const texts = Object.fromEntries(Object.entries(p.texts).filter(([, v]) => Boolean(v)));
  const latest = await repo.latestVersion(ctx.db);
  const version = (latest?.version ?? 0) + 1;
  try {
    await repo.insertVersion(ctx.db, { version, texts: JSON.stringify(texts), resign: p.resign, by: userId, at: nowIso() });
  } catch {
    // The unique version: another admin published at the same moment.
    throw conflict('Another version was published meanwhile: reload and publish again', 'stale_version');
  }
  return (await repo.findVersion(ctx.db, version))!;
}

export const listWaiverVersions = (ctx: Pick<AppContext, 'db'>) => repo.listVersions(ctx.db);

/** Whether the gym asks a waiver at all (a version is published). */
export const waiverPublished = async (ctx: Pick<AppContext, 'db'>): Promise<boolean> => Boolean(await repo.latestVersion(ctx.db));

/** Staff: a person's newest signature with its answers (null when none). */
export async function signatureForStaff(ctx: Pick<AppContext, 'db'>, customerId: number) {
  const s = await repo.latestSignature(ctx.db, customerId);
  return s ? presentSignature(s) : null;
}

/** The retention (Paramètres › members): health answers of people not seen for that long are blanked. */
export async function purgeOldHealthAnswers(ctx: AppContext, now: Date): Promise<number> {
  const months = siteSettingsNow(ctx).members?.healthRetentionMonths ?? 24;
  const today = todayInZone(ctx.config.timezone, now);
  const before = addDays(today, -Math.round(months * 30.44));
  return repo.blankOldHealthAnswers(ctx.db, `${before}T00:00:00.000Z`, now.toISOString());
}

export { deleteSignatures as eraseWaiverSignatures } from './waivers.repository';
