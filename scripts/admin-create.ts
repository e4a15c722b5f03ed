// npm run admin:create -- <email> <name> [admin|staff]
// Asks for the password on the terminal (or reads ADMIN_PASSWORD) so it never lands in shell history.
import { createInterface } from 'node:readline/promises';
import { userCreateSchema } from '../src/shared/schemas/auth';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { parseOrThrow } from '../src/server/lib/validation';
import { createUser } from '../src/server/users/users.service';

async function main() {
  const [email, name, role = 'admin'] = process.argv.slice(2);
  if (!email || !name) {
    console.error('Usage: npm run admin:create -- <email> "<name>" [admin|staff]');
    process.exit(2);
  }
  let password = process.env.ADMIN_PASSWORD;
  if (!password) {
    const rl = createInterface({ input: process.stdin, output: process.stdout });
    password = await rl.question('Password (at least 8 characters): ');
    rl.close();
  }
  const input = parseOrThrow(userCreateSchema, { email, name, password, role, isActive: true });
  const app = await buildApp(loadConfig(), { logger: false, startWorkers: false });
  try {
    const user = await createUser(app.ctx, input);
    console.log(`Created ${user.role} ${user.email} (id ${user.id}).`);
  } finally {
    await app.close();
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
