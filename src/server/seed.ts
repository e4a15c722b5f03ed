import { randomBytes } from 'node:crypto';
import { normalizeEmail } from '../shared/schemas/common';
import { seedDemoBlog } from './blog/blog.seed';
import type { AppContext } from './context';
import { seedDemoGallery } from './gallery/gallery.seed';
import { countUsers } from './users/users.repository';
import { createUser } from './users/users.service';

/**
 * First start on an empty database: an admin (ADMIN_EMAIL/ADMIN_PASSWORD, or a random
 * password printed once) and, unless SEED_DEMO=false, demo content.
 */
export async function seed(ctx: AppContext): Promise<void> {
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
