import { fork } from 'node:child_process';
import { buildApp } from './app';
import { loadConfig } from './config';
import { paymentMethods } from './catalogue/catalogue.service';
import { seed } from './seed';
import { countUsers } from './users/users.repository';

const SEED_FLAG = '--seed-only';

/**
 * First start: the admin and the demo content are made by a short-lived child process. The
 * demo images go through sharp, whose memory (libvips, per-thread malloc arenas) would
 * otherwise stay with the long-running server for good (about 100 MB resident).
 */
function seedInChild(): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = fork(process.argv[1], [SEED_FLAG], { stdio: 'inherit' });
    child.once('error', reject);
    child.once('exit', (code, signal) => (code === 0 ? resolve() : reject(new Error(`first-start seeding failed (${signal ?? `exit code ${code}`})`))));
  });
}

async function seedOnly() {
  // No dev server in the child, even under npm run dev: it only writes the first data.
  const app = await buildApp({ ...loadConfig(), dev: false }, { startWorkers: false });
  try {
    await seed(app.ctx);
  } finally {
    await app.close();
  }
}

// Entry point: read config, migrate, seed an empty database, listen, stop cleanly on SIGTERM.
async function main() {
  const config = loadConfig();
  const app = await buildApp(config);
  if ((await countUsers(app.ctx.db)) === 0) await seedInChild();
  await app.listen({ port: config.port, host: config.host });
  const methods = await paymentMethods(app.ctx);
  app.log.info(
    { promptpay: methods.promptpay, card: methods.card, desk: true },
    `payment methods on: ${['desk (cash, terminal, transfer)', methods.promptpay && 'PromptPay', methods.card && 'card (Stripe Checkout, webhook signed)'].filter(Boolean).join(', ')}`,
  );

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
