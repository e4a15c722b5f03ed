import path from 'node:path';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app';

// SQLite only: the pragmas are what make an answered write durable there (docs/decisions/078-sqlite-checkpoints-on-a-thread-of-their-own.md).
describe('SQLite connection settings', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
  });
  afterAll(() => t?.close());

  // Most pragmas belong to the connection, so they are read through the app's own.
  const pragma = async (name: string) => (await sql.raw(`pragma ${name}`).execute(t.app.ctx.db)).rows[0];

  it('runs in WAL mode with synchronous=FULL, foreign keys on and a busy timeout', async () => {
    expect(await pragma('journal_mode')).toEqual({ journal_mode: 'wal' });
    expect(await pragma('synchronous')).toEqual({ synchronous: 2 });
    expect(await pragma('foreign_keys')).toEqual({ foreign_keys: 1 });
    expect(await pragma('busy_timeout')).toEqual({ timeout: 5000 });
    // Erased data is zeroed, not left in free pages (issue 33 point 6).
    expect(await pragma('secure_delete')).toEqual({ secure_delete: 1 });
  });

  it('leaves the database file itself in WAL mode', () => {
    // WAL is kept in the file: another process opening it reads in WAL mode too.
    const file = new SQLite(path.join(t.config.dataDir, 'gym.db'), { readonly: true });
    try {
      expect(file.pragma('journal_mode', { simple: true })).toBe('wal');
    } finally {
      file.close();
    }
  });

  it('enforces foreign keys', async () => {
    const orphan = t.app.ctx.db
      .insertInto('sessions')
      .values({ user_id: 999999, token_hash: 'f'.repeat(64), created_at: new Date().toISOString(), expires_at: new Date().toISOString() })
      .execute();
    await expect(orphan).rejects.toThrow(/FOREIGN KEY/);
  });
});

describe('Session expiry index', () => {
  for (const backend of ['sqlite', 'postgres'] as const) {
    it(`exists on ${backend}, so deleting expired sessions does not scan the table`, async () => {
      const t = await createTestApp(backend);
      try {
        if (backend === 'sqlite') {
          const plan = await sql.raw<{ detail: string }>(`explain query plan delete from sessions where expires_at <= '2026-01-01'`).execute(t.app.ctx.db);
          expect(plan.rows.map((r) => r.detail).join('\n')).toMatch(/USING (COVERING )?INDEX sessions_expires_at/);
        } else {
          const rows = await sql<{
            indexname: string;
          }>`select indexname from pg_indexes where schemaname = ${t.config.databaseSchema} and tablename = 'sessions'`.execute(t.app.ctx.db);
          expect(rows.rows.map((r) => r.indexname)).toContain('sessions_expires_at');
        }
      } finally {
        await t.close();
      }
    });
  }
});
