import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bareDatabase } from '../../../tests/helpers/bare-database';
import { backends, createTestApp, type Backend, type TestApp } from '../../../tests/helpers/test-app';

const at = '2025-01-01T10:00:00.000Z';

describe.each(backends)('status and role checks on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(backend);
  });
  afterAll(() => t?.close());

  // Written through Kysely with a cast: the point is what the database itself refuses.
  const bad = (v: string) => v as never;
  const check = /CHECK constraint failed|violates check constraint/;

  it('refuses a role that is not staff or admin', async () => {
    const insert = t.app.ctx.db
      .insertInto('users')
      .values({ email: 'x@example.com', name: 'X', password_hash: 'h', role: bad('root'), is_active: 1, created_at: at })
      .execute();
    await expect(insert).rejects.toThrow(check);
    const user = await t.app.ctx.db
      .insertInto('users')
      .values({ email: 'y@example.com', name: 'Y', password_hash: 'h', role: 'staff', is_active: 1, created_at: at })
      .returning('id')
      .executeTakeFirstOrThrow();
    await expect(
      t.app.ctx.db
        .updateTable('users')
        .set({ role: bad('superuser') })
        .where('id', '=', user.id)
        .execute(),
    ).rejects.toThrow(check);
  });

  it('refuses unknown statuses and sender types, and takes every known one', async () => {
    const { db } = t.app.ctx;
    await expect(
      db
        .insertInto('reservations')
        .values({ name: 'N', email: null, phone: '+1', course: 'MMA', date_time: at, message: null, status: bad('done'), created_at: at })
        .execute(),
    ).rejects.toThrow(check);
    for (const status of ['unread', 'read', 'archived', 'cancelled'] as const) {
      await db
        .insertInto('reservations')
        .values({ name: 'N', email: null, phone: '+1', course: 'MMA', date_time: at, message: null, status, created_at: at })
        .execute();
    }
    await expect(
      db
        .insertInto('contact_submissions')
        .values({ name: 'N', email: 'n@example.com', phone: null, subject: 's', message: 'm', status: bad('spam'), created_at: at })
        .execute(),
    ).rejects.toThrow(check);
    const sub = await db
      .insertInto('contact_submissions')
      .values({ name: 'N', email: 'n@example.com', phone: null, subject: 's', message: 'm', status: 'new', created_at: at })
      .returning('id')
      .executeTakeFirstOrThrow();
    await expect(
      db
        .insertInto('conversations')
        .values({
          user_name: 'N',
          user_email: 'n@example.com',
          subject: 's',
          status: bad('pending'),
          contact_submission_id: sub.id,
          created_at: at,
          last_message_at: at,
        })
        .execute(),
    ).rejects.toThrow(check);
    const conv = await db
      .insertInto('conversations')
      .values({ user_name: 'N', user_email: 'n@example.com', subject: 's', status: 'new', contact_submission_id: sub.id, created_at: at, last_message_at: at })
      .returning('id')
      .executeTakeFirstOrThrow();
    await expect(
      db
        .insertInto('conversation_messages')
        .values({ conversation_id: conv.id, sender_type: bad('bot'), sender_name: 'B', content: 'c', is_read: 0, created_at: at })
        .execute(),
    ).rejects.toThrow(check);
    await expect(
      db
        .insertInto('outbox')
        .values({
          to_address: 'a@example.com',
          subject: 's',
          text_body: 't',
          message_id: 'm1',
          status: bad('lost'),
          attempts: 0,
          next_attempt_at: at,
          created_at: at,
        })
        .execute(),
    ).rejects.toThrow(check);
  });
});

