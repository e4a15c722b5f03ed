import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromBool } from '../../src/server/db/database';
import { BULK_MAX } from '../../src/shared/schemas/bulk';
import { bookingPayload } from '../helpers/factories';
import { nextSessionInstant } from '../helpers/sessions';
import { backends, createTestApp, type TestApp } from '../helpers/test-app';

// Issue 13, "Undo and bulk": unarchive and mark-unread, the gallery's restorable delete and its
// purge, and the bulk endpoints (ids, one transaction, the single-item rules, the audit entry).
describe.each(backends)('undo and bulk on %s', (backend) => {
  let t: TestApp;
  let staff: string;
  let admin: string;
  let clock = new Date();

  beforeAll(async () => {
    t = await createTestApp(backend, {}, {}, { now: () => clock, startWorkers: false });
    staff = (await t.signIn('staff')).token;
    admin = (await t.signIn('admin')).token;
  });
  afterAll(() => t?.close());

  const db = () => t.app.ctx.db;
  let n = 0;
  /** A booking (a request by appointment, so no seat) with the given status. */
  async function booking(status: 'unread' | 'read' | 'archived' | 'cancelled' = 'unread'): Promise<number> {
    n += 1;
    const row = await db()
      .insertInto('reservations')
      .values({
        name: `Client ${n}`,
        email: `client${n}@example.com`,
        phone: null,
        course: 'Private Training',
        date_time: '2031-01-06T03:00:00.000Z',
        message: null,
        status,
        created_at: new Date().toISOString(),
        weekly_session_id: null,
        session_date: null,
        manage_token_hash: null,
        attendance: null,
        cancelled_at: null,
        reminder_queued_at: null,
        status_before_archive: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }
  const statusOf = async (id: number) => (await db().selectFrom('reservations').select('status').where('id', '=', id).executeTakeFirst())?.status;
  const put = (url: string, token?: string) => t.inject({ method: 'PUT', url, token });
  const post = (url: string, payload: unknown, token?: string) => t.inject({ method: 'POST', url, token, payload: payload as object });

  describe('a booking archived, then unarchived', () => {
    it('comes back exactly as it was: unread stays unread, read stays read', async () => {
      for (const before of ['unread', 'read'] as const) {
        const id = await booking(before);
        const archived = await put(`/api/reservations/${id}/archive`, staff);
        expect(archived.json()).toMatchObject({ id, status: 'archived' });
        const restored = await put(`/api/reservations/${id}/unarchive`, staff);
        expect(restored.statusCode).toBe(200);
        expect(restored.json()).toMatchObject({ id, status: before });
        expect(await statusOf(id)).toBe(before);
      }
    });

    it('a booking archived before the column existed comes back read; other statuses are left as they are', async () => {
      const old = await booking('archived');
      expect((await put(`/api/reservations/${old}/unarchive`, admin)).json()).toMatchObject({ status: 'read' });
      const cancelled = await booking('cancelled');
      expect((await put(`/api/reservations/${cancelled}/unarchive`, staff)).json()).toMatchObject({ status: 'cancelled' });
    });

    it('401 without a token, 404 for a missing one, 400 for a bad id', async () => {
      const id = await booking('archived');
      expect((await put(`/api/reservations/${id}/unarchive`)).statusCode).toBe(401);
      expect(await statusOf(id)).toBe('archived');
      expect((await put('/api/reservations/999999/unarchive', staff)).statusCode).toBe(404);
      expect((await put('/api/reservations/abc/unarchive', staff)).statusCode).toBe(400);
    });
  });

  describe('mark unread', () => {
    it('a read booking becomes unread and counts in the unread badge again', async () => {
      const id = await booking('read');
      const unreadBefore = (await t.inject({ method: 'GET', url: '/api/reservations?pageSize=1', token: staff })).json<{ counts: { unread: number } }>().counts
        .unread;
      const res = await put(`/api/reservations/${id}/unread`, staff);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ id, status: 'unread' });
      const unreadAfter = (await t.inject({ method: 'GET', url: '/api/reservations?pageSize=1', token: staff })).json<{ counts: { unread: number } }>().counts
        .unread;
      expect(unreadAfter).toBe(unreadBefore + 1);
      // Archived and cancelled bookings are not "read": they stay.
      const archived = await booking('archived');
      expect((await put(`/api/reservations/${archived}/unread`, staff)).json()).toMatchObject({ status: 'archived' });
      expect((await put(`/api/reservations/${id}/unread`)).statusCode).toBe(401);
      expect((await put('/api/reservations/999999/unread', staff)).statusCode).toBe(404);
    });

    it("a conversation's latest customer message becomes unread: it counts as unread again", async () => {
      const sent = await t.inject({
        method: 'POST',
        url: '/api/contact',
        payload: { name: 'Ana Lima', email: 'ana@example.com', subject: 'Prices', message: 'How much is a week?' },
      });
      const conversationId = sent.json<{ conversationId: number }>().conversationId;
      const unread = async () =>
        (await t.inject({ method: 'GET', url: `/api/conversations/${conversationId}`, token: staff })).json<{ unreadCount: number }>().unreadCount;
      expect((await put(`/api/conversations/${conversationId}/mark-read`, staff)).json()).toEqual({ success: true, updated: 1 });
      const before = await unread();
      const res = await put(`/api/conversations/${conversationId}/mark-unread`, staff);
      expect(res.json()).toEqual({ success: true, updated: 1 });
      const isRead = await db()
        .selectFrom('conversation_messages')
        .select('is_read')
        .where('conversation_id', '=', conversationId)
        .where('sender_type', '=', 'customer')
        .executeTakeFirstOrThrow();
      expect(Boolean(isRead.is_read)).toBe(false);
      expect(before).toBe(0);
      expect(await unread()).toBe(1);
      // Twice changes nothing more; 401 and 404 as the other conversation routes.
      expect((await put(`/api/conversations/${conversationId}/mark-unread`, staff)).json()).toEqual({ success: true, updated: 0 });
      expect((await put(`/api/conversations/${conversationId}/mark-unread`)).statusCode).toBe(401);
      expect((await put('/api/conversations/999999/mark-unread', staff)).statusCode).toBe(404);
    });
  });

  describe('gallery delete and restore', () => {
    async function upload(title: string): Promise<{ id: number; imageUrl: string }> {
      const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 200, g: 30, b: 30 } } })
        .png()
        .toBuffer();
      const form = new FormData();
      form.append('title', title);
      form.append('image', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'photo.png');
      const body = new Response(form);
      const res = await t.inject({
        method: 'POST',
        url: '/api/gallery',
        token: staff,
        payload: Buffer.from(await body.arrayBuffer()),
        headers: { 'content-type': body.headers.get('content-type')! },
      });
      expect(res.statusCode).toBe(201);
      return res.json();
    }
    const listed = async (token?: string) => (await t.inject({ method: 'GET', url: '/api/gallery', token })).json<{ id: number }[]>().map((i) => i.id);

    it('a deleted item leaves every list at once and comes back whole with restore; its image is served all along', async () => {
      const item = await upload('Sparring');
      const full = (await t.inject({ method: 'GET', url: '/api/gallery', token: staff })).json<{ id: number }[]>().find((i) => i.id === item.id);
      const totalBefore = (await t.inject({ method: 'GET', url: '/api/dashboard-stats', token: staff })).json<{ totalGalleryImages: number }>()
        .totalGalleryImages;
      expect((await t.inject({ method: 'DELETE', url: `/api/gallery/${item.id}`, token: staff })).statusCode).toBe(204);
      expect(await listed()).not.toContain(item.id);
      expect(await listed(staff)).not.toContain(item.id);
      expect((await t.inject({ method: 'GET', url: '/api/dashboard-stats', token: staff })).json<{ totalGalleryImages: number }>().totalGalleryImages).toBe(
        totalBefore - 1,
      );
      // A deleted item cannot be edited or deleted again.
      expect((await t.inject({ method: 'PUT', url: `/api/gallery/${item.id}`, token: staff, payload: { title: 'X', category: 'general' } })).statusCode).toBe(
        404,
      );
      expect((await t.inject({ method: 'DELETE', url: `/api/gallery/${item.id}`, token: staff })).statusCode).toBe(404);
      expect((await t.inject({ method: 'GET', url: item.imageUrl })).statusCode).toBe(200);

      expect((await t.inject({ method: 'POST', url: `/api/gallery/${item.id}/restore` })).statusCode).toBe(401);
      const restored = await t.inject({ method: 'POST', url: `/api/gallery/${item.id}/restore`, token: staff });
      expect(restored.statusCode).toBe(200);
      expect(restored.json()).toEqual(full);
      expect(await listed()).toContain(item.id);
      expect((await t.inject({ method: 'GET', url: item.imageUrl })).statusCode).toBe(200);
      // Restoring what is not deleted (or does not exist) is 404; a bad id 400.
      expect((await t.inject({ method: 'POST', url: `/api/gallery/${item.id}/restore`, token: staff })).statusCode).toBe(404);
      expect((await t.inject({ method: 'POST', url: '/api/gallery/999999/restore', token: admin })).statusCode).toBe(404);
      expect((await t.inject({ method: 'POST', url: '/api/gallery/0/restore', token: admin })).statusCode).toBe(400);
    });

    it('the purge removes row and files only once the restore window is over', async () => {
      const item = await upload('Clinch');
      clock = new Date();
      expect((await t.inject({ method: 'DELETE', url: `/api/gallery/${item.id}`, token: staff })).statusCode).toBe(204);
      expect(await t.app.galleryPurge.runOnce()).toBe(0);
      expect((await t.inject({ method: 'GET', url: item.imageUrl })).statusCode).toBe(200);
      clock = new Date(Date.now() + 2 * 3_600_000);
      expect(await t.app.galleryPurge.runOnce()).toBe(1);
      expect(await db().selectFrom('gallery_items').select('id').where('id', '=', item.id).executeTakeFirst()).toBeUndefined();
      expect((await t.inject({ method: 'GET', url: item.imageUrl })).statusCode).toBe(404);
      expect((await t.inject({ method: 'POST', url: `/api/gallery/${item.id}/restore`, token: staff })).statusCode).toBe(404);
      clock = new Date();
    });
  });

  describe('every bulk endpoint', () => {
    const BULK = [
      { url: '/api/reservations/bulk/read', extra: {} },
      { url: '/api/reservations/bulk/archive', extra: {} },
      { url: '/api/reservations/bulk/unarchive', extra: {} },
      { url: '/api/reservations/bulk/delete', extra: {} },
      { url: '/api/contact-submissions/bulk/status', extra: { status: 'read' } },
      { url: '/api/conversations/bulk/mark-read', extra: {} },
      { url: '/api/newsletter-subscribers/bulk/delete', extra: {} },
    ];

    it('401 without a token; 400 for no ids, a non-list, bad ids or more than the maximum; staff and admin alike are answered', async () => {
      const tooMany = Array.from({ length: BULK_MAX + 1 }, (_, i) => i + 1);
      for (const { url, extra } of BULK) {
        expect((await post(url, { ids: [999999], ...extra })).statusCode, url).toBe(401);
        expect((await post(url, { ids: [999999], ...extra }, 'not-a-token')).statusCode, url).toBe(401);
        for (const ids of [undefined, [], 'all', [-1], ['x'], tooMany]) {
          const res = await post(url, { ids, ...extra }, staff);
          expect(res.statusCode, `${url} ${JSON.stringify(ids)?.slice(0, 20)}`).toBe(400);
          expect(res.json()).toEqual({ error: expect.any(String), code: 'validation' });
        }
        for (const token of [staff, admin]) expect((await post(url, { ids: [999999], ...extra }, token)).json(), url).toEqual({ count: 0, ids: [] });
      }
    });
  });

  describe('bulk actions on bookings', () => {
    it('validation: 401 without a token, 400 for no ids, bad ids, too many', async () => {
      const id = await booking('unread');
      expect((await post('/api/reservations/bulk/read', { ids: [id] })).statusCode).toBe(401);
      expect(await statusOf(id)).toBe('unread');
      for (const body of [{}, { ids: [] }, { ids: ['1'] }, { ids: [0] }, { ids: [1.5] }, { ids: Array.from({ length: BULK_MAX + 1 }, (_, i) => i + 1) }]) {
        const res = await post('/api/reservations/bulk/archive', body, staff);
        expect(res.statusCode, JSON.stringify(body).slice(0, 40)).toBe(400);
        expect(res.json<{ error: string }>().error).toEqual(expect.any(String));
      }
      // 500 ids is allowed.
      expect((await post('/api/reservations/bulk/read', { ids: Array.from({ length: BULK_MAX }, (_, i) => i + 1_000_000) }, staff)).statusCode).toBe(200);
    });

    it('mark read, archive and unarchive apply the single-item rules to every id, once each', async () => {
      const unread = await booking('unread');
      const read = await booking('read');
      const cancelled = await booking('cancelled');
      const markRead = await post('/api/reservations/bulk/read', { ids: [unread, read, cancelled, unread, 999999] }, staff);
      expect(markRead.json()).toEqual({ count: 1, ids: [unread] });
      expect(await statusOf(unread)).toBe('read');
      await db().updateTable('reservations').set({ status: 'unread' }).where('id', '=', unread).execute();

      const archived = await post('/api/reservations/bulk/archive', { ids: [unread, read, cancelled] }, admin);
      expect(archived.json()).toEqual({ count: 2, ids: [unread, read].sort((a, b) => a - b) });
      expect([await statusOf(unread), await statusOf(read), await statusOf(cancelled)]).toEqual(['archived', 'archived', 'cancelled']);

      const restored = await post('/api/reservations/bulk/unarchive', { ids: [unread, read, cancelled] }, staff);
      expect(restored.json()).toEqual({ count: 2, ids: [unread, read].sort((a, b) => a - b) });
      expect([await statusOf(unread), await statusOf(read), await statusOf(cancelled)]).toEqual(['unread', 'read', 'cancelled']);
    });

    it('delete removes every selected booking in one request and gives their seats back', async () => {
      const startsAt = nextSessionInstant('Wrestling', { daysAhead: 9 });
      const ids: number[] = [];
      for (const name of ['Seat One', 'Seat Two']) {
        const res = await t.inject({
          method: 'POST',
          url: '/api/reservations',
          payload: bookingPayload({ name, email: `${name.replace(' ', '.').toLowerCase()}@example.com`, course: 'Wrestling', dateTime: startsAt }),
        });
        expect(res.statusCode).toBe(201);
        ids.push(res.json<{ id: number }>().id);
      }
      const keep = await booking('read');
      const row = await db().selectFrom('reservations').select(['weekly_session_id', 'session_date']).where('id', '=', ids[0]).executeTakeFirstOrThrow();
      const taken = async () =>
        Number(
          (
            await db()
              .selectFrom('seats')
              .select('taken')
              .where('weekly_session_id', '=', row.weekly_session_id!)
              .where('session_date', '=', row.session_date!)
              .executeTakeFirst()
          )?.taken ?? 0,
        );
      expect(await taken()).toBe(2);
      const res = await post('/api/reservations/bulk/delete', { ids: [...ids, 999999] }, staff);
      expect(res.json()).toEqual({ count: 2, ids: [...ids].sort((a, b) => a - b) });
      expect(await taken()).toBe(0);
      for (const id of ids) expect(await statusOf(id)).toBeUndefined();
      expect(await statusOf(keep)).toBe('read');
    });

    it('is written in the audit journal: one entry naming the action and the ids', async () => {
      const a = await booking('unread');
      const b = await booking('unread');
      await post('/api/reservations/bulk/archive', { ids: [a, b] }, staff);
      const entry = await db()
        .selectFrom('audit_log')
        .selectAll()
        .where('route', '=', '/api/reservations/bulk/archive')
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      expect(entry).toMatchObject({ method: 'POST', status: 200, entity_id: `${a},${b}`, summary: 'ids' });
      expect(entry.user_email).toMatch(/^staff/);
    });
  });

  describe('bulk actions on the other lists', () => {
    async function contact(name: string) {
      const res = await t.inject({
        method: 'POST',
        url: '/api/contact',
        payload: { name, email: `${name.toLowerCase()}@example.com`, subject: 'Hi', message: 'Hello there' },
      });
      return res.json<{ id: number; conversationId: number }>();
    }

    it('contact messages: mark read and unread many at once', async () => {
      const a = await contact('Alpha');
      const b = await contact('Bravo');
      const c = await contact('Charlie');
      const status = async (id: number) =>
        (await db().selectFrom('contact_submissions').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;
      expect((await post('/api/contact-submissions/bulk/status', { ids: [a.id, b.id], status: 'read' })).statusCode).toBe(401);
      expect((await post('/api/contact-submissions/bulk/status', { ids: [a.id, b.id], status: 'done' }, staff)).statusCode).toBe(400);
      expect((await post('/api/contact-submissions/bulk/status', { ids: [], status: 'read' }, staff)).statusCode).toBe(400);
      const res = await post('/api/contact-submissions/bulk/status', { ids: [a.id, b.id, 999999], status: 'read' }, staff);
      expect(res.json()).toEqual({ count: 2, ids: [a.id, b.id] });
      expect([await status(a.id), await status(b.id), await status(c.id)]).toEqual(['read', 'read', 'new']);
      expect((await post('/api/contact-submissions/bulk/status', { ids: [a.id], status: 'new' }, admin)).json()).toEqual({ count: 1, ids: [a.id] });
      expect(await status(a.id)).toBe('new');
    });

    it('conversations: mark read many at once', async () => {
      const a = await contact('Delta');
      const b = await contact('Echo');
      const unreadOf = async (id: number) =>
        Number(
          (
            await db()
              .selectFrom('conversation_messages')
              .select((eb) => eb.fn.countAll<number>().as('n'))
              .where('conversation_id', '=', id)
              .where('is_read', '=', fromBool(false))
              .executeTakeFirstOrThrow()
          ).n,
        );
      expect((await post('/api/conversations/bulk/mark-read', { ids: [a.conversationId] })).statusCode).toBe(401);
      expect((await post('/api/conversations/bulk/mark-read', { ids: 'all' }, staff)).statusCode).toBe(400);
      const res = await post('/api/conversations/bulk/mark-read', { ids: [a.conversationId, b.conversationId] }, staff);
      expect(res.json()).toEqual({ count: 2, ids: [a.conversationId, b.conversationId].sort((x, y) => x - y) });
      expect(await unreadOf(a.conversationId)).toBe(0);
      expect(await unreadOf(b.conversationId)).toBe(0);
      expect((await post('/api/conversations/bulk/mark-read', { ids: [a.conversationId] }, staff)).json()).toEqual({ count: 0, ids: [] });
    });

    it('subscribers: delete many at once', async () => {
      const ids: number[] = [];
      for (const email of ['one@example.com', 'two@example.com', 'three@example.com']) {
        const row = await db()
          .insertInto('newsletter_subscribers')
          .values({
            email,
            name: null,
            is_active: fromBool(true),
            unsubscribe_token: `tok-${email}`,
            subscribed_at: new Date().toISOString(),
            confirmed_at: null,
            confirm_token_hash: null,
            confirm_sent_at: null,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        ids.push(row.id);
      }
      expect((await post('/api/newsletter-subscribers/bulk/delete', { ids })).statusCode).toBe(401);
      expect((await post('/api/newsletter-subscribers/bulk/delete', { ids: [] }, staff)).statusCode).toBe(400);
      const res = await post('/api/newsletter-subscribers/bulk/delete', { ids: [ids[0], ids[1]] }, staff);
      expect(res.json()).toEqual({ count: 2, ids: [ids[0], ids[1]] });
      const left = (await db().selectFrom('newsletter_subscribers').select('id').where('id', 'in', ids).execute()).map((r) => r.id);
      expect(left).toEqual([ids[2]]);
    });
  });
});
