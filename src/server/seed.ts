import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { normalizeEmail } from '../shared/schemas/common';
import { seedDemoBlog } from './blog/blog.seed';
import type { AppContext } from './context';
import { seedDemoGallery } from './gallery/gallery.seed';
import { countUsers } from './users/users.repository';
import { createUser } from './users/users.service';

/** pg_advisory_lock(namespace, key) of first-start seeding ('SEED'; the IMAP reader has its own). */
const SEED_LOCK = [0x53454544, 1] as const;

/**
 * First start on an empty database: an admin (ADMIN_EMAIL/ADMIN_PASSWORD, or a random
 * password printed once) and, unless SEED_DEMO=false, demo content.
 * On PostgreSQL several instances may start together on an empty database: the seeding runs
 * under an advisory lock held on a connection of its own, and the next holder finds the users
 * made and does nothing (the lock goes with the connection if a seeding process dies).
 */
export async function seed(ctx: AppContext): Promise<void> {
  if (ctx.dialect !== 'postgres') return seedOnce(ctx);
  await ctx.db.connection().execute(async (conn) => {
    await sql`select pg_advisory_lock(${SEED_LOCK[0]}, ${SEED_LOCK[1]})`.execute(conn);
    try {
      await seedOnce(ctx);
    } finally {
      await sql`select pg_advisory_unlock(${SEED_LOCK[0]}, ${SEED_LOCK[1]})`.execute(conn);
    }
  });
}

async function seedOnce(ctx: AppContext): Promise<void> {
  if ((await countUsers(ctx.db)) > 0) return;
  const email = normalizeEmail(ctx.config.adminEmail ?? 'admin@example.com');
  const password = ctx.config.adminPassword ?? randomBytes(12).toString('base64url');
  const admin = await createUser(ctx, { email, name: 'Administrator', password, role: 'admin', isActive: true });
  if (!ctx.config.adminPassword) {
    // Printed once, on the console only; never written to the log file or the database.
    process.stdout.write(`\nAdmin account created: ${email}\nPassword (shown once): ${password}\n\n`);
  }
  if (ctx.config.seedDemo) await seedDemoContent(ctx, admin.id);
}

async function seedDemoContent(ctx: AppContext, authorId: number): Promise<void> {
  await seedDemoBlog(ctx, authorId);
  await seedDemoGallery(ctx);
}
