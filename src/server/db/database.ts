import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import type { Dialect } from './dialect';
import { Kysely, Migrator, PostgresDialect, SqliteDialect, sql, type Migration, type SqliteDatabase } from 'kysely';
import { createRequire } from 'node:module';
import type PgModule from 'pg';
import type { Database } from './schema';
import { startCheckpointer } from './wal-checkpointer';
import { registerUnicodeLower } from './search';
import * as m001 from './migrations/001-initial';
import * as m002 from './migrations/002-session-expiry-index';
import * as m003 from './migrations/003-status-checks';
import * as m004 from './migrations/004-timetable';
import * as m005 from './migrations/005-outbox-parts';
import * as m006 from './migrations/006-booking-sequence';
import * as m007 from './migrations/007-outbox-reservation';
import * as m008 from './migrations/008-rate-limits';
import * as m009 from './migrations/009-account-security';
import * as m010 from './migrations/010-audit-log';
import * as m011 from './migrations/011-newsletter-opt-in';
import * as m012 from './migrations/012-list-indexes';
import * as m013 from './migrations/013-edit-versions';
import * as m014 from './migrations/014-saved-replies';
import * as m015 from './migrations/015-outbox-template';
import * as m016 from './migrations/016-site-settings';
import * as m017 from './migrations/017-undo';
import * as m018 from './migrations/018-languages';
import * as m019 from './migrations/019-post-language';
import * as m020 from './migrations/020-owner-translations';
import * as m021 from './migrations/021-passes-and-payments';
import * as m022 from './migrations/022-pass-catalogue';
import * as m023 from './migrations/023-customers-backfill';
import * as m024 from './migrations/024-inbound-mail';
import * as m025 from './migrations/025-payment-edges';
import * as m026 from './migrations/026-inbound-quarantine';
import * as m027 from './migrations/027-session-idle';
import * as m029 from './migrations/029-gym-cancel';
import * as m030 from './migrations/030-waitlist';
import * as m031 from './migrations/031-late-cancels-and-waivers';
import * as m032 from './migrations/032-programmes';
import * as m033 from './migrations/033-receipts';
import * as m034 from './migrations/034-visa-letters';
import * as m035 from './migrations/035-rooms';
import * as m036 from './migrations/036-stay-orders';
import * as m037 from './migrations/037-stay-order-changes';
import * as m038 from './migrations/038-arrivals';
import * as m039 from './migrations/039-trainers';
import * as m040 from './migrations/040-private-lessons';
import * as m041 from './migrations/041-late-moves';
import * as m042 from './migrations/042-customer-details-set';
import * as m043 from './migrations/043-demo-records';
import * as m044 from './migrations/044-me-sessions';
import * as m045 from './migrations/045-retired-links';
import * as m046 from './migrations/046-waivers';
import * as m047 from './migrations/047-check-in-keys';
import * as m048 from './migrations/048-pass-pauses';
import * as m049 from './migrations/049-traveller-push';
import * as m050 from './migrations/050-discount-codes';
import * as m051 from './migrations/051-campaigns';
import * as m052 from './migrations/052-review-requests';

export type { Dialect } from './dialect';
export type Db = Kysely<Database>;

export interface DatabaseHandle {
  db: Db;
  dialect: Dialect;
  /**
   * One round trip to the database that waits behind no request: PostgreSQL on a connection of
   * its own (outside the pool, opened again after it breaks), SQLite on the file's connection
   * (synchronous, so nothing queues before it). The health monitor's probe.
   */
  probe: () => Promise<void>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  dataDir: string;
  databaseUrl?: string;
  /** PostgreSQL only: keep every table in this schema (created when missing). */
  schema?: string;
  /** SQLite only: checkpoints on a worker thread (default false: SQLite's own, in commits). */
  checkpointThread?: boolean;
  /** SQLite only: told when the checkpoint thread stops and the main connection takes over. */
  onCheckpointThreadError?: (err: unknown) => void;
  /** PostgreSQL only: told when a pooled connection breaks (the pool replaces it). */
  onPoolError?: (err: unknown) => void;
}

// pg is loaded only when DATABASE_URL is set: the SQLite default never maps it.
const require = createRequire(import.meta.url);
let pgModule: typeof PgModule | undefined;
function loadPg(): typeof PgModule {
  if (!pgModule) {
    pgModule = require('pg') as typeof PgModule;
    // PostgreSQL hands back bigint (count) as text; we only count rows, which fit a JS number.
    pgModule.types.setTypeParser(20, (v) => Number(v));
  }
  return pgModule;
}

