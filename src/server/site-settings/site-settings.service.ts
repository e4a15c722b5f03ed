import { GALLERY_MAX_PIXELS, GALLERY_VARIANT_WIDTHS } from '../../shared/constants';
import { STALE_EDIT } from '../../shared/messages';
import { siteSettingsSchema, type SiteSettings, type SiteSettingsDto, type SiteSettingsHistoryEntryDto } from '../../shared/schemas/site-settings';
import { DEFAULT_SITE_SETTINGS, changedFields, localizeSiteSettings } from '../../shared/site-settings-data';
import type { Language } from '../../shared/i18n/languages';
import { letterDetailsMissing } from '../../shared/legal-details';
import type { AppContext } from '../context';
import { nowIso, type Db } from '../db/database';
import { badRequest, conflict, notFound } from '../errors';
import { NO_FILE, rejection, storeVariants, type UploadedFile } from '../gallery/gallery.service';
import { processImage } from '../media/image-processing';
import type { MediaStorage } from '../media/storage';
import { publicMediaStorage } from '../media/stores';
import * as repo from './site-settings.repository';
import { ensureTermsVersion } from './stay-terms.repository';
import { DEFAULT_STAY_SETTINGS, staySettingsOf } from '../../shared/stay-settings-data';

// The gym's facts are read by every page, the head, the feed, the sitemap and the e-mails: they
// are kept in the public cache (key settings:current) and dropped by every save. That cache
// never expires on SQLite (one process sees every write); on PostgreSQL a save on another
// instance drops it within a second (LISTEN/NOTIFY, cluster/cache-bus.ts), the TTL only a safety net.

const CACHE_KEY = 'settings:current';
export const HISTORY_LIMIT = 50;
export const HISTORY_ENTRY_NOT_FOUND = 'Version introuvable dans l’historique';

export type CurrentSiteSettings = SiteSettingsDto;

/**
 * Stored settings over the defaults, checked: a field added to the schema after a save reads
 * its default, and a record the schema no longer accepts falls back to the defaults field by
 * field rather than breaking every page.
 */
function parseStored(ctx: Pick<AppContext, 'log'>, data: string): SiteSettings {
  let stored: Record<string, unknown> = {};
  try {
    stored = JSON.parse(data) as Record<string, unknown>;
  } catch (err) {
    ctx.log.error({ err }, 'site settings: stored JSON unreadable, defaults used');
  }
  // The stays' seed is the server's (staySettingsOf): the admin's form edits it from the first save.
  const merged = { ...DEFAULT_SITE_SETTINGS, stays: DEFAULT_STAY_SETTINGS, ...withCovers(stored) };
  const parsed = siteSettingsSchema.safeParse(merged);
  if (parsed.success) return parsed.data;
  ctx.log.error({ issues: parsed.error.issues.slice(0, 5) }, 'site settings: stored record refused by the schema, defaults used for those fields');
  const bad = new Set(parsed.error.issues.map((i) => String(i.path[0])));
  const repaired = Object.fromEntries(Object.entries(merged).map(([k, v]) => [k, bad.has(k) ? DEFAULT_SITE_SETTINGS[k as keyof SiteSettings] : v]));
  return siteSettingsSchema.safeParse(repaired).data ?? DEFAULT_SITE_SETTINGS;
}

/**
 * Versions saved before issue 21 (the history) say nothing of what the columns cover: none is
 * sold, rather than the whole price table falling back to the seed's.
 */
function withCovers(stored: Record<string, unknown>): Record<string, unknown> {
  const prices = stored.prices as { columns?: unknown; covers?: unknown } | undefined;
  if (!prices || typeof prices !== 'object' || prices.covers !== undefined || !Array.isArray(prices.columns)) return stored;
  return { ...stored, prices: { ...prices, covers: prices.columns.map(() => null) } };
}

/** The settings, their version and when they were saved (cached; see above). */
export async function getSiteSettings(ctx: Pick<AppContext, 'db' | 'log' | 'publicCache'>): Promise<CurrentSiteSettings> {
  const cached = ctx.publicCache.get<CurrentSiteSettings>(CACHE_KEY);
  if (cached) return cached;
  const row = await repo.findSiteSettings(ctx.db);
  // Only before migration 016 has run (never in a started app): the seed values.
  const current: CurrentSiteSettings = row
    ? { settings: parseStored(ctx, row.data), version: row.version, updatedAt: row.updated_at }
    : { settings: DEFAULT_SITE_SETTINGS, version: 1, updatedAt: new Date(0).toISOString() };
  ctx.publicCache.set(CACHE_KEY, current);
  lastKnown.set(ctx.db, current.settings);
  return current;
}

const localized = new WeakMap<SiteSettings, Map<Language, SiteSettings>>();

/**
 * The settings as a page in `language` shows them (the owner's translations over the English,
 * without the other languages'), kept for as long as the settings themselves are current.
 */
/**
 * The settings as anyone may read them: without the visa letter's signature and stamp images,
 * which only the letters themselves print (a public copy would help a forger). Read it with
 * programmesFromSettings(…, { letterChecked: true }).
 */
export function publicSiteSettings(s: SiteSettings): SiteSettings {
  // A programme is on sale only with the letter's details complete: said here, before the images go.
  const letterReady = letterDetailsMissing(s).length === 0;
  return {
    ...s,
    programmes: s.programmes.map((p) => ({ ...p, onSale: p.onSale && letterReady })),
    visaLetter: { ...s.visaLetter, signatureImageUrl: null, stampImageUrl: null },
  };
}

