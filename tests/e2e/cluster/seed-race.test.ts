import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/server/app';
import { loadConfig } from '../../../src/server/config';
import { seed } from '../../../src/server/seed';
import { PG_URL, tempDir } from '../../helpers/test-app';

// Instances started together on an empty PostgreSQL database all find no user and seed: the
// seeding takes an advisory lock, so the first one seeds and the others find its admin.
describe('first-start seeding by several instances at once', () => {
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const apps: Awaited<ReturnType<typeof buildApp>>[] = [];
  const dirs: string[] = [];
  afterAll(async () => {
    await Promise.all(apps.map((a) => a.close()));
    const client = new pg.Client({ connectionString: PG_URL });
    await client.connect();
    await client.query(`drop schema if exists ${schema} cascade`);
    await client.end();
    for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
  });

  it('seeds one admin, and no seeding fails', async () => {
    for (let n = 0; n < 3; n++) {
      const dataDir = tempDir();
      dirs.push(dataDir);
      const config = loadConfig({
        DATA_DIR: tempDir(),
        LOG_LEVEL: 'silent',
        SEED_DEMO: 'false',
        ADMIN_EMAIL: 'owner@example.com',
        ADMIN_PASSWORD: 'first-start-pw',
      });
      apps.push(await buildApp({ ...config, databaseUrl: PG_URL, databaseSchema: schema }, { logger: false, startWorkers: false }));
    }
    const results = await Promise.allSettled(apps.map((a) => seed(a.ctx)));
    expect(results.map((r) => (r.status === 'rejected' ? String(r.reason) : 'ok'))).toEqual(['ok', 'ok', 'ok']);
    const users = await apps[0].ctx.db.selectFrom('users').select('email').execute();
    expect(users).toEqual([{ email: 'owner@example.com' }]);
  });
});
