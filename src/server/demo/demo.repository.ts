import type { Db } from '../db/database';

// The demo's own SQL: its record of what it seeded (demo_records), the history it dates back, and
// the deletes of its removal. Every delete names the demo's ids: a row staff made is never matched.

/** What a record names: a row of a table, a stored file, or a setting changed or added. */
export type DemoKind =
  | 'trainer'
  | 'room-type'
  | 'customer'
  | 'order'
  | 'booking'
  | 'waitlist'
  | 'contact'
  | 'conversation'
  | 'subscriber'
  | 'post'
  | 'category'
  | 'gallery'
  | 'site-file'
  | 'session'
  | 'setting'
  | 'programme'
  | 'waiver';

export async function addRecords(db: Db, kind: DemoKind, refs: (string | number)[], restore: unknown = null): Promise<void> {
  if (refs.length === 0) return;
  const at = new Date().toISOString();
  await db
    .insertInto('demo_records')
    .values(refs.map((ref) => ({ kind, ref: String(ref), restore: restore === null ? null : JSON.stringify(restore), created_at: at })))
    .execute();
}

export const listRecords = (db: Db) => db.selectFrom('demo_records').selectAll().orderBy('id').execute();

export const countRecords = async (db: Db): Promise<number> =>
  Number(
    (
      await db
        .selectFrom('demo_records')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

export const deleteRecords = (db: Db, ids: number[]) => (ids.length ? db.deleteFrom('demo_records').where('id', 'in', ids).execute() : undefined);

/** Deletes the records and says how many this call deleted: a removal running alongside (another instance) deletes none. */
export async function claimRecords(db: Db, ids: number[]): Promise<number> {
  if (ids.length === 0) return 0;
  return (await db.deleteFrom('demo_records').where('id', 'in', ids).returning('id').execute()).length;
}

/** Every id of a table at the first start: the blog and gallery the demo made on an empty database. */
export const allPostIds = (db: Db) => db.selectFrom('blog_posts').select(['id', 'title']).orderBy('id').execute();
export const allCategoryIds = async (db: Db) => (await db.selectFrom('blog_categories').select('id').execute()).map((r) => r.id);
export const allGalleryIds = async (db: Db) => (await db.selectFrom('gallery_items').select('id').execute()).map((r) => r.id);

export const allIds = async (db: Db, table: DemoTable) => (await db.selectFrom(table).select('id').execute()).map((r) => r.id);

export const setPostCover = (db: Db, id: number, url: string, alt: string) =>
  db.updateTable('blog_posts').set({ featured_image: url, featured_image_alt: alt }).where('id', '=', id).execute();

// ---- history: what happened before the first start, dated back ----

/** An order made through the desk today, dated back as if bought then (its pass days and its money too). */
export async function backdateOrder(db: Db, orderId: number, at: string, startDate: string, endDate: string): Promise<void> {
  await db.updateTable('orders').set({ created_at: at, updated_at: at, start_date: startDate, end_date: endDate }).where('id', '=', orderId).execute();
  await db.updateTable('order_payments').set({ created_at: at }).where('order_id', '=', orderId).execute();
}

export const setSessionCapacity = (db: Db, id: number, capacity: number) => db.updateTable('weekly_sessions').set({ capacity }).where('id', '=', id).execute();
export const setSessionCoach = (db: Db, id: number, coach: string | null) => db.updateTable('weekly_sessions').set({ coach }).where('id', '=', id).execute();
export const findSession = (db: Db, id: number) => db.selectFrom('weekly_sessions').selectAll().where('id', '=', id).executeTakeFirst();

// ---- removal: what still points at a demo row from outside the demo ----

const ids = (refs: number[]) => (refs.length ? refs : [-1]);

/** Demo customers that rows not made by the demo use (a booking or order staff made for them since). */
export async function customersInUse(
  db: Db,
  customerIds: number[],
  demoBookings: number[],
  demoOrders: number[],
  demoConversations: number[],
): Promise<Set<number>> {
  const [b, o, c] = await Promise.all([
    db.selectFrom('reservations').select('customer_id').where('customer_id', 'in', ids(customerIds)).where('id', 'not in', ids(demoBookings)).execute(),
    db.selectFrom('orders').select('customer_id').where('customer_id', 'in', ids(customerIds)).where('id', 'not in', ids(demoOrders)).execute(),
    db.selectFrom('conversations').select('customer_id').where('customer_id', 'in', ids(customerIds)).where('id', 'not in', ids(demoConversations)).execute(),
  ]);
  return new Set([...b, ...o, ...c].map((r) => Number(r.customer_id)));
}

/** Demo trainers with a lesson booked since by staff (its booking is not the demo's). */
export async function trainersInUse(db: Db, trainerIds: number[], demoBookings: number[]): Promise<Set<number>> {
  const rows = await db
    .selectFrom('private_lessons')
    .select('trainer_id')
    .where('trainer_id', 'in', ids(trainerIds))
    .where('reservation_id', 'not in', ids(demoBookings))
    .execute();
  return new Set(rows.map((r) => r.trainer_id));
}

/** Demo room types with a stay sold since by staff. */
export async function roomTypesInUse(db: Db, typeIds: number[], demoOrders: number[]): Promise<Set<number>> {
  const rows = await db
    .selectFrom('order_stays')
    .select('room_type_id')
    .where('room_type_id', 'in', ids(typeIds))
    .where('order_id', 'not in', ids(demoOrders))
    .execute();
  return new Set(rows.map((r) => r.room_type_id));
}

/** Demo categories holding a post staff wrote since. */
export async function categoriesInUse(db: Db, categoryIds: number[], demoPosts: number[]): Promise<Set<number>> {
  const rows = await db
    .selectFrom('blog_posts')
    .select('category_id')
    .where('category_id', 'in', ids(categoryIds))
    .where('id', 'not in', ids(demoPosts))
    .execute();
  return new Set(rows.map((r) => Number(r.category_id)));
}

/** The seats the demo's bookings hold (not cancelled), to give back with them. */
export const heldSeats = (db: Db, bookingIds: number[]) =>
  db
    .selectFrom('reservations')
    .select(['weekly_session_id', 'session_date'])
    .where('id', 'in', ids(bookingIds))
    .where('status', '!=', 'cancelled')
    .where('weekly_session_id', 'is not', null)
    .execute();

const ORDER_ROWS = [
  'order_payments',
  'pass_uses',
  'order_stays',
  'order_pickups',
  'room_stay_nights',
  'order_page_links',
  'checkout_sessions',
  'refund_requests',
  'disputes',
  'order_receipts',
  'visa_letters',
] as const;

/** An order's rows and itself; its room nights given back first (its stay held them). */
export async function deleteOrders(db: Db, orderIds: number[]): Promise<void> {
  const o = ids(orderIds);
  const stays = await db.selectFrom('order_stays').select(['room_type_id', 'check_in', 'check_out', 'holds_nights']).where('order_id', 'in', o).execute();
  for (const s of stays) {
    if (!s.holds_nights) continue;
    await db
      .updateTable('room_nights')
      .set((eb) => ({ taken: eb('taken', '-', 1) }))
      .where('room_type_id', '=', s.room_type_id)
      .where('night', '>=', s.check_in)
      .where('night', '<', s.check_out)
      .where('taken', '>', 0)
      .execute();
  }
  await db.updateTable('private_lessons').set({ order_id: null }).where('order_id', 'in', o).execute();
  await db.updateTable('payment_events').set({ order_id: null }).where('order_id', 'in', o).execute();
  for (const table of ORDER_ROWS) await db.deleteFrom(table).where('order_id', 'in', o).execute();
  await db.deleteFrom('orders').where('id', 'in', o).execute();
}

export async function deleteBookings(db: Db, bookingIds: number[]): Promise<void> {
  const b = ids(bookingIds);
  await db.deleteFrom('pass_uses').where('reservation_id', 'in', b).execute();
  await db.deleteFrom('trainer_cells').where('reservation_id', 'in', b).execute();
  await db.deleteFrom('private_lessons').where('reservation_id', 'in', b).execute();
  await db.updateTable('waitlist_entries').set({ reservation_id: null }).where('reservation_id', 'in', b).execute();
  await db.deleteFrom('outbox').where('reservation_id', 'in', b).execute();
  await db.deleteFrom('reservations').where('id', 'in', b).execute();
}

export async function deleteTrainers(db: Db, trainerIds: number[]): Promise<void> {
  const t = ids(trainerIds);
  for (const table of ['trainer_windows', 'trainer_exceptions', 'trainer_cells'] as const) await db.deleteFrom(table).where('trainer_id', 'in', t).execute();
  await db.deleteFrom('trainers').where('id', 'in', t).execute();
}

export async function deleteRoomTypes(db: Db, typeIds: number[]): Promise<void> {
  const t = ids(typeIds);
  const rooms = (await db.selectFrom('rooms').select('id').where('room_type_id', 'in', t).execute()).map((r) => r.id);
  await db.deleteFrom('room_closures').where('room_id', 'in', ids(rooms)).execute();
  await db.deleteFrom('room_stay_nights').where('room_id', 'in', ids(rooms)).execute();
  await db.deleteFrom('rooms').where('room_type_id', 'in', t).execute();
  await db.deleteFrom('room_nights').where('room_type_id', 'in', t).execute();
  await db.deleteFrom('room_types').where('id', 'in', t).execute();
}

export async function deleteConversations(db: Db, conversationIds: number[]): Promise<void> {
  const c = ids(conversationIds);
  const messages = (await db.selectFrom('conversation_messages').select('id').where('conversation_id', 'in', c).execute()).map((r) => r.id);
  await db.deleteFrom('message_attachments').where('conversation_message_id', 'in', ids(messages)).execute();
  await db.deleteFrom('conversation_messages').where('conversation_id', 'in', c).execute();
  await db.deleteFrom('conversations').where('id', 'in', c).execute();
}

export const deleteWhereIdIn = (
  db: Db,
  table: 'customers' | 'waitlist_entries' | 'contact_submissions' | 'newsletter_subscribers' | 'blog_posts' | 'blog_categories',
  refs: number[],
) => db.deleteFrom(table).where('id', 'in', ids(refs)).execute();

export const deleteGalleryItems = (db: Db, refs: number[]) =>
  db.deleteFrom('gallery_items').where('id', 'in', ids(refs)).returning(['image_url', 'variants']).execute();

/** Everything that may show a site image: the settings given, trainers' photos, rooms' photos, posts' covers. */
export async function siteImagesInUse(db: Db, settingsJson: string): Promise<string> {
  const [t, r, p] = await Promise.all([
    db.selectFrom('trainers').select('photo_url').execute(),
    db.selectFrom('room_types').select('photos').execute(),
    db.selectFrom('blog_posts').select('featured_image').execute(),
  ]);
  return [settingsJson, ...t.map((x) => x.photo_url), ...r.map((x) => x.photos), ...p.map((x) => x.featured_image)].join('\n');
}

/** How many rows of each table the demo's ids still name (GET /api/demo). */
export async function countExisting(db: Db, table: DemoTable, refs: number[]): Promise<number> {
  if (refs.length === 0) return 0;
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll().as('n'))
    .where('id', 'in', refs)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export type DemoTable =
  | 'trainers'
  | 'room_types'
  | 'customers'
  | 'orders'
  | 'reservations'
  | 'waitlist_entries'
  | 'contact_submissions'
  | 'conversations'
  | 'newsletter_subscribers'
  | 'blog_posts'
  | 'blog_categories'
  | 'gallery_items';

/** The demo's waiver versions no signature of anyone left refers to (what staff's travellers signed stays). */
export async function unsignedWaiverVersions(db: Db, versions: number[]): Promise<number[]> {
  if (versions.length === 0) return [];
  const signed = await db.selectFrom('waiver_signatures').select('version').where('version', 'in', versions).execute();
  const used = new Set(signed.map((r) => Number(r.version)));
  return versions.filter((v) => !used.has(v));
}

export const deleteWaiverVersions = (db: Db, versions: number[]) =>
  versions.length ? db.deleteFrom('waiver_versions').where('version', 'in', versions).execute() : undefined;
