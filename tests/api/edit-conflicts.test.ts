import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { STALE_EDIT } from '../../src/shared/messages';
import { backends, createTestApp, type TestApp } from '../helpers/test-app';

// Two people edit the same row: each sends the version it loaded; the second save is refused
// with 409 and the editors' French message, never a silent overwrite. Without a version
// (SPEC.md's payloads) a save applies as before.
describe.each(backends)('edit conflicts on %s', (backend) => {
  let t: TestApp;
  let admin: Awaited<ReturnType<TestApp['signIn']>>;
  let categoryId: number;

  beforeAll(async () => {
    t = await createTestApp(backend);
    admin = await t.signIn('admin');
    const res = await t.inject({ method: 'POST', url: '/api/blog-categories', token: admin.token, payload: { name: 'Technique', slug: 'technique' } });
    categoryId = res.json<{ id: number }>().id;
  });
  afterAll(() => t?.close());

  /** Loads the row twice (two editors), saves the first, then the second: 409, first one kept. */
  async function raceTwoEditors(opts: {
    load: () => Promise<{ version: number } & Record<string, unknown>>;
    save: (version: number | undefined, label: string) => Promise<{ statusCode: number; json: () => unknown }>;
    read: () => Promise<Record<string, unknown>>;
    field: string;
    message: string;
  }) {
    const first = await opts.load();
    const second = await opts.load();
    expect(first.version).toBe(second.version);
    const ok = await opts.save(first.version, 'Première');
    expect(ok.statusCode).toBe(200);
    expect((ok.json() as { version: number }).version).toBe(first.version + 1);
    const stale = await opts.save(second.version, 'Seconde');
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({ error: opts.message, code: 'stale_version' });
    expect((await opts.read())[opts.field]).toBe('Première');
    // Reloaded, the second editor saves with the new version.
    const reloaded = await opts.load();
    expect((await opts.save(reloaded.version, 'Seconde')).statusCode).toBe(200);
    // No version (SPEC.md's payload): applied without the check, version still bumped.
    const legacy = await opts.save(undefined, 'Sans version');
    expect(legacy.statusCode).toBe(200);
    expect((legacy.json() as { version: number }).version).toBe(reloaded.version + 2);
  }

  it('a post', async () => {
    const body = { title: 'Garde fermée', slug: 'garde-fermee', content: 'Texte', categoryId, published: false };
    const created = await t.inject({ method: 'POST', url: '/api/blog-posts', token: admin.token, payload: body });
    const id = created.json<{ id: number; version: number }>().id;
    expect(created.json<{ version: number }>().version).toBe(1);
    const read = async () =>
      (await t.inject({ method: 'GET', url: `/api/blog-posts/id/${id}`, token: admin.token })).json<{ version: number; title: string }>();
    await raceTwoEditors({
      load: read,
      read,
      save: (version, title) => t.inject({ method: 'PUT', url: `/api/blog-posts/${id}`, token: admin.token, payload: { ...body, title, version } }),
      field: 'title',
      message: STALE_EDIT.post,
    });
  });

  it('a category', async () => {
    const created = await t.inject({ method: 'POST', url: '/api/blog-categories', token: admin.token, payload: { name: 'Lutte', slug: 'lutte' } });
    const id = created.json<{ id: number }>().id;
    const read = async () => {
      const list = (await t.inject({ method: 'GET', url: '/api/blog-categories', token: admin.token })).json<{ id: number; version: number; name: string }[]>();
      return list.find((c) => c.id === id)!;
    };
    await raceTwoEditors({
      load: read,
      read,
      save: (version, name) => t.inject({ method: 'PUT', url: `/api/blog-categories/${id}`, token: admin.token, payload: { name, slug: 'lutte', version } }),
      field: 'name',
      message: STALE_EDIT.category,
    });
  });

  it('a gallery item', async () => {
    const jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 10, g: 120, b: 40 } } })
      .jpeg()
      .toBuffer();
    const form = new FormData();
    form.append('image', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'ring.jpg');
    form.append('title', 'Ring');
    const res = new Response(form);
    const up = await t.inject({
      method: 'POST',
      url: '/api/gallery',
      token: admin.token,
      payload: Buffer.from(await res.arrayBuffer()),
      headers: { 'content-type': res.headers.get('content-type')! },
    });
    expect(up.statusCode).toBe(201);
    const id = up.json<{ id: number }>().id;
    const read = async () => {
      const list = (await t.inject({ method: 'GET', url: '/api/gallery', token: admin.token })).json<{ id: number; version: number; title: string }[]>();
      return list.find((i) => i.id === id)!;
    };
    await raceTwoEditors({
      load: read,
      read,
      save: (version, title) => t.inject({ method: 'PUT', url: `/api/gallery/${id}`, token: admin.token, payload: { title, category: 'ring', version } }),
      field: 'title',
      message: STALE_EDIT.galleryItem,
    });
  });

  it('a user, the active toggle included', async () => {
    const other = await t.signIn('staff');
    const read = async () => {
      const list = (await t.inject({ method: 'GET', url: '/api/users', token: admin.token })).json<{ id: number; version: number; name: string }[]>();
      return list.find((u) => u.id === other.id)!;
    };
    await raceTwoEditors({
      load: read,
      read,
      save: (version, name) =>
        t.inject({
          method: 'PUT',
          url: `/api/users/${other.id}`,
          token: admin.token,
          payload: { name, email: other.email, role: 'staff', isActive: true, version },
        }),
      field: 'name',
      message: STALE_EDIT.user,
    });
    // The toggle sent with a stale version is refused too, and changes nothing.
    const before = await read();
    const toggle = await t.inject({
      method: 'PUT',
      url: `/api/users/${other.id}`,
      token: admin.token,
      payload: { isActive: false, version: before.version - 1 },
    });
    expect(toggle.statusCode).toBe(409);
    const after = (await t.inject({ method: 'GET', url: '/api/users', token: admin.token })).json<{ id: number; isActive: boolean }[]>();
    expect(after.find((u) => u.id === other.id)!.isActive).toBe(true);
    // A version alone is no change.
    expect((await t.inject({ method: 'PUT', url: `/api/users/${other.id}`, token: admin.token, payload: { version: before.version } })).statusCode).toBe(400);
  });

  it('still answers 404 for a deleted row, not 409', async () => {
    const res = await t.inject({ method: 'PUT', url: '/api/blog-categories/999999', token: admin.token, payload: { name: 'X', slug: 'x', version: 1 } });
    expect(res.statusCode).toBe(404);
  });

  it('lets exactly one of two simultaneous saves of one version through', async () => {
    const body = { title: 'Course', slug: 'course', content: 'Texte', categoryId, published: false };
    const id = (await t.inject({ method: 'POST', url: '/api/blog-posts', token: admin.token, payload: body })).json<{ id: number }>().id;
    const saves = await Promise.all(
      ['A', 'B', 'C', 'D'].map((title) =>
        t.inject({ method: 'PUT', url: `/api/blog-posts/${id}`, token: admin.token, payload: { ...body, title, version: 1 } }),
      ),
    );
    expect(saves.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409]);
  });
});