export function openDatabase(opts: DatabaseOptions): DatabaseHandle {
  if (opts.databaseUrl) {
    const pg = loadPg();
    const pool = new pg.Pool({
      connectionString: opts.databaseUrl,
      max: 10,
      ...(opts.schema ? { options: `-c search_path=${opts.schema}` } : {}),
    });
    // A connection that breaks (the server restarted, the network went) emits 'error' on its
    // client, and on the pool too while idle: unheard, either would end the process instead of
    // the query failing and the pool opening another connection. Told once, by the client's.
    const lost = opts.onPoolError ?? ((err: unknown) => console.error('PostgreSQL connection lost', err));
    pool.on('connect', (client) => client.on('error', lost));
    pool.on('error', () => {});
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    const probe = createProbeConnection(pg, opts.databaseUrl);
    return {
      db,
      dialect: 'postgres',
      probe: probe.ping,
      close: async () => {
        await probe.end();
        await db.destroy();
      },
    };
  }
  fs.mkdirSync(opts.dataDir, { recursive: true });
  const filePath = path.join(opts.dataDir, 'gym.db');
  const file = new SQLite(filePath);
  // WAL for concurrent readers; synchronous=FULL so an answered write survives a power cut.
  file.pragma('journal_mode = WAL');
  file.pragma('synchronous = FULL');
  file.pragma('foreign_keys = ON');
  file.pragma('busy_timeout = 5000');
  // Deleted and overwritten content is zeroed, not left in free space: an erased person's data
  // must not survive in the file's bytes (issue 33 point 6; docs/security.md).
  file.pragma('secure_delete = ON');
  registerUnicodeLower(file);
  // Optionally, checkpoints run on their own thread, not inside a request's commit (wal-checkpointer.ts).
  const checkpointer = !opts.checkpointThread ? undefined : startCheckpointer(file, filePath, opts.onCheckpointThreadError);
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(file) }) });
  return {
    db,
    dialect: 'sqlite',
    probe: async () => {
      await sql`select 1`.execute(db);
    },
    close: async () => {
      await checkpointer?.close();
      await db.destroy();
    },
  };
}

/**
 * A PostgreSQL connection for the health probe alone, opened at the first ping: a pool full of
 * waiting bookings must not make a live database look down. A connection that broke, or a ping
 * that failed, is dropped and the next ping opens another.
 */
function createProbeConnection(pg: typeof PgModule, connectionString: string) {
  let client: PgModule.Client | undefined;
  let ended = false;
  const drop = () => {
    const c = client;
    client = undefined;
    c?.end().catch(() => {});
  };
  return {
    ping: async (): Promise<void> => {
      if (ended) throw new Error('database closed');
      try {
        if (!client) {
          const c = new pg.Client({ connectionString, connectionTimeoutMillis: 5_000, query_timeout: 5_000 });
          c.on('error', () => {
            if (client === c) client = undefined;
          });
          client = c;
          await c.connect();
        }
        await client.query('select 1');
      } catch (err) {
        drop();
        throw err;
      }
    },
    end: async (): Promise<void> => {
      ended = true;
      const c = client;
      client = undefined;
      await c?.end().catch(() => {});
    },
  };
}

/** Distinct SQL texts kept prepared; batch inserts of varying sizes make more, so the cache is bounded. */
const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely's SQLite driver prepares every query afresh; preparing was the largest single cost of a
 * booking (measured: 14 % of the CPU of a booking burst). The same SQL text gets the same
 * prepared statement back, unless that one is busy (an iteration in progress). SQLite re-prepares
 * a statement itself after a schema change (migrations), so a cached one never goes stale.
 */
function withStatementCache(file: SQLite.Database): SqliteDatabase {
  const cache = new Map<string, SQLite.Statement>();
  return {
    close: () => file.close(),
    prepare(sqlText: string) {
      const hit = cache.get(sqlText);
      if (hit && !hit.busy) return hit;
      const stmt = file.prepare(sqlText);
      if (!hit) {
        if (cache.size >= STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value!);
        cache.set(sqlText, stmt);
      }
      return stmt;
    },
  };
}

