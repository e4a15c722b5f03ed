// The production build as `npm run serve` starts it (the compiled dist/node/main.js with its node
// flags and malloc settings), on a free loopback port and a fresh DATA_DIR with the demo content.
// Shared by bench:lighthouse and bench:weight.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { serveCommand } from '../scripts/serve-command';

export interface ProductionServer {
  base: string;
  dataDir: string;
  stop(): void;
}

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as net.AddressInfo).port;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });

// A first start seeds the demo images: on a busy machine that can take a minute.
async function waitFor(url: string, ms = 180_000) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`server did not answer at ${url}`);
}

/** Exits with a message when `npm run build` has not been run. */
export function requireBuild(what: string): void {
  const missing = ['dist/node/main.js', 'dist/client/index.html', 'dist/server/entry-server.js'].filter((f) => !fs.existsSync(f));
  if (missing.length === 0) return;
  console.error(
    `The production build is missing (${missing.join(', ')}): run \`npm run build\` first.\n${what} measures the compiled server (dist/node/main.js) as \`npm run serve\` starts it.`,
  );
  process.exit(1);
}

export async function startProductionServer(prefix: string): Promise<ProductionServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const serve = serveCommand();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ...serve.env,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    PUBLIC_URL: base,
    ADMIN_PASSWORD: 'bench-admin-pw',
    // One machine loads the same order page dozens of times in a few minutes: the per-address
    // limit on token reads (20 per 10 minutes) is for people, not for a benchmark.
    RATE_LIMIT_MANAGE_BOOKING: '10000/10m',
  };
  // No SMTP: the outbox writes each e-mail as DATA_DIR/outbox/<id>.eml (bench:weight reads one).
  delete env.SMTP_URL;
  const server = spawn(process.execPath, serve.args, { env, stdio: ['ignore', 'ignore', 'inherit'] });
  const stop = () => {
    server.kill('SIGTERM');
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitFor(`${base}/healthz`);
  } catch (err) {
    stop();
    throw err;
  }
  return { base, dataDir, stop };
}
