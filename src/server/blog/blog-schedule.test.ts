import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, createTestApp, type TestApp } from '../../../tests/helpers/test-app';

// Scheduled publication (published with a future publishAt) and the featured image taken from
// the gallery. The public side is decided by the server's clock: the list, the slug page, the
// feed and the sitemap show the post only from its instant, cached answers included.
describe.each(backends)('blog scheduling and featured image on %s', (backend) => {
  let t: TestApp;
  let token: string;
  let categoryId: number;
  let n = 0;

  beforeAll(async () => {
    t = await createTestApp(backend);
    token = (await t.signIn('staff')).token;
    categoryId = (await t.inject({ method: 'POST', url: '/api/blog-categories', token, payload: { name: 'Actus', slug: 'actus' } })).json<{ id: number }>().id;
  });
  afterAll(() => t?.close());

  const body = (over: Record<string, unknown> = {}) => {
    n += 1;
    return { title: `Programmé ${n}`, slug: `programme-${n}`, content: 'Texte', categoryId, published: true, ...over };
  };
  const publicSlugs = async () => (await t.inject({ method: 'GET', url: '/api/blog-posts' })).json<{ slug: string }[]>().map((p) => p.slug);
  const publicStatus = async (slug: string) => (await t.inject({ method: 'GET', url: `/api/blog-posts/${slug}` })).statusCode;
  const feedAndSitemap = async () =>
    (await t.inject({ method: 'GET', url: '/blog/rss.xml' })).body + (await t.inject({ method: 'GET', url: '/sitemap.xml' })).body;

  it('hides a post scheduled in the future everywhere public, shows it to staff with its instant', async () => {
    const at = new Date(Date.now() + 3_600_000).toISOString();
    const res = await t.inject({ method: 'POST', url: '/api/blog-posts', token, payload: body({ publishAt: at }) });
    expect(res.statusCode).toBe(201);
    const post = res.json<{ slug: string; published: boolean; publishedAt: string }>();
    expect(post.published).toBe(true);
    expect(post.publishedAt).toBe(at);
    expect(await publicSlugs()).not.toContain(post.slug);
    expect(await publicStatus(post.slug)).toBe(404);
    expect(await feedAndSitemap()).not.toContain(post.slug);
    const cats = (await t.inject({ method: 'GET', url: '/api/blog-categories' })).json<{ slug: string; postCount: number }[]>();
    expect(cats.find((c) => c.slug === 'actus')?.postCount ?? 0).toBe(0);
    const staffList = (await t.inject({ method: 'GET', url: '/api/blog-posts', token })).json<{ slug: string }[]>();
    expect(staffList.map((p) => p.slug)).toContain(post.slug);
  });

  it('an instant with a zone offset is stored as the same instant in UTC', async () => {
    const res = await t.inject({ method: 'POST', url: '/api/blog-posts', token, payload: body({ publishAt: '2030-05-01T09:30:00+07:00' }) });
    expect(res.json<{ publishedAt: string }>().publishedAt).toBe('2030-05-01T02:30:00.000Z');
  });

  it('shows the post by itself once the server clock reaches its instant, cached reads included', async () => {
    const at = new Date(Date.now() + 1_500).toISOString();
    const post = (await t.inject({ method: 'POST', url: '/api/blog-posts', token, payload: body({ publishAt: at }) })).json<{ slug: string }>();
    // Read (and cache) the public answers before the instant.
    expect(await publicSlugs()).not.toContain(post.slug);
    expect(await feedAndSitemap()).not.toContain(post.slug);
    await expect.poll(publicSlugs, { timeout: 10_000, interval: 200 }).toContain(post.slug);
    expect(Date.now()).toBeGreaterThanOrEqual(Date.parse(at));
    expect(await publicStatus(post.slug)).toBe(200);
    expect(await feedAndSitemap()).toContain(post.slug);
  });

  it('moving the instant into the past publishes at once; null publishes now; unpublishing hides', async () => {
    const created = (
      await t.inject({ method: 'POST', url: '/api/blog-posts', token, payload: body({ publishAt: new Date(Date.now() + 86_400_000).toISOString() }) })
    ).json<{ id: number; slug: string; version: number }>();
    const b = body({ slug: created.slug });
    const past = '2024-01-02T03:04:05.000Z';
    const moved = await t.inject({ method: 'PUT', url: `/api/blog-posts/${created.id}`, token, payload: { ...b, publishAt: past } });
    expect(moved.json<{ publishedAt: string }>().publishedAt).toBe(past);
    expect(await publicSlugs()).toContain(created.slug);
    // Without publishAt (SPEC.md's payload) the date stays.
    const kept = await t.inject({ method: 'PUT', url: `/api/blog-posts/${created.id}`, token, payload: b });
    expect(kept.json<{ publishedAt: string }>().publishedAt).toBe(past);
    // Rescheduled, then "publish now" (null): a future date becomes now.
    await t.inject({ method: 'PUT', url: `/api/blog-posts/${created.id}`, token, payload: { ...b, publishAt: '2099-01-01T00:00:00Z' } });
    expect(await publicSlugs()).not.toContain(created.slug);
    const before = Date.now();
    const now = await t.inject({ method: 'PUT', url: `/api/blog-posts/${created.id}`, token, payload: { ...b, publishAt: null } });
    expect(Date.parse(now.json<{ publishedAt: string }>().publishedAt)).toBeGreaterThanOrEqual(before - 5);
    expect(await publicSlugs()).toContain(created.slug);
    const draft = await t.inject({
      method: 'PUT',
      url: `/api/blog-posts/${created.id}`,
      token,
      payload: { ...b, published: false, publishAt: '2099-01-01T00:00:00Z' },
    });
    expect(draft.json<{ publishedAt: string | null }>().publishedAt).toBeNull();
    expect(await publicSlugs()).not.toContain(created.slug);
  });

  it('refuses an instant that is not ISO with a zone', async () => {
    for (const publishAt of ['2030-05-01 09:30', '2030-05-01T09:30', 'demain', 12]) {
      const res = await t.inject({ method: 'POST', url: '/api/blog-posts', token, payload: body({ publishAt }) });
      expect(res.statusCode).toBe(400);
    }
  });

  it('takes the featured image from a gallery upload, with its alt text and WebP variants', async () => {
    const png = await sharp({ create: { width: 1600, height: 900, channels: 3, background: { r: 200, g: 30, b: 30 } } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append('image', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'affiche.png');
    form.append('title', 'Affiche du gala');
    const res = new Response(form);
    const up = await t.inject({
      method: 'POST',
      url: '/api/gallery',
      token,
      payload: Buffer.from(await res.arrayBuffer()),
      headers: { 'content-type': res.headers.get('content-type')! },
    });
    expect(up.statusCode).toBe(201);
    const item = up.json<{ imageUrl: string; variants: { url: string }[] }>();
    expect(item.imageUrl).toMatch(/\.webp$/);
    expect(item.variants.length).toBeGreaterThan(0);
    const post = (
      await t.inject({
        method: 'POST',
        url: '/api/blog-posts',
        token,
        payload: body({ featuredImage: item.imageUrl, featuredImageAlt: 'Affiche du gala de juin', publishAt: null }),
      })
    ).json<{ slug: string; featuredImage: string; featuredImageAlt: string }>();
    expect(post.featuredImage).toBe(item.imageUrl);
    expect(post.featuredImageAlt).toBe('Affiche du gala de juin');
    // The reader's answer carries both; the variants the article's srcset names are served.
    const read = (await t.inject({ method: 'GET', url: `/api/blog-posts/${post.slug}` })).json<{ featuredImage: string; featuredImageAlt: string }>();
    expect(read).toMatchObject({ featuredImage: item.imageUrl, featuredImageAlt: 'Affiche du gala de juin' });
    for (const v of item.variants) {
      const file = await t.inject({ method: 'GET', url: v.url });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('image/webp');
    }
    // No image, no alt text kept.
    const plain = (await t.inject({ method: 'POST', url: '/api/blog-posts', token, payload: body({ featuredImageAlt: 'orpheline' }) })).json<{
      featuredImageAlt: string | null;
    }>();
    expect(plain.featuredImageAlt).toBeNull();
  });
});
