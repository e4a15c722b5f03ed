// The database half of a backup: PostgreSQL through pg_dump/pg_restore (custom format, the app's
// schema only), SQLite through better-sqlite3's online backup API (a consistent copy while the
// server keeps writing). Row counts per table are taken the same way on both sides of a restore.
import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import type { Config } from '../config';
import { OpsError } from './backup-manifest';

export const SQLITE_FILE = 'gym.db';

/** libpq's environment for a DATABASE_URL: the password never shows on a command line. */
export function libpqEnv(databaseUrl: string): NodeJS.ProcessEnv {
  const url = new URL(databaseUrl);
  const env: NodeJS.ProcessEnv = {
    PGHOST: decodeURIComponent(url.hostname) || url.searchParams.get('host') || undefined,
    PGPORT: url.port || undefined,
    PGUSER: decodeURIComponent(url.username) || undefined,
    PGPASSWORD: url.password ? decodeURIComponent(url.password) : undefined,
    PGDATABASE: decodeURIComponent(url.pathname.replace(/^\//, '')) || undefined,
    PGSSLMODE: url.searchParams.get('sslmode') ?? undefined,
    PGOPTIONS: url.searchParams.get('options') ?? undefined,
  };
  return Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined));
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.once('error', (e: NodeJS.ErrnoException) =>
      reject(
        e.code === 'ENOENT'
          ? new OpsError(
              `${command} was not found: install PostgreSQL's client tools of the server's major version or newer (Debian: apt install postgresql-client-15).`,
            )
          : e,
      ),
    );
    child.once('exit', (code) => (code === 0 ? resolve(out) : reject(new OpsError(`${command} failed (exit code ${code}):\n${err.trim()}`))));
  });
}

/** One connection to the server with the app's settings (its search_path, from the URL or the schema option). */
async function pgClient(config: Config): Promise<pg.Client> {
  const client = new pg.Client({
    connectionString: config.databaseUrl,
    ...(config.databaseSchema ? { options: `-c search_path=${config.databaseSchema}` } : {}),
  });
  try {
    await client.connect();
  } catch (err) {
    throw new OpsError(`Cannot reach PostgreSQL (DATABASE_URL): ${(err as Error).message}`);
  }
  return client;
}

/** The schema the app keeps its tables in: the first of its search_path (public by default). */
async function appSchema(client: pg.Client, config: Config): Promise<string> {
  if (config.databaseSchema) return config.databaseSchema;
  const { rows } = await client.query<{ s: string | null; p: string }>(`select current_schema() as s, current_setting('search_path') as p`);
  if (rows[0].s) return rows[0].s;
  const first = rows[0].p
    .split(',')
    .map((x) => x.trim().replace(/^"|"$/g, ''))
    .find((x) => x && x !== '$user');
  return first ?? 'public';
}

const quoteId = (name: string) => `"${name.replace(/"/g, '""')}"`;

async function pgTableCounts(client: pg.Client, schema: string): Promise<Record<string, number>> {
  const { rows } = await client.query<{ t: string }>(
    `select table_name as t from information_schema.tables where table_schema = $1 and table_type = 'BASE TABLE' order by table_name`,
    [schema],
  );
  const out: Record<string, number> = {};
  for (const { t } of rows) {
    const r = await client.query<{ n: string }>(`select count(*) as n from ${quoteId(schema)}.${quoteId(t)}`);
    out[t] = Number(r.rows[0].n);
  }
  return out;
}

function sqliteTableCounts(file: string): Record<string, number> {
  const db = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    const names = db.prepare(`select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name`).pluck().all() as string[];
    return Object.fromEntries(
      names.map((t) => [
        t,
        Number(
          db
            .prepare(`select count(*) from ${quoteId(t)}`)
            .pluck()
            .get(),
        ),
      ]),
    );
  } finally {
    db.close();
  }
}

export interface DumpResult {
  file: 'database.pgdump' | 'database.sqlite';
  schema?: string;
  tables: Record<string, number>;
}

/** Writes the database into `dir` while the server may keep running. */
export async function dumpDatabase(config: Config, dir: string): Promise<DumpResult> {
  if (config.databaseUrl) {
    const client = await pgClient(config);
    try {
      const schema = await appSchema(client, config);
      // The counts and pg_dump read one snapshot: the counts are those of the dump, even while
      // the server keeps writing (the restore checks it gets them back).
      await client.query('begin isolation level repeatable read read only');
      const { rows } = await client.query<{ id: string }>('select pg_export_snapshot() as id');
      const tables = await pgTableCounts(client, schema);
      if (Object.keys(tables).length === 0)
        throw new OpsError(`PostgreSQL schema "${schema}" holds no tables: nothing to back up (is DATABASE_URL the right one?).`);
      await run(
        'pg_dump',
        ['--format=custom', `--schema=${schema}`, `--snapshot=${rows[0].id}`, '--no-owner', '--no-privileges', `--file=${path.join(dir, 'database.pgdump')}`],
        libpqEnv(config.databaseUrl),
      );
      await client.query('commit');
      return { file: 'database.pgdump', schema, tables };
    } finally {
      await client.end().catch(() => {});
    }
  }
  const source = path.join(config.dataDir, SQLITE_FILE);
  const exists = await fs.stat(source).catch(() => null);
  if (!exists) throw new OpsError(`No SQLite database at ${source}: is DATA_DIR the server's (or DATABASE_URL missing)?`);
  const target = path.join(dir, 'database.sqlite');
  const db = new SQLite(source, { fileMustExist: true });
  try {
    // The online backup API copies pages while other connections keep writing; the copy is one consistent state.
    await db.backup(target);
  } finally {
    db.close();
  }
  // The copy keeps the source's WAL mode; a reader of it would leave -wal and -shm files beside
  // it. As a rollback-journal file it stays one file (the app sets WAL again when it opens it).
  const copy = new SQLite(target, { fileMustExist: true });
  try {
    copy.pragma('journal_mode = DELETE');
  } finally {
    copy.close();
  }
  return { file: 'database.sqlite', tables: sqliteTableCounts(target) };
}

