import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { GetObjectCommand, HeadObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config';
import { purgeDeletedGalleryItems } from '../../src/server/gallery/gallery.service';
import { closeS3Client, s3ClientFor } from '../../src/server/media/s3-storage';
import { copyUploads } from '../../src/server/media/uploads-copy';
import { newMediaStem, variantName } from '../../src/server/media/storage';
import { editSettings, orderBody, slipForm } from '../helpers/orders';
import { startS3Server, type S3Server } from '../helpers/s3-server';
import { backends, createTestApp, type TestApp } from '../helpers/test-app';

// Issue 23, point 1: with S3_BUCKET set every upload and its variants go to a real
// S3-compatible server on loopback (s3rver), /uploads/ is served from it as from the disk, and
// `uploads:copy` moves a disk store into it.

/** A multipart body with one `image` file (and a title), as the back office's form sends it. */
async function imageForm(data: Buffer, fields: Record<string, string> = {}) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append('image', new Blob([new Uint8Array(data)], { type: 'image/jpeg' }), 'photo.jpg');
  const res = new Response(form);
  return { payload: Buffer.from(await res.arrayBuffer()), headers: { 'content-type': res.headers.get('content-type')! } };
}

const photo = (width = 1800, height = 1200) =>
  sharp({ create: { width, height, channels: 3, background: { r: 150, g: 20, b: 20 } } })
    .jpeg()
    .toBuffer();

const bodyOf = async (s3: S3Server, key: string) =>
  Buffer.from(await (await s3.client.send(new GetObjectCommand({ Bucket: s3.bucket, Key: key }))).Body!.transformToByteArray());

/** Files under a folder of DATA_DIR, relative, sorted; none when it does not exist. */
const diskFiles = (dir: string): string[] =>
  fs.existsSync(dir) ? (fs.readdirSync(dir, { recursive: true }) as string[]).filter((f) => fs.statSync(path.join(dir, f)).isFile()).sort() : [];

/** A loopback port nobody listens on. */
async function closedPort(): Promise<number> {
  const srv = net.createServer();
  await new Promise<void>((resolve) => srv.listen(0, '127.0.0.1', resolve));
  const { port } = srv.address() as net.AddressInfo;
  await new Promise<void>((resolve) => srv.close(() => resolve()));
  return port;
}

describe('S3 settings', () => {
  it('are off without S3_BUCKET, read with it, and refuse a half-set configuration', () => {
    expect(loadConfig({}).s3).toBeUndefined();
    const c = loadConfig({
      S3_BUCKET: 'gym-files',
      S3_ENDPOINT: 'http://127.0.0.1:9000/',
      S3_ACCESS_KEY_ID: 'k',
      S3_SECRET_ACCESS_KEY: 's',
      S3_PUBLIC_BASE_URL: 'https://cdn.gym.example/',
    });
    expect(c.s3).toEqual({
      bucket: 'gym-files',
      endpoint: 'http://127.0.0.1:9000',
      region: 'us-east-1',
      accessKeyId: 'k',
      secretAccessKey: 's',
      publicBaseUrl: 'https://cdn.gym.example',
    });
    // Images from the bucket's public address are allowed by the CSP.
    expect(c.cspImgHosts).toContain('https://cdn.gym.example');
    expect(() => loadConfig({ S3_ENDPOINT: 'http://127.0.0.1:9000' })).toThrow(/S3_BUCKET: required when S3_ENDPOINT is set/);
    expect(() => loadConfig({ S3_BUCKET: 'gym-files', S3_ACCESS_KEY_ID: 'k' })).toThrow(/S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together/);
    expect(() => loadConfig({ S3_BUCKET: 'Gym_Files' })).toThrow(/S3_BUCKET/);
    expect(() => loadConfig({ S3_BUCKET: 'gym-files', S3_ENDPOINT: 'ftp://x' })).toThrow(/S3_ENDPOINT/);
  });
});

