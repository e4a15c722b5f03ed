import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { bareDatabase } from '../../../tests/helpers/bare-database';
import { backends } from '../../../tests/helpers/test-app';

// Migration 039 widens users.role to 'trainer' on a database that already has accounts: on SQLite
// the users table is rebuilt, so its rows, ids, the sessions that point at them and the checks
// must all come through. On both databases.

const at = '2025-01-01T10:00:00.000Z';

describe.each(backends)('migration 039 (trainer role) on %s', (backend) => {
  const bare = bareDatabase(backend, 'block');

  it('keeps the accounts and their sessions, takes the trainer role and still refuses an unknown one', async () => {
    const { handle } = bare;
    await bare.migrate({ upTo: '036-stay-orders' });
    const db = handle.db;
    const user = await db
      .insertInto('users')
      .values({ email: 'staff@example.com', name: 'Sam', password_hash: 'h', role: 'staff', is_active: 1, created_at: at })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db.insertInto('sessions').values({ user_id: user.id, token_hash: 'abc', created_at: at, expires_at: '2099-01-01T00:00:00.000Z' }).execute();
    await bare.migrate();
    expect(await db.selectFrom('users').select(['id', 'email', 'role']).execute()).toEqual([{ id: user.id, email: 'staff@example.com', role: 'staff' }]);
    expect(await db.selectFrom('sessions').select('user_id').execute()).toEqual([{ user_id: user.id }]);
    const trainer = await db
      .insertInto('users')
      .values({ email: 'kru@example.com', name: 'Kru', password_hash: 'h', role: 'trainer', is_active: 1, created_at: at })
      .returning('id')
      .executeTakeFirstOrThrow();
    // A new id after the kept ones (SQLite's counter came through the rebuild).
    expect(trainer.id).toBeGreaterThan(user.id);
    await expect(
      db
        .insertInto('users')
        .values({ email: 'x@example.com', name: 'X', password_hash: 'h', role: 'root' as never, is_active: 1, created_at: at })
        .execute(),
    ).rejects.toThrow(/CHECK constraint failed|violates check constraint/);
    // Foreign keys still hold: a session of no account is refused.
    if (backend === 'sqlite') expect((await sql`pragma foreign_keys`.execute(db)).rows).toEqual([{ foreign_keys: 1 }]);
    await expect(
      db
        .insertInto('sessions')
        .values({ user_id: 999_999, token_hash: 'def', created_at: at, expires_at: '2099-01-01T00:00:00.000Z' } as never)
        .execute(),
    ).rejects.toThrow();
  });
});