// Data written before 003 (migrations up to 002) comes through the rebuild unchanged.
describe.each(backends)('migration 003 on a database with data (%s)', (backend: Backend) => {
  const bare = bareDatabase(backend, 'block');

  it('keeps rows, ids, foreign keys, indexes and the id sequence', async () => {
    await bare.migrate({ upTo: '002-session-expiry-index' });
    const db = bare.handle.db;
    const user = (email: string, role: string) =>
      db
        .insertInto('users')
        .values({ email, name: email, password_hash: 'h', role: role as never, is_active: 1, created_at: at })
        .returning('id')
        .executeTakeFirstOrThrow();
    const u1 = await user('a@example.com', 'admin');
    const u2 = await user('b@example.com', 'staff');
    const u3 = await user('c@example.com', 'staff');
    await db.deleteFrom('users').where('id', '=', u3.id).execute(); // a gap at the end
    await db
      .insertInto('sessions')
      .values({ user_id: u2.id, token_hash: 'a'.repeat(64), created_at: at, expires_at: at })
      .execute();
    const cat = await db
      .insertInto('blog_categories')
      .values({ name: 'C', slug: 'c', description: null, created_at: at })
      .returning('id')
      .executeTakeFirstOrThrow();
    const post = await db
      .insertInto('blog_posts')
      .values({
        slug: 'p',
        title: 'P',
        content: 'x',
        excerpt: null,
        featured_image: null,
        meta_title: null,
        meta_description: null,
        category_id: cat.id,
        author_id: u1.id,
        published: 1,
        published_at: at,
        created_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const sub = await db
      .insertInto('contact_submissions')
      .values({ name: 'N', email: 'n@example.com', phone: null, subject: 's', message: 'm', status: 'responded', created_at: at })
      .returning('id')
      .executeTakeFirstOrThrow();
    const conv = await db
      .insertInto('conversations')
      .values({ user_name: 'N', user_email: 'n@example.com', subject: 's', status: 'open', contact_submission_id: sub.id, created_at: at, last_message_at: at })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('conversation_messages')
      .values({ conversation_id: conv.id, sender_type: 'customer', sender_name: 'N', content: 'hi', is_read: 0, created_at: at })
      .execute();
    await db
      .insertInto('conversation_messages')
      .values({ conversation_id: conv.id, sender_type: 'admin', sender_name: 'A', content: 'yo', is_read: 1, created_at: at })
      .execute();
    for (const status of ['unread', 'read', 'archived'] as const) {
      await db
        .insertInto('reservations')
        .values({ name: status, email: null, phone: '+1', course: 'MMA', date_time: at, message: null, status, created_at: at })
        .execute();
    }
    await db
      .insertInto('outbox')
      .values({ to_address: 'a@example.com', subject: 's', text_body: 't', message_id: 'm1', status: 'sent', attempts: 1, next_attempt_at: at, created_at: at })
      .execute();

    const snapshot = async () => ({
      users: await db.selectFrom('users').selectAll().orderBy('id').execute(),
      sessions: await db.selectFrom('sessions').selectAll().orderBy('id').execute(),
      posts: await db.selectFrom('blog_posts').selectAll().orderBy('id').execute(),
      submissions: await db.selectFrom('contact_submissions').selectAll().orderBy('id').execute(),
      conversations: await db.selectFrom('conversations').selectAll().orderBy('id').execute(),
      messages: await db.selectFrom('conversation_messages').selectAll().orderBy('id').execute(),
      reservations: await db.selectFrom('reservations').selectAll().orderBy('id').execute(),
      outbox: await db.selectFrom('outbox').selectAll().orderBy('id').execute(),
    });
    const before = await snapshot();

    await bare.migrate({ upTo: '003-status-checks' });
    expect(await snapshot()).toEqual(before);

    // The id of the deleted user is not handed out again.
    const u4 = await user('d@example.com', 'staff');
    expect(u4.id).toBeGreaterThan(u3.id);
    // Unique e-mail still holds.
    await expect(user('a@example.com', 'staff')).rejects.toThrow();
    // The new checks hold.
    await expect(user('e@example.com', 'root')).rejects.toThrow(/CHECK constraint failed|violates check constraint/);

    if (backend === 'sqlite') {
      expect((await sql<{ foreign_keys: number }>`pragma foreign_keys`.execute(db)).rows[0].foreign_keys).toBe(1);
      const idx = await sql<{ name: string }>`select name from sqlite_master where type = 'index' and sql is not null order by name`.execute(db);
      expect(idx.rows.map((r) => r.name)).toEqual(
        expect.arrayContaining(['conversation_messages_conversation', 'outbox_due', 'reservations_created_at', 'sessions_expires_at', 'sessions_user_id']),
      );
      const plan = await sql<{ detail: string }>`explain query plan select * from conversation_messages where conversation_id = 1`.execute(db);
      expect(plan.rows.map((r) => r.detail).join('\n')).toMatch(/conversation_messages_conversation/);
      expect((await sql`pragma foreign_key_check`.execute(db)).rows).toEqual([]);
    }
    // Foreign keys still point at the rebuilt tables: deleting a user cascades to its sessions
    // and clears its posts' author; deleting a conversation removes its messages.
    await db.deleteFrom('users').where('id', '=', u2.id).execute();
    expect(await db.selectFrom('sessions').selectAll().execute()).toEqual([]);
    await db.deleteFrom('users').where('id', '=', u1.id).execute();
    expect((await db.selectFrom('blog_posts').select('author_id').where('id', '=', post.id).executeTakeFirstOrThrow()).author_id).toBeNull();
    await db.deleteFrom('conversations').where('id', '=', conv.id).execute();
    expect(await db.selectFrom('conversation_messages').selectAll().execute()).toEqual([]);
    await expect(
      db
        .insertInto('sessions')
        .values({ user_id: 999999, token_hash: 'b'.repeat(64), created_at: at, expires_at: at })
        .execute(),
    ).rejects.toThrow();
  });
});
