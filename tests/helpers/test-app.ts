import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { buildApp, type BuildOptions } from '../../src/server/app';
import { migrate, openDatabase, type DatabaseHandle } from '../../src/server/db/database';
import { loadConfig, type Config, type RateLimits } from '../../src/server/config';
import { createUser } from '../../src/server/users/users.service';
import type { Role } from '../../src/shared/constants';

export type Backend = 'sqlite' | 'postgres';

export const PG_URL = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';

/**
 * Every API suite runs on both databases. PostgreSQL is required, never skipped. npm test runs
 * them as two stages (scripts/test-stages.sh): TEST_BACKENDS=sqlite, then =postgres.
 */
export const backends: Backend[] = backendsFrom(process.env.TEST_BACKENDS);

function backendsFrom(value: string | undefined): Backend[] {
  if (!value) return ['sqlite', 'postgres'];
  const list = value.split(',').map((v) => v.trim());
  for (const b of list) if (b !== 'sqlite' && b !== 'postgres') throw new Error(`TEST_BACKENDS: unknown database "${b}" (sqlite, postgres)`);
  return list as Backend[];
}

let pgChecked: Promise<void> | undefined;
function checkPostgres(): Promise<void> {
  pgChecked ??= (async () => {
    const client = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 5000 });
    try {
      await client.connect();
      await client.query('select 1');
    } catch (err) {
      throw new Error(
        `PostgreSQL is not reachable at ${PG_URL} (${(err as Error).message}). ` +
          'Start it (pg_ctlcluster <version> main start) or set TEST_DATABASE_URL to a server you can use.',
      );
    } finally {
      await client.end().catch(() => {});
    }
  })();
  return pgChecked;
}

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  backend: Backend;
  close(): Promise<void>;
  /** Creates a user directly and signs in through the API; returns the bearer token. */
  signIn(role: Role, opts?: { email?: string; name?: string; password?: string }): Promise<{ token: string; id: number; email: string; password: string }>;
  inject(opts: InjectOptions & { token?: string }): Promise<LightMyRequestResponse>;
}

/**
 * The per-address write limits raised out of reach: suites make many writes from one injected
 * address. tests/security/* pass `{ rateLimits: defaultRateLimits() }` to run with the real ones.
 */
export function relaxedRateLimits(limits: RateLimits): RateLimits {
  return Object.fromEntries(Object.entries(limits).map(([k, v]) => [k, { ...v, max: 1_000_000 }])) as unknown as RateLimits;
}

/** The limits a server started without RATE_LIMIT_* variables has. */
export const defaultRateLimits = (): RateLimits => loadConfig({}).rateLimits;

export function tempDir(prefix = 'gym-test-'): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

// Every SQLite app a suite builds starts from a copy of a database migrated once per test process
// (issue 49): buildApp's migrate() then finds every migration applied, as on a restart. A Vitest
// worker keeps this module from one file to the next (decision 195), so it is made once per
// worker, not once per file. (A PostgreSQL schema replayed from a pg_dump of a template cost a
// file that builds one app more than migrating: decision 194.)
let sqliteTemplate: Promise<string> | undefined;
function migratedSqliteFile(): Promise<string> {
  sqliteTemplate ??= (async () => {
    const dir = tempDir('gym-template-');
    process.once('exit', () => fs.rmSync(dir, { recursive: true, force: true }));
    const handle = openDatabase({ dataDir: dir });
    await migrate(handle);
    // The last connection's close checkpoints the WAL into the file: one file to copy.
    await handle.close();
    return path.join(dir, 'gym.db');
  })();
  return sqliteTemplate;
}

/** A fresh folder holding a migrated SQLite database. */
export async function migratedDataDir(prefix?: string): Promise<string> {
  const dir = tempDir(prefix);
  fs.copyFileSync(await migratedSqliteFile(), path.join(dir, 'gym.db'));
  return dir;
}

/** Drops a test's PostgreSQL schema and everything in it. */
export async function dropSchema(schema: string): Promise<void> {
  const client = new pg.Client({ connectionString: PG_URL });
  await client.connect();
  await client.query(`drop schema if exists ${schema} cascade`);
  await client.end();
}

/**
 * A database no migration has run on yet, in a folder (SQLite) or schema (PostgreSQL) of its
 * own: a migration test takes it to the version it starts from with
 * `migrate(handle, schema, { upTo })`, writes the old data, then runs the rest.
 */
export interface BareDatabase {
  handle: DatabaseHandle;
  schema: string | undefined;
  close(): Promise<void>;
}
export function openBareDatabase(backend: Backend): BareDatabase {
  const dir = tempDir();
  const schema = backend === 'postgres' ? `t_${randomBytes(6).toString('hex')}` : undefined;
  const handle = openDatabase({ dataDir: dir, ...(schema ? { databaseUrl: PG_URL, schema } : {}) });
  return {
    handle,
    schema,
    async close() {
      await handle.close();
      if (schema) await dropSchema(schema);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

export async function createTestApp(
  backend: Backend,
  overrides: Partial<Config> = {},
  env: NodeJS.ProcessEnv = {},
  build: Pick<BuildOptions, 'now' | 'startWorkers' | 'logStream'> = {},
): Promise<TestApp> {
  // A suite that shares another app's database passes its folder or schema: nothing is made.
  const shared = overrides.dataDir !== undefined || overrides.databaseSchema !== undefined || overrides.databaseUrl !== undefined;
  const dataDir = backend === 'sqlite' && !shared ? await migratedDataDir() : tempDir();
  const base = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', SEED_DEMO: 'false', PUBLIC_URL: 'http://gym.test', ...env });
  let schema: string | undefined;
  if (backend === 'postgres') {
    await checkPostgres();
    schema = `t_${randomBytes(6).toString('hex')}`;
  }
  const config: Config = {
    ...base,
    rateLimits: relaxedRateLimits(base.rateLimits),
    // Like the per-address limits: suites send hundreds of writes at once from one process (seat
    // races); the shedding suite sets its own bound (MAX_PENDING_WRITES).
    maxPendingWrites: env.MAX_PENDING_WRITES ? base.maxPendingWrites : 0,
    ...(backend === 'postgres' ? { databaseUrl: PG_URL, databaseSchema: schema } : {}),
    ...overrides,
  };
  // Silent unless a suite reads the log (its level: LOG_LEVEL in env).
  const app = await buildApp(config, { ...build, logger: build.logStream !== undefined });
  await app.ready();
  let n = 0;
  const t: TestApp = {
    app,
    config,
    backend,
    async close() {
      await app.close();
      if (schema) await dropSchema(schema);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
    async signIn(role, opts = {}) {
      n += 1;
      const email = opts.email ?? `${role}${n}-${randomBytes(3).toString('hex')}@example.com`;
      const password = opts.password ?? 'correct horse battery';
      const user = await createUser(app.ctx, { email, name: opts.name ?? `${role} ${n}`, password, role, isActive: true });
      const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
      if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
      return { token: res.json().token as string, id: user.id, email, password };
    },
    inject(opts) {
      const { token, ...rest } = opts;
      const headers = { ...(rest.headers ?? {}), ...(token ? { authorization: `Bearer ${token}` } : {}) };
      return app.inject({ ...rest, headers });
    },
  };
  return t;
}
