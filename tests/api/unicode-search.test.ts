import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromBool } from '../../src/server/db/database';
import { backends, createTestApp, type TestApp } from '../helpers/test-app';

// The back office's search ignores case in every script, not only for A–Z: "иван" finds
// "Иван Петров" and "élodie" finds "Élodie" on both databases.
describe.each(backends)('case-insensitive search beyond ASCII on %s', (backend) => {
  let t: TestApp;
  let token: string;
  let adminToken: string;
  const now = new Date().toISOString();
  const search = async (list: string, q: string): Promise<Record<string, unknown>[]> => {
    const res = await t.inject({ method: 'GET', url: `/api/${list}?q=${encodeURIComponent(q)}&page=1`, token });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().items;
  };

  beforeAll(async () => {
    t = await createTestApp(backend);
    token = (await t.signIn('staff')).token;
    adminToken = (await t.signIn('admin')).token;
    const db = t.app.ctx.db;
    const people = ['Иван Петров', 'Élodie DURAND', 'ΣΩΚΡΆΤΗΣ Παππάς', 'Jonas MÜLLER', 'Plain Ascii'];
    await db
      .insertInto('reservations')
      .values(
        people.map((name, i) => ({
          name,
          email: `r${i}@example.com`,
          phone: null,
          course: 'MMA',
          date_time: now,
          message: null,
          status: 'unread' as const,
          created_at: now,
        })),
      )
      .execute();
    await db
      .insertInto('conversations')
      .values(
        people.map((name, i) => ({
          user_name: name,
          user_email: `c${i}@example.com`,
          subject: i === 4 ? 'ВОПРОС О ЦЕНАХ' : 'Question',
          status: 'new' as const,
          contact_submission_id: null,
          created_at: now,
          last_message_at: now,
        })),
      )
      .execute();
    await db
      .insertInto('contact_submissions')
      .values(
        people.map((name, i) => ({
          name,
          email: `m${i}@example.com`,
          phone: null,
          subject: 'Hello',
          message: 'Hi',
          status: 'new' as const,
          created_at: now,
        })),
      )
      .execute();
    await db
      .insertInto('newsletter_subscribers')
      .values(
        people.map((name, i) => ({
          email: `s${i}@example.com`,
          name,
          is_active: fromBool(true),
          unsubscribe_token: `tok${i}`,
          subscribed_at: now,
          confirmed_at: now,
          confirm_token_hash: null,
          confirm_sent_at: null,
        })),
      )
      .execute();
    await db
      .insertInto('audit_log')
      .values({
        created_at: now,
        user_id: null,
        user_email: 'ÉLODIE@EXAMPLE.COM',
        method: 'POST',
        route: '/api/x',
        entity_type: null,
        entity_id: null,
        status: 200,
        ip: null,
        summary: null,
      })
      .execute();
    await db
      .insertInto('blog_posts')
      .values(
        ['ÉCOLE DE BOXE', 'ТРЕНИРОВКИ ДЛЯ ДЕТЕЙ', 'Plain title'].map((title, i) => ({
          slug: `post-${i}`,
          title,
          content: 'x',
          excerpt: null,
          featured_image: null,
          meta_title: null,
          meta_description: null,
          category_id: null,
          author_id: null,
          published: fromBool(true),
          published_at: now,
          created_at: now,
          updated_at: now,
        })),
      )
      .execute();
  });
  afterAll(() => t?.close());

  it('finds bookings whatever the case of Cyrillic, accented Latin and Greek letters', async () => {
    const names = async (q: string) => (await search('reservations', q)).map((r) => r.name);
    expect(await names('иван')).toEqual(['Иван Петров']);
    expect(await names('ИВАН')).toEqual(['Иван Петров']);
    expect(await names('élodie')).toEqual(['Élodie DURAND']);
    expect(await names('ÉLODIE')).toEqual(['Élodie DURAND']);
    expect(await names('müller')).toEqual(['Jonas MÜLLER']);
    expect(await names('παππάς')).toEqual(['ΣΩΚΡΆΤΗΣ Παππάς']);
    // ASCII as before, and no false friends: "elodie" without its accent is another word.
    expect(await names('plain')).toEqual(['Plain Ascii']);
    expect(await names('durand')).toEqual(['Élodie DURAND']);
    expect(await names('elodie')).toEqual([]);
  });

  it('does the same in conversations, contact messages, subscribers, posts and the journal', async () => {
    expect((await search('conversations', 'иван')).map((c) => c.userName)).toEqual(['Иван Петров']);
    expect((await search('conversations', 'вопрос')).map((c) => c.userName)).toEqual(['Plain Ascii']);
    expect((await search('contact-submissions', 'élodie')).map((c) => c.name)).toEqual(['Élodie DURAND']);
    expect((await search('newsletter-subscribers', 'иван')).map((s) => s.name)).toEqual(['Иван Петров']);
    expect((await search('blog-posts', 'école')).map((p) => p.title)).toEqual(['ÉCOLE DE BOXE']);
    expect((await search('blog-posts', 'тренировки')).map((p) => p.title)).toEqual(['ТРЕНИРОВКИ ДЛЯ ДЕТЕЙ']);
    const audit = await t.inject({ method: 'GET', url: `/api/audit-log?q=${encodeURIComponent('élodie@')}`, token: adminToken });
    expect(audit.json().items.map((e: { userEmail: string }) => e.userEmail)).toEqual(['ÉLODIE@EXAMPLE.COM']);
  });
});
