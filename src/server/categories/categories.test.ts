import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, createTestApp, type TestApp } from '../../../tests/helpers/test-app';

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const ODD_IDS = ['abc', '0', '-1', '1.5', '99999999999', '1e3', '%20'];

describe.each(backends)('blog categories API on %s', (backend) => {
  let t: TestApp;
  let staff: Awaited<ReturnType<TestApp['signIn']>>;
  let n = 0;

  const create = async (over: Record<string, unknown> = {}) => {
    n += 1;
    const res = await t.inject({ method: 'POST', url: '/api/blog-categories', token: staff.token, payload: { name: `Cat ${n}`, slug: `cat-${n}`, ...over } });
    if (res.statusCode !== 201) throw new Error(`create failed ${res.statusCode} ${res.body}`);
    return res.json();
  };
  const createPost = async (categoryId: number, published: boolean) => {
    n += 1;
    const res = await t.inject({
      method: 'POST',
      url: '/api/blog-posts',
      token: staff.token,
      payload: { title: `P ${n}`, slug: `p-${n}`, content: 'Body', categoryId, published },
    });
    expect(res.statusCode).toBe(201);
    return res.json();
  };
  const anonCategories = async () => {
    const res = await t.inject({ method: 'GET', url: '/api/blog-categories' });
    expect(res.statusCode).toBe(200);
    return res.json<{ id: number; name: string; slug: string; postCount: number }[]>();
  };

  beforeAll(async () => {
    t = await createTestApp(backend);
    staff = await t.signIn('staff');
  });
  afterAll(() => t?.close());

  it('lists nothing on an empty database', async () => {
    expect(await anonCategories()).toEqual([]);
  });

  describe('POST /api/blog-categories', () => {
    it('creates with 201 and the DTO; an empty description becomes null', async () => {
      const res = await t.inject({
        method: 'POST',
        url: '/api/blog-categories',
        token: staff.token,
        payload: { name: '  Training Tips ', slug: 'training-tips', description: 'Advice for the mats' },
      });
      expect(res.statusCode).toBe(201);
      const c = res.json();
      expect(Object.keys(c).sort()).toEqual(['createdAt', 'description', 'id', 'name', 'postCount', 'slug', 'version']);
      expect(c).toMatchObject({ name: 'Training Tips', slug: 'training-tips', description: 'Advice for the mats', postCount: 0 });
      expect(Number.isInteger(c.id)).toBe(true);
      expect(c.createdAt).toMatch(ISO);
      const empty = await create({ description: '' });
      expect(empty.description).toBeNull();
      const missing = await create({ description: undefined });
      expect(missing.description).toBeNull();
    });

    it.each([
      [{ name: '' }, 'Le nom est requis'],
      [{ name: '   ' }, 'Le nom est requis'],
      [{ name: undefined }, 'Le nom est requis'],
      [{ slug: '' }, 'Le slug est requis'],
      [{ slug: ' ' }, 'Le slug est requis'],
      [{ slug: undefined }, 'Le slug est requis'],
      [{ slug: 'Bad Slug' }, 'Le slug ne peut contenir que des lettres minuscules, des chiffres et des tirets'],
    ])('refuses %j with "%s"', async (over, message) => {
      const res = await t.inject({ method: 'POST', url: '/api/blog-categories', token: staff.token, payload: { name: 'Name', slug: 'valid-slug', ...over } });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: message, code: 'validation' });
    });

    it('refuses wrong JSON types and bodies with 400', async () => {
      for (const payload of [{ name: 5, slug: 'x' }, { name: 'x', slug: 'x', description: 7 }, { name: ['x'], slug: 'x' }, [1]]) {
        const res = await t.inject({ method: 'POST', url: '/api/blog-categories', token: staff.token, payload });
        expect(res.statusCode, JSON.stringify(payload)).toBe(400);
        expect(typeof res.json().error).toBe('string');
      }
      const bad = await t.inject({
        method: 'POST',
        url: '/api/blog-categories',
        token: staff.token,
        headers: { 'content-type': 'application/json' },
        payload: '{',
      });
      expect(bad.statusCode).toBe(400);
    });

    it('answers 409 for a duplicate slug', async () => {
      await create({ slug: 'dup-slug' });
      const res = await t.inject({ method: 'POST', url: '/api/blog-categories', token: staff.token, payload: { name: 'Other', slug: 'dup-slug' } });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ error: 'Une catégorie avec ce slug existe déjà', code: 'slug_taken' });
    });

    it('answers 401 without a token', async () => {
      const res = await t.inject({ method: 'POST', url: '/api/blog-categories', payload: { name: 'X', slug: 'x' } });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: 'Authentication required', code: 'unauthorized' });
    });
  });

  describe('GET /api/blog-categories', () => {
    it('is public, sorted by name, and counts published posts for anonymous callers, all posts for staff', async () => {
      const c = await create({ name: 'AAA first', slug: 'aaa-first' });
      await createPost(c.id, true);
      await createPost(c.id, true);
      await createPost(c.id, false);
      const anon = await anonCategories();
      const names = anon.map((x) => x.name);
      expect([...names].sort((a, b) => a.localeCompare(b))).toEqual(names);
      expect(anon.find((x) => x.id === c.id)?.postCount).toBe(2);
      const signed = (await t.inject({ method: 'GET', url: '/api/blog-categories', token: staff.token })).json();
      expect(signed.find((x: { id: number }) => x.id === c.id)?.postCount).toBe(3);
    });

    it('shows a new category to anonymous callers at once (cache dropped)', async () => {
      await anonCategories(); // cached
      const c = await create({ name: 'Fresh', slug: 'fresh-category' });
      expect((await anonCategories()).some((x) => x.id === c.id)).toBe(true);
      // A post published in it changes its public count at once.
      await anonCategories();
      await createPost(c.id, true);
      expect((await anonCategories()).find((x) => x.id === c.id)?.postCount).toBe(1);
    });
  });

  describe('PUT /api/blog-categories/:id', () => {
    it('updates name, slug and description, and posts show the new name at once', async () => {
      const c = await create({ name: 'Old name', slug: 'old-name', description: 'Old' });
      const post = await createPost(c.id, true);
      // Warm the public caches.
      expect((await t.inject({ method: 'GET', url: `/api/blog-posts/${post.slug}` })).json().category.name).toBe('Old name');
      await t.inject({ method: 'GET', url: '/api/blog-posts' });
      const res = await t.inject({
        method: 'PUT',
        url: `/api/blog-categories/${c.id}`,
        token: staff.token,
        payload: { name: 'New name', slug: 'new-name', description: '' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ id: c.id, name: 'New name', slug: 'new-name', description: null, createdAt: c.createdAt, postCount: 1 });
      const bySlug = (await t.inject({ method: 'GET', url: `/api/blog-posts/${post.slug}` })).json();
      expect(bySlug.category).toEqual({ id: c.id, name: 'New name', slug: 'new-name' });
      const list = (await t.inject({ method: 'GET', url: '/api/blog-posts?category=new-name' })).json();
      expect(list.map((p: { id: number }) => p.id)).toContain(post.id);
      expect((await anonCategories()).find((x) => x.id === c.id)?.name).toBe('New name');
    });

    it('keeps its own slug, refuses another category’s slug with 409', async () => {
      const a = await create({ slug: 'put-a' });
      const b = await create({ slug: 'put-b' });
      expect(
        (await t.inject({ method: 'PUT', url: `/api/blog-categories/${b.id}`, token: staff.token, payload: { name: 'B renamed', slug: 'put-b' } })).statusCode,
      ).toBe(200);
      const res = await t.inject({ method: 'PUT', url: `/api/blog-categories/${b.id}`, token: staff.token, payload: { name: 'B', slug: a.slug } });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ error: 'Une catégorie avec ce slug existe déjà', code: 'slug_taken' });
    });

    it('validates with the French messages', async () => {
      const c = await create();
      for (const [payload, message] of [
        [{ name: '', slug: 'ok' }, 'Le nom est requis'],
        [{ name: 'Ok', slug: '' }, 'Le slug est requis'],
        [{}, 'Le nom est requis'],
      ] as const) {
        const res = await t.inject({ method: 'PUT', url: `/api/blog-categories/${c.id}`, token: staff.token, payload });
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({ error: message, code: 'validation' });
      }
    });

    it('answers 401, 404 for an unknown id and 400 for odd ids', async () => {
      expect((await t.inject({ method: 'PUT', url: '/api/blog-categories/1', payload: { name: 'X', slug: 'x' } })).statusCode).toBe(401);
      const missing = await t.inject({ method: 'PUT', url: '/api/blog-categories/999999', token: staff.token, payload: { name: 'X', slug: 'x-unused' } });
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ error: 'Catégorie introuvable', code: 'not_found' });
      for (const id of ODD_IDS) {
        const res = await t.inject({ method: 'PUT', url: `/api/blog-categories/${id}`, token: staff.token, payload: { name: 'X', slug: 'x-odd' } });
        expect([400, 404], id).toContain(res.statusCode);
      }
    });
  });

  describe('DELETE /api/blog-categories/:id', () => {
    it('deletes an unused category with 204 (gone from the public list at once), then 404', async () => {
      const c = await create();
      expect((await anonCategories()).some((x) => x.id === c.id)).toBe(true);
      const res = await t.inject({ method: 'DELETE', url: `/api/blog-categories/${c.id}`, token: staff.token });
      expect(res.statusCode).toBe(204);
      expect(res.body).toBe('');
      expect((await anonCategories()).some((x) => x.id === c.id)).toBe(false);
      const again = await t.inject({ method: 'DELETE', url: `/api/blog-categories/${c.id}`, token: staff.token });
      expect(again.statusCode).toBe(404);
      expect(again.json()).toEqual({ error: 'Catégorie introuvable', code: 'not_found' });
    });

    it('refuses with 409 and the number of articles while posts (drafts included) use it', async () => {
      const c = await create();
      const p1 = await createPost(c.id, true);
      const p2 = await createPost(c.id, false);
      const res = await t.inject({ method: 'DELETE', url: `/api/blog-categories/${c.id}`, token: staff.token });
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toBe("Impossible de supprimer cette catégorie : 2 articles l'utilisent encore. Changez d'abord la catégorie de ces articles.");
      // The posts keep their category.
      const kept = (await t.inject({ method: 'GET', url: `/api/blog-posts/id/${p1.id}`, token: staff.token })).json();
      expect(kept.categoryId).toBe(c.id);
      await t.inject({ method: 'DELETE', url: `/api/blog-posts/${p2.id}`, token: staff.token });
      const one = await t.inject({ method: 'DELETE', url: `/api/blog-categories/${c.id}`, token: staff.token });
      expect(one.statusCode).toBe(409);
      expect(one.json().error).toContain('1 article l');
      await t.inject({ method: 'DELETE', url: `/api/blog-posts/${p1.id}`, token: staff.token });
      expect((await t.inject({ method: 'DELETE', url: `/api/blog-categories/${c.id}`, token: staff.token })).statusCode).toBe(204);
    });

    it('answers 401 without a token and 400 for odd ids', async () => {
      const c = await create();
      expect((await t.inject({ method: 'DELETE', url: `/api/blog-categories/${c.id}` })).statusCode).toBe(401);
      for (const id of ODD_IDS) {
        const res = await t.inject({ method: 'DELETE', url: `/api/blog-categories/${id}`, token: staff.token });
        expect([400, 404], id).toContain(res.statusCode);
      }
      expect((await anonCategories()).some((x) => x.id === c.id)).toBe(true);
    });
  });
});
