import { seedDemoBlog } from '../blog/blog.seed';
import type { AppContext } from '../context';
import { seedDemoGallery } from '../gallery/gallery.seed';
import { seedDemoActivity } from './demo-activity.seed';
import { seedDemoCatalogue } from './demo-catalogue.seed';
import { seedDemoTraveller } from './demo-traveller.seed';
import { storeDemoPicture } from './demo-images';
import * as repo from './demo.repository';

// The first start's demo (issue 46 point 1): SEED_DEMO=true seeds the whole gym, SEED_DEMO=content
// its blog and gallery only (the browser suites). It runs once, on the empty database seed.ts
// found, so every row of the tables it fills is the demo's: they are recorded in demo_records
// for the one-action removal (demo.service.ts, decision record "demo data").

/**
 * The context the demo writes with: the domains' own services, without their e-mails (nobody
 * booked these classes) nor staff notifications. The outbox stays empty.
 */
function quietContext(ctx: AppContext): AppContext {
  return {
    ...ctx,
    mail: { enqueue: async () => 0, kick: () => {}, start: () => ctx.mail.start(), stop: () => ctx.mail.stop() },
    push: { notifyStaff: () => {}, notifyUser: () => {}, idle: () => ctx.push.idle() },
    stats: { increment: async () => {}, incrementBuffered: () => {}, flush: () => ctx.stats.flush() },
  };
}

const COVER_COLOURS = [
  { from: '#2a0303', to: '#8b0a0a', accent: '#d4a537' },
  { from: '#0b2340', to: '#1f5c99', accent: '#9fd3ff' },
  { from: '#1e4d2b', to: '#5a9e6f', accent: '#ffe08a' },
];

/** A cover for each demo post: its title on the site's colours. */
async function coverPosts(ctx: AppContext): Promise<void> {
  const posts = await repo.allPostIds(ctx.db);
  for (const [i, post] of posts.entries()) {
    const words = post.title.split(' ');
    const url = await storeDemoPicture(ctx, {
      width: 800,
      height: 450,
      motif: 'cover',
      title: words.slice(0, 3).join(' '),
      subtitle: words.slice(3).join(' '),
      ...COVER_COLOURS[i % COVER_COLOURS.length],
    });
    await repo.setPostCover(ctx.db, post.id, url, post.title);
  }
}

/** Seeds the demo (seed.ts calls it on the first start only); does nothing when demo records exist. */
export async function seedDemo(ctx: AppContext, adminId: number): Promise<void> {
  if ((await repo.countRecords(ctx.db)) > 0) return;
  const quiet = quietContext(ctx);
  await seedDemoBlog(quiet, adminId);
  await seedDemoGallery(quiet);
  const full = ctx.config.demoScope === 'full';
  if (full) await coverPosts(quiet);
  await repo.addRecords(
    ctx.db,
    'post',
    (await repo.allPostIds(ctx.db)).map((p) => p.id),
  );
  await repo.addRecords(ctx.db, 'category', await repo.allCategoryIds(ctx.db));
  await repo.addRecords(ctx.db, 'gallery', await repo.allGalleryIds(ctx.db));
  if (full) {
    const catalogue = await seedDemoCatalogue(quiet, adminId);
    await seedDemoActivity(quiet, catalogue, adminId);
    await seedDemoTraveller(quiet, catalogue, adminId);
    for (const [kind, table] of ACTIVITY) await repo.addRecords(ctx.db, kind, await repo.allIds(ctx.db, table));
  }
  for (const domain of ['blog', 'categories', 'gallery', 'timetable', 'settings', 'trainers'] as const) ctx.publicCache.invalidate(domain);
}

/** The tables the activity fills, each row of which (on the first start) is the demo's. */
const ACTIVITY: [repo.DemoKind, repo.DemoTable][] = [
  ['customer', 'customers'],
  ['order', 'orders'],
  ['booking', 'reservations'],
  ['waitlist', 'waitlist_entries'],
  ['contact', 'contact_submissions'],
  ['conversation', 'conversations'],
  ['subscriber', 'newsletter_subscribers'],
];
