import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { normalizeEmail } from '../shared/schemas/common';
import type { AppContext } from './context';
import { writeFirstAdminFile, type FirstAdmin } from './auth/first-admin-file';
import { seedDemo } from './demo/demo.seed';
import { countUsers } from './users/users.repository';
import { createUser } from './users/users.service';

/** pg_advisory_lock(namespace, key) of first-start seeding ('SEED'; the IMAP reader has its own). */
const SEED_LOCK = [0x53454544, 1] as const;

/**
 * First start on an empty database: an admin (ADMIN_EMAIL/ADMIN_PASSWORD, or a random password
 * kept in DATA_DIR/admin-password.txt, mode 0600) and, unless SEED_DEMO=false, demo content.
 * Answers the admin it made (undefined when the database had users): main.ts prints it once the
 * server listens, so the request log cannot bury it.
 * On PostgreSQL several instances may start together on an empty database: the seeding runs
 * under an advisory lock held on a connection of its own, and the next holder finds the users
 * made and does nothing (the lock goes with the connection if a seeding process dies).
 */
export async function seed(ctx: AppContext): Promise<FirstAdmin | undefined> {
  if (ctx.dialect !== 'postgres') return seedOnce(ctx);
  return ctx.db.connection().execute(async (conn) => {
    await sql`select pg_advisory_lock(${SEED_LOCK[0]}, ${SEED_LOCK[1]})`.execute(conn);
    try {
      return await seedOnce(ctx);
    } finally {
      await sql`select pg_advisory_unlock(${SEED_LOCK[0]}, ${SEED_LOCK[1]})`.execute(conn);
    }
  });
}

async function seedOnce(ctx: AppContext): Promise<FirstAdmin | undefined> {
  if ((await countUsers(ctx.db)) > 0) return undefined;
  const email = normalizeEmail(ctx.config.adminEmail ?? 'admin@example.com');
  const password = ctx.config.adminPassword ?? randomBytes(12).toString('base64url');
  const admin = await createUser(ctx, { email, name: 'Administrator', password, role: 'admin', isActive: true });
  // Never through the logger: the log may be shipped elsewhere. Only a password made here is kept.
  const made: FirstAdmin = { userId: admin.id, email };
  if (!ctx.config.adminPassword) {
    made.password = password;
    await writeFirstAdminFile(ctx.config.dataDir, ctx.config.publicUrl, { ...made, password });
  }
  if (ctx.config.seedDemo) await seedDemoContent(ctx, admin.id);
  return made;
}

/** The demo (demo/demo.seed.ts): the whole gym, or its blog and gallery only (SEED_DEMO=content). */
async function seedDemoContent(ctx: AppContext, authorId: number): Promise<void> {
  await seedDemo(ctx, authorId);
}
