import { isDeepStrictEqual } from 'node:util';
import type { DemoRemovalDto, DemoStatusDto } from '../../shared/api-types/demo';
import type { SiteSettings } from '../../shared/schemas/site-settings';
import type { AppContext } from '../context';
import type { Db } from '../db/database';
import { galleryStorage } from '../gallery/gallery.service';
import { getSiteSettings, saveSiteSettings, siteImageStorage } from '../site-settings/site-settings.service';
import { releaseSeat } from '../timetable/timetable.service';
import * as repo from './demo.repository';
import { eraseWaiverSignatures } from '../waivers/waivers.service';

// The demo's removal in one action (issue 46 point 1; decision record "demo data"): exactly what
// demo_records names, nothing staff made since. A demo row that a row staff made still uses (a
// customer staff sold a pass to, a trainer with a lesson staff booked, a room type with a stay, a
// category with a post) stays, as the staff's own from then on; a changed setting goes back to
// what it was only if it still holds the demo's value.

type Records = Awaited<ReturnType<typeof repo.listRecords>>;

const refsOf = (records: Records, kind: repo.DemoKind) => records.filter((r) => r.kind === kind).map((r) => r.ref);
const idsOf = (records: Records, kind: repo.DemoKind) => refsOf(records, kind).map(Number);

const COUNTED: [repo.DemoKind, repo.DemoTable][] = [
  ['trainer', 'trainers'],
  ['room-type', 'room_types'],
  ['customer', 'customers'],
  ['order', 'orders'],
  ['booking', 'reservations'],
  ['waitlist', 'waitlist_entries'],
  ['contact', 'contact_submissions'],
  ['conversation', 'conversations'],
  ['subscriber', 'newsletter_subscribers'],
  ['post', 'blog_posts'],
  ['category', 'blog_categories'],
  ['gallery', 'gallery_items'],
];

/** GET /api/demo: whether a demo is there, and how many of each kind of its rows remain. */
export async function demoStatus(ctx: AppContext): Promise<DemoStatusDto> {
  const records = await repo.listRecords(ctx.db);
  const counts: Record<string, number> = {};
  for (const [kind, table] of COUNTED) counts[kind] = await repo.countExisting(ctx.db, table, idsOf(records, kind));
  counts.files = refsOf(records, 'site-file').length;
  counts.settings = refsOf(records, 'setting').length + refsOf(records, 'programme').length;
  return { present: records.length > 0, counts };
}

/** Two-level paths ('legal.name', 'payments.promptpayId') of the settings. */
const readPath = (s: SiteSettings, path: string): unknown => path.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown> | undefined)?.[k], s);
function writePath(s: SiteSettings, path: string, value: unknown): SiteSettings {
  const [group, key] = path.split('.') as [keyof SiteSettings, string];
  return { ...s, [group]: { ...(s[group] as object), [key]: value } };
}

/** The settings the demo changed, put back where staff left them as the demo made them. */
async function restoreSettings(ctx: AppContext, records: Records, userId: number): Promise<number> {
  const current = await getSiteSettings(ctx);
  let next = current.settings;
  let restored = 0;
  for (const r of records.filter((x) => x.kind === 'setting')) {
    const { before, demo } = JSON.parse(r.restore ?? '{}') as { before: unknown; demo: unknown };
    if (!isDeepStrictEqual(readPath(next, r.ref), demo)) continue;
    next = writePath(next, r.ref, before);
    restored++;
  }
  const programmes = new Set(refsOf(records, 'programme'));
  if (next.programmes.some((p) => programmes.has(p.key))) {
    next = { ...next, programmes: next.programmes.filter((p) => !programmes.has(p.key)) };
    restored++;
  }
  if (next !== current.settings) await saveSiteSettings(ctx, next, current.version, userId);
  return restored;
}

/** A weekly session's coach or capacity the demo set, back to what it was while still the demo's. */
async function restoreSessions(db: Db, records: Records): Promise<void> {
  for (const r of records.filter((x) => x.kind === 'session')) {
    const [id, field] = r.ref.split(':');
    const { before, demo } = JSON.parse(r.restore ?? '{}') as { before: unknown; demo: unknown };
    const row = await repo.findSession(db, Number(id));
    if (!row) continue;
    if (field === 'coach' && row.coach === demo) await repo.setSessionCoach(db, row.id, before as string | null);
    if (field === 'capacity' && row.capacity === demo && typeof before === 'number') await repo.setSessionCapacity(db, row.id, before);
  }
}