export async function localizedSiteSettings(ctx: Pick<AppContext, 'db' | 'log' | 'publicCache'>, language: Language): Promise<SiteSettings> {
  const settings = await currentSiteSettings(ctx);
  let byLanguage = localized.get(settings);
  if (!byLanguage) localized.set(settings, (byLanguage = new Map<Language, SiteSettings>()));
  let out = byLanguage.get(language);
  if (!out) byLanguage.set(language, (out = publicSiteSettings(localizeSiteSettings(settings, language))));
  return out;
}

/** The settings alone (pages, SEO, e-mails). */
export const currentSiteSettings = async (ctx: Pick<AppContext, 'db' | 'log' | 'publicCache'>): Promise<SiteSettings> => (await getSiteSettings(ctx)).settings;

/**
 * The last settings this process read or saved, per database: what e-mails written inside a
 * transaction use (a read there could wait on SQLite's one connection, and the booking path
 * must not read more). Loaded when the app starts; every page load and save refreshes it.
 */
const lastKnown = new WeakMap<object, SiteSettings>();

/** The settings without a read: the cached ones, else the last known, else the seed. */
export function siteSettingsNow(ctx: Pick<AppContext, 'db' | 'publicCache'>): SiteSettings {
  return ctx.publicCache.get<CurrentSiteSettings>(CACHE_KEY)?.settings ?? lastKnown.get(ctx.db) ?? DEFAULT_SITE_SETTINGS;
}

/** The configuration with the gym's facts, for the e-mail templates (`config.gym`). */
export const mailConfig = (ctx: Pick<AppContext, 'config' | 'db' | 'publicCache'>) => ({ ...ctx.config, gym: siteSettingsNow(ctx) });

/** Writes a new version if `expected` is still the stored one, and its history entry. */
async function writeVersion(ctx: AppContext, settings: SiteSettings, expected: number, userId: number | null): Promise<CurrentSiteSettings> {
  const at = nowIso();
  const data = JSON.stringify(settings);
  const row = await ctx.db.transaction().execute(async (trx: Db) => {
    const before = await repo.findSiteSettings(trx);
    if (!before) throw new Error('site_settings has no record: migration 016 has not run');
    const saved = await repo.updateSiteSettings(trx, expected, { data, updated_at: at, updated_by: userId });
    if (!saved) return undefined;
    const changes = changedFields(parseStored(ctx, before.data), settings);
    await repo.insertHistory(trx, { version: saved.version, data, changes: JSON.stringify(changes), changed_at: at, changed_by: userId });
    // Changed stay terms are a new version (orders keep the one their buyer accepted).
    if (changes.includes('stays')) await ensureTermsVersion(trx, staySettingsOf(settings).terms, userId);
    return saved;
  });
  if (!row) throw conflict(STALE_EDIT.siteSettings, 'stale_version');
  lastKnown.set(ctx.db, settings);
  // Every page, the feed, the sitemap and this answer show the settings.
  ctx.publicCache.invalidate('settings');
  return { settings, version: row.version, updatedAt: row.updated_at };
}

/** PUT /api/site-settings: 409 when someone saved since `version` was loaded. */
export const saveSiteSettings = (ctx: AppContext, settings: SiteSettings, version: number, userId: number): Promise<CurrentSiteSettings> =>
  writeVersion(ctx, settings, version, userId);

export async function listSiteSettingsHistory(ctx: AppContext): Promise<SiteSettingsHistoryEntryDto[]> {
  const rows = await repo.listHistory(ctx.db, HISTORY_LIMIT);
  return rows.map((r) => ({
    id: r.id,
    version: r.version,
    changedAt: r.changed_at,
    changedBy: r.changed_by !== null && r.user_name !== null ? { id: r.changed_by, name: r.user_name } : null,
    changes: JSON.parse(r.changes) as (keyof SiteSettings)[],
  }));
}

/** A new version equal to an earlier one (recorded in the history like any save). */
export async function restoreSiteSettings(ctx: AppContext, entryId: number, userId: number): Promise<CurrentSiteSettings> {
  const entry = await repo.findHistoryEntry(ctx.db, entryId);
  if (!entry) throw notFound(HISTORY_ENTRY_NOT_FOUND);
  // The stored version, not the cached one (another instance's save may be in flight).
  const current = await repo.findSiteSettings(ctx.db);
  return writeVersion(ctx, parseStored(ctx, entry.data), current?.version ?? 1, userId);
}

/** Site images live in uploads/site (DATA_DIR or the bucket), served at /uploads/site/ like the gallery's. */
export const siteImageStorage = (ctx: AppContext): MediaStorage => publicMediaStorage(ctx.config, 'site');

/**
 * POST /api/site-settings/images/{kind}: the gallery's checks (type from the bytes, pixel limit,
 * upright, no metadata) and WebP variants; answers the largest variant's URL, which the form
 * then saves in logoUrl or heroImageUrl. Files stay when replaced: an earlier version in the
 * history may still name them.
 */
export async function uploadSiteImage(ctx: AppContext, file: UploadedFile): Promise<{ url: string }> {
  if (file.data.length === 0) throw badRequest(NO_FILE);
  const image = await processImage(file.data, { widths: GALLERY_VARIANT_WIDTHS, maxPixels: GALLERY_MAX_PIXELS }).catch(rejection);
  const { variants } = await storeVariants(siteImageStorage(ctx), image);
  return { url: variants[variants.length - 1].url };
}