// Migrations are frozen and typed against no schema (the schema changes after them): Kysely<any> by design.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see the line above
const migrations: Record<string, { up: (db: Kysely<any>, dialect: Dialect) => Promise<void> }> = {
  '001-initial': { up: m001.up },
  '002-session-expiry-index': { up: m002.up },
  '003-status-checks': { up: m003.up },
  '004-timetable': { up: m004.up },
  '005-outbox-parts': { up: m005.up },
  '006-booking-sequence': { up: m006.up },
  '007-outbox-reservation': { up: m007.up },
  '008-rate-limits': { up: m008.up },
  '009-account-security': { up: m009.up },
  '010-audit-log': { up: m010.up },
  '011-newsletter-opt-in': { up: m011.up },
  '012-list-indexes': { up: m012.up },
  '013-edit-versions': { up: m013.up },
  '014-saved-replies': { up: m014.up },
  '015-outbox-template': { up: m015.up },
  '016-site-settings': { up: m016.up },
  '017-undo': { up: m017.up },
  '018-languages': { up: m018.up },
  '019-post-language': { up: m019.up },
  '020-owner-translations': { up: m020.up },
  '021-passes-and-payments': { up: m021.up },
  '022-pass-catalogue': { up: m022.up },
  '023-customers-backfill': { up: m023.up },
  '024-inbound-mail': { up: m024.up },
  '025-payment-edges': { up: m025.up },
  '026-inbound-quarantine': { up: m026.up },
  '027-session-idle': { up: m027.up },
  '029-gym-cancel': { up: m029.up },
  '030-waitlist': { up: m030.up },
  '031-late-cancels-and-waivers': { up: m031.up },
  '032-programmes': { up: m032.up },
  '033-receipts': { up: m033.up },
  '034-visa-letters': { up: m034.up },
  '035-rooms': { up: m035.up },
  '036-stay-orders': { up: m036.up },
  '037-stay-order-changes': { up: m037.up },
  '038-arrivals': { up: m038.up },
  '039-trainers': { up: m039.up },
  '040-private-lessons': { up: m040.up },
  '041-late-moves': { up: m041.up },
  '042-customer-details-set': { up: m042.up },
  '043-demo-records': { up: m043.up },
  '044-me-sessions': { up: m044.up },
  '045-retired-links': { up: m045.up },
  '046-waivers': { up: m046.up },
  '047-check-in-keys': { up: m047.up },
  '048-pass-pauses': { up: m048.up },
  '049-traveller-push': { up: m049.up },
  '050-discount-codes': { up: m050.up },
  '051-campaigns': { up: m051.up },
  '052-review-requests': { up: m052.up },
};

/** Runs every migration not yet run, or (tests) up to and including `upTo`. */
export async function migrate(handle: DatabaseHandle, schema?: string, opts: { upTo?: string } = {}): Promise<void> {
  if (handle.dialect === 'postgres' && schema) {
    await sql`create schema if not exists ${sql.id(schema)}`.execute(handle.db);
  }
  const provider = {
    async getMigrations(): Promise<Record<string, Migration>> {
      const out: Record<string, Migration> = {};
      for (const [name, mod] of Object.entries(migrations)) {
        out[name] = { up: (db) => mod.up(db, handle.dialect) };
      }
      return out;
    },
  };
  const migrator = new Migrator({
    db: handle.db,
    provider,
    // Migrations are written on parallel branches: one numbered after another that has not
    // landed yet (005 before 003) must not stop a database that already ran it.
    allowUnorderedMigrations: true,
    ...(handle.dialect === 'postgres' && schema ? { migrationTableSchema: schema } : {}),
  });
  for (let attempt = 1; ; attempt++) {
    const { error, results } = opts.upTo ? await migrator.migrateTo(opts.upTo) : await migrator.migrateToLatest();
    const failed = results?.find((r) => r.status === 'Error');
    if (!error && !failed) return;
    // Kysely's migrator looks for its table by listing the tables (and columns) of every schema; a
    // schema, table or column another client drops meanwhile (test runs, on a shared server) fails
    // that listing before any migration ran. Not ours: try again.
    const message = String((error as Error | undefined)?.message ?? '');
    const other = vanishedSchema(message);
    const droppedElsewhere = (other !== null && other !== schema) || droppedColumn(message);
    if (!failed && droppedElsewhere && attempt < 5) continue;
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String((error as Error)?.message ?? error)}`);
  }
}

/** The schema named by an error about a schema or schema-qualified table that no longer exists. */
export function vanishedSchema(message: string): string | null {
  const m = /(?:schema "([^"]+)"|relation "([^".]+)\.[^"]+") does not exist/.exec(message);
  return m ? (m[1] ?? m[2] ?? null) : null;
}

/**
 * True for the message of a column whose table was dropped while it was being listed (the listing
 * asks pg_get_serial_sequence about every column, which names no schema).
 */
export function droppedColumn(message: string): boolean {
  return /column "[^"]+" of relation "[^"]+" does not exist/.test(message);
}

/** SQLite stores 0/1, PostgreSQL true/false: one JS boolean for the API. */
export const toBool = (v: unknown): boolean => v === true || v === 1 || v === '1' || v === 't';
/** What both databases accept for a boolean column. */
export const fromBool = (v: boolean): number => (v ? 1 : 0);
export const nowIso = (): string => new Date().toISOString();

/** True when the error is a unique-constraint violation on either database. */
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; message?: string };
  return e?.code === '23505' || e?.code === 'SQLITE_CONSTRAINT_UNIQUE' || /UNIQUE constraint failed/.test(e?.message ?? '');
}

/** True when the error is a foreign-key violation on either database. */
export function isForeignKeyViolation(err: unknown): boolean {
  const e = err as { code?: string; message?: string };
  return e?.code === '23503' || e?.code === 'SQLITE_CONSTRAINT_FOREIGNKEY';
}
