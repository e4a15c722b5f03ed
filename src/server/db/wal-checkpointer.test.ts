import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from './database';
import { BACKSTOP_PAGES, startCheckpointer } from './wal-checkpointer';

const waitFor = async (check: () => boolean | Promise<boolean>, what: string) => {
  for (let i = 0; i < 200; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`timed out waiting for ${what}`);
};

describe('SQLite checkpoints on their own thread', () => {
  const dirs: string[] = [];
  let handle: DatabaseHandle | undefined;
  afterEach(async () => {
    await handle?.close();
    handle = undefined;
    for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
  });
  const tempDir = () => {
    const d = fs.mkdtempSync(path.join(os.tmpdir(), 'gym-ckpt-'));
    dirs.push(d);
    return d;
  };

  it('copies the log into the database file while the main connection only commits', async () => {
    const dir = tempDir();
    handle = openDatabase({ dataDir: dir, checkpointThread: true });
    const { db } = handle;
    // The main connection's own checkpoint is only a far backstop.
    expect((await sql.raw('pragma wal_autocheckpoint').execute(db)).rows[0]).toEqual({ wal_autocheckpoint: BACKSTOP_PAGES });
    await sql`create table filler (id integer primary key, body text)`.execute(db);
    const dbFile = path.join(dir, 'gym.db');
    const before = fs.statSync(dbFile).size;
    // About 4 MB through the log: past SQLite's default 1,000 pages, far below the backstop.
    for (let i = 0; i < 40; i++) {
      await db.transaction().execute(async (tx) => {
        for (let j = 0; j < 25; j++) await sql`insert into filler (body) values (${'x'.repeat(4_000)})`.execute(tx);
      });
    }
    // Only a checkpoint grows the database file; the main connection did none.
    await waitFor(() => fs.statSync(dbFile).size > before + 3_000_000, 'the database file to receive the log');
    const rows = await sql<{ n: number }>`select count(*) as n from filler`.execute(db);
    expect(rows.rows[0].n).toBe(1_000);
  });

  it('leaves checkpoints to SQLite by default (SQLITE_CHECKPOINT_THREAD=false)', async () => {
    handle = openDatabase({ dataDir: tempDir() });
    expect((await sql.raw('pragma wal_autocheckpoint').execute(handle.db)).rows[0]).toEqual({ wal_autocheckpoint: 1_000 });
  });

  it('hands checkpoints back to the main connection when the thread cannot run', async () => {
    const dir = tempDir();
    const main = new SQLite(path.join(dir, 'main.db'));
    main.pragma('journal_mode = WAL');
    const errors: unknown[] = [];
    // A file the thread cannot open: it fails at once.
    const ckpt = startCheckpointer(main, path.join(dir, 'missing', 'dir', 'x.db'), (err) => errors.push(err));
    await waitFor(() => errors.length > 0, 'the thread to fail');
    expect(main.pragma('wal_autocheckpoint', { simple: true })).toBe(1_000);
    expect(await ckpt.runs()).toBe(0);
    await ckpt.close();
    main.close();
  });

  it('stops the thread on close, leaving no log behind', async () => {
    const dir = tempDir();
    const h = openDatabase({ dataDir: dir, checkpointThread: true });
    await sql`create table t (id integer primary key)`.execute(h.db);
    await sql`insert into t default values`.execute(h.db);
    await h.close();
    // The last connection to close checkpoints and removes the log: the thread's is gone first.
    expect(fs.existsSync(path.join(dir, 'gym.db-wal'))).toBe(false);
    const reopened = new SQLite(path.join(dir, 'gym.db'));
    expect(reopened.prepare('select count(*) as n from t').get()).toEqual({ n: 1 });
    reopened.close();
  });
});