describe.each(backends)('files on S3 on %s', (backend) => {
  let s3: S3Server;
  let t: TestApp;
  let admin: string;
  let staff: string;

  beforeAll(async () => {
    s3 = await startS3Server();
    t = await createTestApp(backend, {}, s3.env);
    admin = (await t.signIn('admin')).token;
    staff = (await t.signIn('staff')).token;
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await s3?.close();
  });

  const uploadGallery = async () => {
    const res = await t.inject({ method: 'POST', url: '/api/gallery', token: admin, ...(await imageForm(await photo(), { title: 'Bag work' })) });
    expect(res.statusCode, res.body).toBe(201);
    const row = await t.app.ctx.db.selectFrom('gallery_items').selectAll().where('id', '=', res.json<{ id: number }>().id).executeTakeFirstOrThrow();
    const urls = (JSON.parse(row.variants!) as { width: number; url: string }[]).map((v) => v.url);
    return { id: row.id, urls, keys: urls.map((u) => u.slice(1)) };
  };

  it('stores a gallery image and every WebP variant in the bucket, nothing on disk', async () => {
    const { urls, keys } = await uploadGallery();
    expect(urls.length).toBeGreaterThan(1);
    for (const url of urls) expect(url).toMatch(/^\/uploads\/gallery\/[0-9a-f]{32}-\d+\.webp$/);
    const inBucket = await s3.keys('uploads/gallery/');
    for (const key of keys) expect(inBucket).toContain(key);
    for (const key of keys) expect((await bodyOf(s3, key)).subarray(8, 12).toString('latin1')).toBe('WEBP');
    const head = await s3.client.send(new HeadObjectCommand({ Bucket: s3.bucket, Key: keys[0] }));
    expect(head.ContentType).toBe('image/webp');
    expect(head.CacheControl).toBe('public, max-age=31536000, immutable');
    expect(diskFiles(path.join(t.config.dataDir, 'uploads'))).toEqual([]);
  });

  it('serves /uploads/ from the bucket: the bytes, caching headers, 304, 206, 416 and 404', async () => {
    const { urls, keys } = await uploadGallery();
    const stored = await bodyOf(s3, keys[0]);
    const res = await t.inject({ method: 'GET', url: urls[0] });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(stored)).toBe(true);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['accept-ranges']).toBe('bytes');
    expect(Number(res.headers['content-length'])).toBe(stored.length);
    const etag = res.headers.etag as string;
    const lastModified = res.headers['last-modified'] as string;
    expect(etag).toMatch(/^(W\/)?"[^"]+"$/);
    expect(Date.parse(lastModified)).not.toBeNaN();

    const notModified = await t.inject({ method: 'GET', url: urls[0], headers: { 'if-none-match': etag } });
    expect(notModified.statusCode).toBe(304);
    expect(notModified.rawPayload.length).toBe(0);
    expect(notModified.headers.etag).toBe(etag);
    expect(notModified.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await t.inject({ method: 'GET', url: urls[0], headers: { 'if-modified-since': lastModified } })).statusCode).toBe(304);
    // Another ETag: the whole file.
    expect((await t.inject({ method: 'GET', url: urls[0], headers: { 'if-none-match': '"something-else"' } })).statusCode).toBe(200);

    const part = await t.inject({ method: 'GET', url: urls[0], headers: { range: 'bytes=0-99' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 0-99/${stored.length}`);
    expect(part.rawPayload.equals(stored.subarray(0, 100))).toBe(true);
    const tail = await t.inject({ method: 'GET', url: urls[0], headers: { range: 'bytes=-10' } });
    expect(tail.statusCode).toBe(206);
    expect(tail.rawPayload.equals(stored.subarray(stored.length - 10))).toBe(true);
    // If-Range with a stale ETag: the whole file, not a piece of another version.
    const stale = await t.inject({ method: 'GET', url: urls[0], headers: { range: 'bytes=0-99', 'if-range': '"old"' } });
    expect(stale.statusCode).toBe(200);
    expect(stale.rawPayload.length).toBe(stored.length);
    const beyond = await t.inject({ method: 'GET', url: urls[0], headers: { range: `bytes=${stored.length + 10}-` } });
    expect(beyond.statusCode).toBe(416);
    expect(beyond.headers['content-range']).toBe(`bytes */${stored.length}`);

    const headOnly = await t.inject({ method: 'HEAD', url: urls[0] });
    expect(headOnly.statusCode).toBe(200);
    expect(headOnly.headers.etag).toBe(etag);
    expect(headOnly.rawPayload.length).toBe(0);

    const missing = await t.inject({ method: 'GET', url: `/uploads/gallery/${variantName(newMediaStem(), 400)}` });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: 'Not found', code: 'not_found' });
    // Only our names: nothing else in the bucket is reachable through /uploads/.
    await s3.client.send(new PutObjectCommand({ Bucket: s3.bucket, Key: 'uploads/probe.js', Body: 'alert(1)' }));
    expect((await t.inject({ method: 'GET', url: '/uploads/probe.js' })).statusCode).toBe(404);
    expect((await t.inject({ method: 'GET', url: `/uploads/gallery/..%2F..%2Fprivate%2Fslips%2F${variantName(newMediaStem(), 1600)}` })).statusCode).toBe(404);
  });

  it('removes every variant from the bucket when a deleted image is purged', async () => {
    const { id, keys } = await uploadGallery();
    expect((await t.inject({ method: 'DELETE', url: `/api/gallery/${id}`, token: admin })).statusCode).toBe(204);
    // Kept while "Annuler" may restore it.
    for (const key of keys) expect(await s3.keys('uploads/gallery/')).toContain(key);
    expect(await purgeDeletedGalleryItems(t.app.ctx, new Date(Date.now() + 2 * 3600_000))).toBeGreaterThanOrEqual(1);
    const left = await s3.keys('uploads/gallery/');
    for (const key of keys) expect(left).not.toContain(key);
    for (const url of keys.map((k) => `/${k}`)) expect((await t.inject({ method: 'GET', url })).statusCode).toBe(404);
  });

  it('stores site images under uploads/site/', async () => {
    const res = await t.inject({ method: 'POST', url: '/api/site-settings/images/hero', token: admin, ...(await imageForm(await photo())) });
    expect(res.statusCode, res.body).toBe(201);
    const url = res.json<{ url: string }>().url;
    expect(url).toMatch(/^\/uploads\/site\/[0-9a-f]{32}-\d+\.webp$/);
    expect(await s3.keys('uploads/site/')).toContain(url.slice(1));
    expect((await t.inject({ method: 'GET', url })).statusCode).toBe(200);
  });

  it('keeps transfer slips under private/slips/, read by staff only and never at /uploads/', async () => {
    await editSettings(t, admin, (s) => {
      s.payments.promptpayId = '0812345678';
    });
    const o = (await t.inject({ method: 'POST', url: '/api/orders', payload: orderBody() })).json<{ id: number; token: string }>();
    const up = await t.inject({ method: 'POST', url: `/api/orders/by-token/${o.token}/slip`, ...(await slipForm()) });
    expect(up.statusCode, up.body).toBe(200);
    const { slip_key } = await t.app.ctx.db.selectFrom('orders').select('slip_key').where('id', '=', o.id).executeTakeFirstOrThrow();
    expect(await s3.keys('private/slips/')).toEqual([`private/slips/${slip_key}`]);
    expect((await s3.keys('uploads/')).some((k) => k.endsWith(slip_key!))).toBe(false);
    expect(diskFiles(path.join(t.config.dataDir, 'private'))).toEqual([]);
    const img = await t.inject({ method: 'GET', url: `/api/orders/${o.id}/slip`, token: staff });
    expect(img.statusCode).toBe(200);
    expect(img.rawPayload.equals(await bodyOf(s3, `private/slips/${slip_key}`))).toBe(true);
    expect((await t.inject({ method: 'GET', url: `/api/orders/${o.id}/slip` })).statusCode).toBe(401);
    for (const url of [`/uploads/${slip_key}`, `/uploads/slips/${slip_key}`, `/uploads/private/${slip_key}`]) {
      expect((await t.inject({ method: 'GET', url })).statusCode).toBe(404);
    }
    // A new slip replaces the last one in the bucket too.
    expect((await t.inject({ method: 'POST', url: `/api/orders/by-token/${o.token}/slip`, ...(await slipForm()) })).statusCode).toBe(200);
    const next = await t.app.ctx.db.selectFrom('orders').select('slip_key').where('id', '=', o.id).executeTakeFirstOrThrow();
    expect(await s3.keys('private/slips/')).toEqual([`private/slips/${next.slip_key}`]);
  });
});

describe.each(backends)('disk and bucket answer alike on %s', (backend) => {
  let s3: S3Server;
  let disk: TestApp;
  let bucket: TestApp;
  beforeAll(async () => {
    s3 = await startS3Server();
    disk = await createTestApp(backend);
    bucket = await createTestApp(backend, {}, s3.env);
  }, 60_000);
  afterAll(async () => {
    await disk?.close();
    await bucket?.close();
    await s3?.close();
  });

  // Headers a file answer carries; Date and the connection's own are left out.
  const shape = (headers: Record<string, unknown>) =>
    Object.keys(headers)
      .filter((h) => !['date', 'connection', 'keep-alive'].includes(h))
      .sort();
  const SAME_VALUE = ['content-type', 'cache-control', 'accept-ranges', 'content-length', 'content-range'];

  it('gives the same headers for the same file from disk and from the bucket', async () => {
    const name = variantName(newMediaStem(), 800);
    const data = await sharp(await photo(800, 533))
      .webp()
      .toBuffer();
    fs.mkdirSync(path.join(disk.config.dataDir, 'uploads', 'gallery'), { recursive: true });
    fs.writeFileSync(path.join(disk.config.dataDir, 'uploads', 'gallery', name), data);
    await s3.client.send(new PutObjectCommand({ Bucket: s3.bucket, Key: `uploads/gallery/${name}`, Body: data, ContentType: 'image/webp' }));
    const url = `/uploads/gallery/${name}`;

    const full = await Promise.all([disk, bucket].map((a) => a.inject({ method: 'GET', url })));
    const ranged = await Promise.all([disk, bucket].map((a) => a.inject({ method: 'GET', url, headers: { range: 'bytes=100-199' } })));
    const cached = await Promise.all(
      full.map((r, i) => [disk, bucket][i].inject({ method: 'GET', url, headers: { 'if-none-match': r.headers.etag as string } })),
    );
    const since = await Promise.all(
      full.map((r, i) => [disk, bucket][i].inject({ method: 'GET', url, headers: { 'if-modified-since': r.headers['last-modified'] as string } })),
    );
    const missing = await Promise.all([disk, bucket].map((a) => a.inject({ method: 'GET', url: `/uploads/gallery/${variantName(newMediaStem(), 800)}` })));
    for (const [d, b] of [full, ranged, cached, since, missing]) {
      expect(b.statusCode).toBe(d.statusCode);
      expect(shape(b.headers)).toEqual(shape(d.headers));
      for (const h of SAME_VALUE) expect([h, b.headers[h]]).toEqual([h, d.headers[h]]);
      expect(b.rawPayload.equals(d.rawPayload)).toBe(true);
    }
    expect(full.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(full[1].rawPayload.equals(data)).toBe(true);
    expect(ranged.map((r) => r.statusCode)).toEqual([206, 206]);
    expect(cached.map((r) => r.statusCode)).toEqual([304, 304]);
    expect(since.map((r) => r.statusCode)).toEqual([304, 304]);
    expect(missing.map((r) => r.statusCode)).toEqual([404, 404]);
  });
});

describe.each(backends)('uploads:copy and an unreachable bucket on %s', (backend) => {
  let s3: S3Server;
  let disk: TestApp;
  let admin: string;
  beforeAll(async () => {
    s3 = await startS3Server();
    disk = await createTestApp(backend);
    admin = (await disk.signIn('admin')).token;
  }, 60_000);
  afterAll(async () => {
    await disk?.close();
    await s3?.close();
  });
  beforeEach(async () => {
    await s3.clear();
  });

  it('copies a disk store into the bucket under the same keys; a second run copies nothing and the disk keeps its files', async () => {
    const res = await disk.inject({ method: 'POST', url: '/api/gallery', token: admin, ...(await imageForm(await photo(), { title: 'Ring' })) });
    expect(res.statusCode, res.body).toBe(201);
    const url = res.json<{ imageUrl: string }>().imageUrl;
    const slipName = variantName(newMediaStem(), 1600);
    fs.mkdirSync(path.join(disk.config.dataDir, 'private', 'slips'), { recursive: true });
    fs.writeFileSync(path.join(disk.config.dataDir, 'private', 'slips', slipName), Buffer.from('a slip'));
    const onDisk = [...diskFiles(path.join(disk.config.dataDir, 'uploads')).map((f) => `uploads/${f}`), `private/slips/${slipName}`].sort();
    expect(onDisk.length).toBeGreaterThan(2);

    const lines: string[] = [];
    const client = s3ClientFor(s3.config);
    try {
      const first = await copyUploads({ dataDir: disk.config.dataDir, client, bucket: s3.bucket, log: (l) => lines.push(l) });
      expect(first).toMatchObject({ copied: onDisk.length, skipped: 0 });
      expect(await s3.keys()).toEqual(onDisk);
      for (const key of onDisk) expect((await bodyOf(s3, key)).equals(fs.readFileSync(path.join(disk.config.dataDir, key)))).toBe(true);
      expect(lines.filter((l) => l.startsWith('['))).toHaveLength(onDisk.length);
      expect(lines.at(-1)).toMatch(new RegExp(`^${onDisk.length} file\\(s\\) copied .*, 0 already in the bucket`));

      const second = await copyUploads({ dataDir: disk.config.dataDir, client, bucket: s3.bucket });
      expect(second).toEqual({ copied: 0, skipped: onDisk.length, bytes: 0 });
      expect([...diskFiles(path.join(disk.config.dataDir, 'uploads')).map((f) => `uploads/${f}`), `private/slips/${slipName}`].sort()).toEqual(onDisk);

      // An object cut short (another size) is copied again.
      await s3.client.send(new PutObjectCommand({ Bucket: s3.bucket, Key: `private/slips/${slipName}`, Body: 'a' }));
      expect(await copyUploads({ dataDir: disk.config.dataDir, client, bucket: s3.bucket })).toMatchObject({ copied: 1, skipped: onDisk.length - 1 });
    } finally {
      closeS3Client(s3.config);
    }

    // An instance on the bucket serves the copied image at the URL the database holds.
    const moved = await createTestApp(backend, {}, s3.env);
    try {
      const served = await moved.inject({ method: 'GET', url });
      expect(served.statusCode).toBe(200);
      expect(served.rawPayload.equals(fs.readFileSync(path.join(disk.config.dataDir, url.slice(1))))).toBe(true);
    } finally {
      await moved.close();
    }
  });

  it('answers 503 when the bucket cannot be reached, and keeps nothing half-stored', async () => {
    const port = await closedPort();
    const down = await createTestApp(backend, {}, { ...s3.env, S3_ENDPOINT: `http://127.0.0.1:${port}` });
    try {
      const token = (await down.signIn('admin')).token;
      const count = async () =>
        Number(
          (
            await down.app.ctx.db
              .selectFrom('gallery_items')
              .select((eb) => eb.fn.countAll().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        );
      const before = await count();
      const res = await down.inject({ method: 'POST', url: '/api/gallery', token, ...(await imageForm(await photo(), { title: 'Lost' })) });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ code: 'storage_unavailable' });
      expect(res.json<{ error: string }>().error).toMatch(/stockage/);
      expect(res.headers['retry-after']).toBeDefined();
      expect(await count()).toBe(before);
      const site = await down.inject({ method: 'POST', url: '/api/site-settings/images/logo', token, ...(await imageForm(await photo())) });
      expect(site.statusCode).toBe(503);
      // Serving answers 503 too, not a 404 that a cache would keep.
      expect((await down.inject({ method: 'GET', url: `/uploads/gallery/${variantName(newMediaStem(), 400)}` })).statusCode).toBe(503);
      expect(diskFiles(path.join(down.config.dataDir, 'uploads'))).toEqual([]);
    } finally {
      await down.close();
    }
  }, 60_000);
});
