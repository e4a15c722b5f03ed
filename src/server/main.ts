import { fork } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { buildApp } from './app';
import { firstAdminFile, signInUrl, type FirstAdmin } from './auth/first-admin-file';
import { loadConfig, type Config } from './config';
import { paymentMethods } from './catalogue/catalogue.service';
import { seed } from './seed';
import { countUsers } from './users/users.repository';

const SEED_FLAG = '--seed-only';

/**
 * First start: the admin and the demo content are made by a short-lived child process. The
 * demo images go through sharp, whose memory (libvips, per-thread malloc arenas) would
 * otherwise stay with the long-running server for good (about 100 MB resident).
 */
function seedInChild(): Promise<FirstAdmin | undefined> {
  return new Promise((resolve, reject) => {
    const child = fork(process.argv[1], [SEED_FLAG], { stdio: 'inherit' });
    // The admin it made comes back over the IPC channel, to be shown once this process listens.
    let made: FirstAdmin | undefined;
    child.on('message', (m: { firstAdmin?: FirstAdmin }) => (made = m.firstAdmin ?? made));
    child.once('error', reject);
    child.once('exit', (code, signal) => (code === 0 ? resolve(made) : reject(new Error(`first-start seeding failed (${signal ?? `exit code ${code}`})`))));
  });
}

async function seedOnly() {
  // No dev server in the child, even under npm run dev: it only writes the first data.
  const app = await buildApp({ ...loadConfig(), dev: false }, { startWorkers: false });
  try {
    const firstAdmin = await seed(app.ctx);
    if (firstAdmin && process.send)
      await new Promise<void>((resolve, reject) => process.send!({ firstAdmin }, undefined, {}, (err) => (err ? reject(err) : resolve())));
  } finally {
    await app.close();
  }
}

/**
 * The first start's sign-in, boxed in one write (so no log line lands inside it), after the server
 * listens: the last thing printed before the first request. Never a log record.
 */
function printSignIn(config: Config, admin: FirstAdmin, out: { write(text: string): unknown }) {
  const file = firstAdminFile(config.dataDir);
  const shown = path.relative(process.cwd(), file).startsWith('..') ? file : path.relative(process.cwd(), file);
  const lines = [
    'The back office is ready. Sign in:',
    '',
    `  Address   ${signInUrl(config.publicUrl)}`,
    `  E-mail    ${admin.email}`,
    `  Password  ${admin.password ?? '(the one set in ADMIN_PASSWORD)'}`,
    ...(admin.password ? ['', `The password is also in ${shown}`, '(readable by this user only) until you change it.'] : []),
  ];
  const width = Math.max(...lines.map((l) => l.length)) + 2;
  const box = [`╔${'═'.repeat(width + 2)}╗`, ...lines.map((l) => `║  ${l.padEnd(width)}║`), `╚${'═'.repeat(width + 2)}╝`];
  out.write(`\n${box.join('\n')}\n\n`);
}

/**
 * Where the logger writes (pino's own buffered stdout writer): the box goes through it as plain
 * text, not as a log record, so it lands after the lines logged before it ("listening") and
 * never inside one. Without one, stdout.
 */
function logDestination(log: object): { write(text: string): unknown } {
  const key = Object.getOwnPropertySymbols(log).find((s) => s.description === 'pino.stream');
  const stream = key && (log as Record<symbol, unknown>)[key];
  return stream && typeof (stream as { write?: unknown }).write === 'function' ? (stream as { write(text: string): unknown }) : process.stdout;
}

// Entry point: read config, migrate, seed an empty database, listen, stop cleanly on SIGTERM.
async function main() {
  const config = loadConfig();
  const app = await buildApp(config);
  const firstAdmin = (await countUsers(app.ctx.db)) === 0 ? await seedInChild() : undefined;
  const methods = await paymentMethods(app.ctx);
  app.log.info(
    { promptpay: methods.promptpay, card: methods.card, desk: true },
    `payment methods on: ${['desk (cash, terminal, transfer)', methods.promptpay && 'PromptPay', methods.card && 'card (Stripe Checkout, webhook signed)'].filter(Boolean).join(', ')}`,
  );
  await app.listen({ port: config.port, host: config.host });
  if (firstAdmin) printSignIn(config, firstAdmin, logDestination(app.log));
  else if (fs.existsSync(firstAdminFile(config.dataDir)))
    app.log.warn(`the first admin password is still in ${firstAdminFile(config.dataDir)}: sign in and change it, and the file goes`);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing requests in flight');
    const force = setTimeout(() => {
      app.log.error('shutdown took too long; exiting');
      process.exit(1);
    }, 20_000);
    force.unref();
    // A keep-alive connection that goes idle after close() began is not closed by it and would
    // hold the server open until its keep-alive timeout: close idle ones as they appear, and
    // after a grace period end the stragglers too, so a clean stop exits 0.
    const sweep = setInterval(() => app.server.closeIdleConnections(), 250);
    sweep.unref();
    const grace = setTimeout(() => app.server.closeAllConnections(), 10_000);
    grace.unref();
    try {
      await app.close();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'error during shutdown');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

(process.argv.includes(SEED_FLAG) ? seedOnly() : main()).catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