/** Rows per table in the target after a restore (compared with the manifest's). */
export async function countsOfTarget(config: Config, schema: string | undefined): Promise<Record<string, number>> {
  if (!config.databaseUrl) return sqliteTableCounts(path.join(config.dataDir, SQLITE_FILE));
  const client = await pgClient(config);
  try {
    return await pgTableCounts(client, schema ?? (await appSchema(client, config)));
  } finally {
    await client.end().catch(() => {});
  }
}

/** Why the target database is not empty, or null when a restore may write into it. */
export async function targetDatabaseProblem(config: Config, backupSchema: string | undefined): Promise<string | null> {
  if (!config.databaseUrl) {
    const file = path.join(config.dataDir, SQLITE_FILE);
    if (!(await fs.stat(file).catch(() => null))) return null;
    const tables = Object.keys(sqliteTableCounts(file));
    return tables.length
      ? `${file} already holds ${tables.length} table(s); restore into an empty DATA_DIR (and stop the app first: its first start fills one)`
      : null;
  }
  const client = await pgClient(config);
  try {
    const schema = await appSchema(client, config);
    if (backupSchema && schema !== backupSchema) {
      return `the backup holds PostgreSQL schema "${backupSchema}" but the app with this DATABASE_URL uses "${schema}" (set its search_path to "${backupSchema}", e.g. ?options=-csearch_path%3D${backupSchema})`;
    }
    const tables = Object.keys(await pgTableCounts(client, schema));
    return tables.length
      ? `PostgreSQL schema "${schema}" already holds ${tables.length} table(s); restore into an empty database (and stop the app first: its first start fills one)`
      : null;
  } finally {
    await client.end().catch(() => {});
  }
}

/** Puts the backup's database into the (checked empty) target. */
export async function restoreDatabase(config: Config, dir: string, file: DumpResult['file'], schema: string | undefined): Promise<void> {
  const source = path.join(dir, file);
  if (!config.databaseUrl) {
    await fs.mkdir(config.dataDir, { recursive: true });
    const target = path.join(config.dataDir, SQLITE_FILE);
    // An empty file left by an earlier start goes, with its journal files; the copy lands whole (rename).
    for (const extra of ['', '-wal', '-shm']) await fs.rm(`${target}${extra}`, { force: true });
    await fs.copyFile(source, `${target}.part`);
    await fs.rename(`${target}.part`, target);
    return;
  }
  const env = libpqEnv(config.databaseUrl);
  // The schema already exists in the target (public always does): its CREATE SCHEMA (and comment)
  // would fail, so they are left out of the list of what pg_restore runs.
  const client = await pgClient(config);
  let exists = false;
  try {
    exists = (await client.query(`select 1 from pg_namespace where nspname = $1`, [schema ?? 'public'])).rowCount === 1;
  } finally {
    await client.end().catch(() => {});
  }
  const toc = await run('pg_restore', ['--list', source], env);
  const name = (schema ?? 'public').replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const createsSchema = new RegExp(`^\\d+; \\d+ \\d+ (SCHEMA - ${name}|COMMENT - SCHEMA ${name}) `);
  const keep = toc.split('\n').filter((line) => !(exists && createsSchema.test(line)));
  const work = await fs.mkdtemp(path.join(os.tmpdir(), 'gym-restore-'));
  const listFile = path.join(work, 'list');
  await fs.writeFile(listFile, keep.join('\n'));
  try {
    await run(
      'pg_restore',
      [
        '--no-owner',
        '--no-privileges',
        '--single-transaction',
        '--exit-on-error',
        `--use-list=${listFile}`,
        `--dbname=${databaseName(config.databaseUrl)}`,
        source,
      ],
      env,
    );
  } finally {
    await fs.rm(work, { recursive: true, force: true });
  }
}

/** pg_restore wants --dbname; the rest of the connection comes from the environment (libpqEnv). */
const databaseName = (databaseUrl: string) => decodeURIComponent(new URL(databaseUrl).pathname.replace(/^\//, '')) || 'postgres';
