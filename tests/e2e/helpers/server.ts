import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../src/server/app';
import { loadConfig, type Config } from '../../../src/server/config';
import { seed } from '../../../src/server/seed';
import { migratedDataDir, relaxedRateLimits } from '../../helpers/test-app';

export const ADMIN_EMAIL = 'admin@example.com';
export const ADMIN_PASSWORD = 'e2e-admin-password';

export interface RunningServer {
  url: string;
  app: FastifyInstance;
  config: Config;
  close(): Promise<void>;
}

/**
 * The real server on a free loopback port, serving the production build (npm run build)
 * from a fresh DATA_DIR with the demo content and an admin seeded. E2E_CLIENT_DIR points at
 * another build than dist/client (the machine is shared: a private build cannot be overwritten
 * mid-run).
 */
export async function startServer(overrides: Partial<Config> = {}, opts: { seedDemo?: boolean | 'full'; now?: () => Date } = {}): Promise<RunningServer> {
  // A migrated database to start from (migrated once per test process: tests/helpers/test-app.ts).
  const dataDir = await migratedDataDir('gym-e2e-');
  const config: Config = {
    ...loadConfig({
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      // The demo's blog and gallery by default (what these suites were written against, and fast);
      // 'full': the whole demo gym (trainers, rooms, activity: a few seconds more to seed).
      SEED_DEMO: opts.seedDemo === false ? 'false' : opts.seedDemo === 'full' ? 'true' : 'content',
      ADMIN_EMAIL,
      ADMIN_PASSWORD,
      PORT: '0',
      HOST: '127.0.0.1',
    }),
    // Browser suites write many times from 127.0.0.1; a test of the limits passes its own.
    rateLimits: relaxedRateLimits(loadConfig({}).rateLimits),
    ...(process.env.E2E_CLIENT_DIR ? { clientDir: process.env.E2E_CLIENT_DIR } : {}),
    ...overrides,
  };
  if (!fs.existsSync(`${config.clientDir}/index.html`)) {
    throw new Error('The front end is not built: run `npm run build` before the browser tests (npm test does).');
  }
  // `now`: the server's clock for the reads and jobs that take one (a suite that needs a given gym day).
  const app = await buildApp(config, { logger: false, now: opts.now });
  await seed(app.ctx);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const addr = app.server.address();
  const port = typeof addr === 'object' && addr ? addr.port : 0;
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    app,
    config: { ...config, publicUrl: url },
    async close() {
      await app.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
