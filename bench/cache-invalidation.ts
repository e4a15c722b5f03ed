// npx tsx bench/cache-invalidation.ts: what telling the other instances of a public write
// costs the write (issue 23). On PostgreSQL, a category rename through app.inject on an
// instance with the cache bus (pg_notify after the write, a second instance listening) and on
// one without it (the TTL alone), on one schema, in alternating rounds in the same process.
// Reports each side's mean and p95 per write and the ratio with/without.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../src/server/app';
import { loadConfig, type Config } from '../src/server/config';
import { createUser } from '../src/server/users/users.service';

const PG_URL = process.env.BENCH_PG_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const WRITES = Number(process.env.BENCH_WRITES ?? 200);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 6);

const schema = `bench_bus_${randomBytes(4).toString('hex')}`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gym-bench-bus-'));
const base = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', SEED_DEMO: 'false', PUBLIC_URL: 'http://gym.test' });
const config: Config = { ...base, databaseUrl: PG_URL, databaseSchema: schema };

async function build(cacheBus: boolean): Promise<FastifyInstance> {
  const app = await buildApp(config, { logger: false, startWorkers: false, cacheBus });
  await app.ready();
  return app;
}

async function signIn(app: FastifyInstance): Promise<string> {
  const email = `bench-${randomBytes(3).toString('hex')}@gym.test`;
  await createUser(app.ctx, { email, name: 'Bench', password: 'bench-password-1', role: 'admin', isActive: true });
  const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: 'bench-password-1' } });
  return res.json<{ token: string }>().token;
}

/** Renames the category WRITES times; the public list is read before each so there is something to drop. */
async function round(app: FastifyInstance, token: string, id: number): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < WRITES; i++) {
    await app.inject({ method: 'GET', url: '/api/blog-categories' });
    const start = process.hrtime.bigint();
    const res = await app.inject({
      method: 'PUT',
      url: `/api/blog-categories/${id}`,
      headers: { authorization: `Bearer ${token}` },
      payload: { name: `Bench ${i}`, slug: 'bench' },
    });
    times.push(Number(process.hrtime.bigint() - start) / 1e6);
    if (res.statusCode !== 200) throw new Error(`rename failed: ${res.statusCode} ${res.body}`);
  }
  await app.cacheBus?.idle();
  return times;
}

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * 0.95)];

async function main() {
  const on = await build(true);
  const off = await build(false);
  // The other instance, listening: notifications are delivered, as in a deployment.
  const listener = await build(true);
  try {
    const token = await signIn(on);
    const created = await on.inject({
      method: 'POST',
      url: '/api/blog-categories',
      headers: { authorization: `Bearer ${token}` },
      payload: { name: 'Bench', slug: 'bench' },
    });
    const id = created.json<{ id: number }>().id;
    // Warm-up of both.
    await round(on, token, id);
    await round(off, token, id);
    const times = { on: [] as number[], off: [] as number[] };
    for (let r = 0; r < ROUNDS; r++) {
      // Alternating which goes first, so neither always follows the other.
      for (const side of r % 2 === 0 ? (['on', 'off'] as const) : (['off', 'on'] as const)) {
        times[side].push(...(await round(side === 'on' ? on : off, token, id)));
      }
    }
    const received = listener.ctx.publicCache.generation();
    const row = (name: string, xs: number[]) => `${name.padEnd(28)} mean ${mean(xs).toFixed(3)} ms   p95 ${p95(xs).toFixed(3)} ms   (${xs.length} writes)`;
    console.log(`PostgreSQL ${new URL(PG_URL).host}, category rename through app.inject, ${ROUNDS} alternating rounds of ${WRITES}`);
    console.log(row('with cross-instance bus', times.on));
    console.log(row('without (TTL only)', times.off));
    console.log(`ratio with/without: mean ${(mean(times.on) / mean(times.off)).toFixed(3)}, p95 ${(p95(times.on) / p95(times.off)).toFixed(3)}`);
    console.log(`the listening instance applied ${received} invalidations`);
  } finally {
    await listener.close();
    await off.close();
    await on.close();
    const client = new pg.Client({ connectionString: PG_URL });
    await client.connect();
    await client.query(`drop schema if exists ${schema} cascade`);
    await client.end();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