/** POST /api/demo/remove: removes the demo; a second call finds nothing and removes nothing. */
export async function removeDemo(ctx: AppContext, userId: number): Promise<DemoRemovalDto> {
  const records = await repo.listRecords(ctx.db);
  if (records.length === 0) return { removed: {}, kept: {} };
  const before = await demoStatus(ctx);
  const kept: Record<string, number> = {};
  const files = new Set<string>();
  const rows = records.filter((r) => r.kind !== 'setting' && r.kind !== 'programme' && r.kind !== 'site-file');
  const claimed = await ctx.db.transaction().execute(async (trx) => {
    // First, so that two removals at once (two instances) cannot both give seats back: the second waits, then claims nothing.
    if (
      (await repo.claimRecords(
        trx,
        rows.map((r) => r.id),
      )) !== rows.length
    )
      return false;
    const bookings = idsOf(records, 'booking');
    const orders = idsOf(records, 'order');
    const conversations = idsOf(records, 'conversation');
    await repo.deleteWhereIdIn(trx, 'waitlist_entries', idsOf(records, 'waitlist'));
    for (const s of await repo.heldSeats(trx, bookings)) await releaseSeat(trx, s.weekly_session_id!, s.session_date!);
    await repo.deleteBookings(trx, bookings);
    await repo.deleteOrders(trx, orders);
    await repo.deleteConversations(trx, conversations);
    await repo.deleteWhereIdIn(trx, 'contact_submissions', idsOf(records, 'contact'));
    await repo.deleteWhereIdIn(trx, 'newsletter_subscribers', idsOf(records, 'subscriber'));
    const keep = async (kind: repo.DemoKind, inUse: Set<number>) => {
      const all = idsOf(records, kind);
      kept[kind] = all.filter((id) => inUse.has(id)).length;
      return all.filter((id) => !inUse.has(id));
    };
    const customers = idsOf(records, 'customer');
    const gone = await keep('customer', await repo.customersInUse(trx, customers, bookings, orders, conversations));
    // Their waivers first (the demo traveller signed one), then the demo's version if nobody else signed it.
    await eraseWaiverSignatures(trx, gone);
    await repo.deleteWaiverVersions(trx, await repo.unsignedWaiverVersions(trx, idsOf(records, 'waiver')));
    await repo.deleteWhereIdIn(trx, 'customers', gone);
    const trainers = idsOf(records, 'trainer');
    await repo.deleteTrainers(trx, await keep('trainer', await repo.trainersInUse(trx, trainers, bookings)));
    const roomTypes = idsOf(records, 'room-type');
    await repo.deleteRoomTypes(trx, await keep('room-type', await repo.roomTypesInUse(trx, roomTypes, orders)));
    const posts = idsOf(records, 'post');
    await repo.deleteWhereIdIn(trx, 'blog_posts', posts);
    const categories = idsOf(records, 'category');
    await repo.deleteWhereIdIn(trx, 'blog_categories', await keep('category', await repo.categoriesInUse(trx, categories, posts)));
    for (const item of await repo.deleteGalleryItems(trx, idsOf(records, 'gallery'))) {
      for (const url of [item.image_url, ...(JSON.parse(item.variants ?? '[]') as { url: string }[]).map((v) => v.url)]) if (url) files.add(url);
    }
    await restoreSessions(trx, records);
    return true;
  });
  if (!claimed) return { removed: {}, kept: {} };
  await restoreSettings(ctx, records, userId);
  await removeFiles(ctx, records, files);
  await repo.deleteRecords(
    ctx.db,
    records.map((r) => r.id),
  );
  for (const domain of ['blog', 'categories', 'gallery', 'timetable', 'settings', 'trainers'] as const) ctx.publicCache.invalidate(domain);
  const removed = Object.fromEntries(Object.entries(before.counts).map(([k, n]) => [k, n - (kept[k] ?? 0)]));
  return { removed, kept: Object.fromEntries(Object.entries(kept).filter(([, n]) => n > 0)) };
}

/** The demo's files, but for those a kept row or the settings still show. */
async function removeFiles(ctx: AppContext, records: Records, galleryUrls: Set<string>): Promise<void> {
  const site = siteImageStorage(ctx);
  const used = await repo.siteImagesInUse(ctx.db, JSON.stringify((await getSiteSettings(ctx)).settings));
  for (const name of refsOf(records, 'site-file')) {
    if (used.includes(name.slice(0, 32))) continue;
    await site.remove(name).catch((err: unknown) => ctx.log.warn({ err, file: name }, 'demo: could not remove a file'));
  }
  const gallery = galleryStorage(ctx);
  for (const url of galleryUrls) {
    const name = gallery.nameFromUrl(url);
    if (name) await gallery.remove(name).catch((err: unknown) => ctx.log.warn({ err, file: name }, 'demo: could not remove a file'));
  }
}
