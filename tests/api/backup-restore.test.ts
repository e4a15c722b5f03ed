import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import type { FastifyInstance, InjectOptions } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import type { Config } from '../../src/server/config';
import { backup } from '../../src/server/ops/backup';
import { restore } from '../../src/server/ops/restore';
import { bookingFor, customer, galleryUpload, postPayload } from '../helpers/factories';
import { editSettings, orderBody, slipForm } from '../helpers/orders';
import { startS3Server } from '../helpers/s3-server';
import { PG_URL, createTestApp, tempDir, type Backend, type TestApp } from '../helpers/test-app';

// Issue 23, points 4 and 5: `npm run backup` of a site with content, restored by `npm run restore`
// into an empty database and an empty store, serves the same site. PostgreSQL with a bucket
// (s3rver) and SQLite with files on disk; the scripts run as a person runs them (npx tsx) once each.

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../..');

/** Runs scripts/<name>.ts as `npm run <name> -- <dir>` does, with only the given environment (and PATH). */
async function script(name: 'backup' | 'restore', dir: string, env: Record<string, string>) {
  try {
    const { stdout } = await run('npx', ['tsx', `scripts/${name}.ts`, dir], {
      cwd: root,
      env: { PATH: process.env.PATH!, HOME: process.env.HOME ?? '/tmp', ...env },
    });
    return { code: 0, stdout, stderr: '' };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

interface Made {
  imageUrls: string[];
  postSlug: string;
  bookingId: number;
  orderId: number;
  admin: string;
}

/** Content of every kind through the API: a gallery image, a post showing it, a booking, a price, a slip. */
async function makeContent(t: TestApp): Promise<Made> {
  const admin = (await t.signIn('admin')).token;
  const up = await t.inject({ method: 'POST', url: '/api/gallery', token: admin, ...(await galleryUpload({ title: 'Clinch work' })) });
  expect(up.statusCode, up.body).toBe(201);
  const row = await t.app.ctx.db.selectFrom('gallery_items').select('variants').where('id', '=', up.json<{ id: number }>().id).executeTakeFirstOrThrow();
  const imageUrls = (JSON.parse(row.variants!) as { url: string }[]).map((v) => v.url);
  const cat = await t.inject({ method: 'POST', url: '/api/blog-categories', token: admin, payload: { name: 'News', slug: 'news', description: null } });
  const post = postPayload(cat.json<{ id: number }>().id, { featuredImage: imageUrls[0], featuredImageAlt: 'Two fighters in the clinch' });
  expect((await t.inject({ method: 'POST', url: '/api/blog-posts', token: admin, payload: post })).statusCode).toBe(201);
  const booked = await t.inject({ method: 'POST', url: '/api/reservations', payload: bookingFor(customer({ name: 'Restored Booker' })) });
  expect(booked.statusCode, booked.body).toBe(201);
  await editSettings(t, admin, (s) => {
    s.prices.rows[0].prices[0] = 321;
    s.payments.promptpayId = '0812345678';
  });
  const order = (await t.inject({ method: 'POST', url: '/api/orders', payload: orderBody() })).json<{ id: number; token: string }>();
  expect((await t.inject({ method: 'POST', url: `/api/orders/by-token/${order.token}/slip`, ...(await slipForm()) })).statusCode).toBe(200);
  return { imageUrls, postSlug: post.slug, bookingId: booked.json<{ id: number }>().id, orderId: order.id, admin };
}

/** What a visitor and the staff see: the answers that must be the same after a restore. */
async function site(app: FastifyInstance, made: Made) {
  const get = async (url: string, token?: string) => {
    const res = await app.inject({ method: 'GET', url, headers: token ? { authorization: `Bearer ${token}` } : {} } as InjectOptions);
    expect(res.statusCode, `${url}: ${res.body.slice(0, 200)}`).toBe(200);
    return res;
  };
  const out: Record<string, string> = {};
  for (const url of [
    '/',
    `/blog/${made.postSlug}`,
    '/api/gallery',
    '/api/blog-posts',
    `/api/blog-posts/${made.postSlug}`,
    '/api/passes',
    '/api/site-settings',
  ]) {
    // A page carries the instants its server read the data at (the query state it hands the
    // browser): when it was read, not what the site shows.
    out[url] = (await get(url)).body.replace(/"(dehydratedAt|dataUpdatedAt|errorUpdatedAt)":\d+/g, '"$1":0');
  }
  for (const url of made.imageUrls) out[url] = (await get(url)).rawPayload.toString('base64');
  out.slip = (await get(`/api/orders/${made.orderId}/slip`, made.admin)).rawPayload.toString('base64');
  const bookings = (await get('/api/reservations', made.admin)).json<{ id: number; name: string }[]>();
  out.booking = JSON.stringify(bookings.find((b) => b.id === made.bookingId));
  return out;
}

interface Case {
  backend: Backend;
  /** The source's environment and the restore target's, as the scripts read them. */
  setup: () => Promise<{ source: TestApp; target: Config; scriptEnv: (c: Config) => Record<string, string>; cleanup: () => Promise<void> }>;
  /** Which step runs as a child process (the other runs in this process). */
  child: 'backup' | 'restore';
}

const cases: Case[] = [
  {
    backend: 'postgres',
    child: 'backup',
    async setup() {
      const s3 = await startS3Server('gym-source');
      const fresh = await startS3Server('gym-restored');
      const source = await createTestApp('postgres', {}, s3.env);
      // An empty database of our own: pg_restore recreates the schema under its own name.
      const dbName = `gym_restore_${randomBytes(5).toString('hex')}`;
      const admin = new pg.Client({ connectionString: PG_URL });
      await admin.connect();
      await admin.query(`create database ${dbName}`);
      await admin.end();
      const url = new URL(PG_URL);
      url.pathname = `/${dbName}`;
      const target: Config = { ...source.config, databaseUrl: url.toString(), dataDir: tempDir(), s3: fresh.config };
      return {
        source,
        target,
        // The schema through the URL, as a deployment that does not use `public` would set it.
        scriptEnv: (c) => ({
          DATABASE_URL: `${c.databaseUrl}?options=-csearch_path%3D${c.databaseSchema}`,
          DATA_DIR: c.dataDir,
          ...s3.env,
          S3_BUCKET: c.s3!.bucket,
          S3_ENDPOINT: c.s3!.endpoint!,
        }),
        async cleanup() {
          await source.close();
          const c = new pg.Client({ connectionString: PG_URL });
          await c.connect();
          await c.query(`drop database if exists ${dbName} with (force)`);
          await c.end();
          await s3.close();
          await fresh.close();
          fs.rmSync(target.dataDir, { recursive: true, force: true });
        },
      };
    },
  },
  {
    backend: 'sqlite',
    child: 'restore',
    async setup() {
      const source = await createTestApp('sqlite');
      const target: Config = { ...source.config, dataDir: tempDir() };
      return {
        source,
        target,
        scriptEnv: (c) => ({ DATA_DIR: c.dataDir }),
        async cleanup() {
          await source.close();
          fs.rmSync(target.dataDir, { recursive: true, force: true });
        },
      };
    },
  },
];

describe.each(cases)('backup and restore on $backend', ({ setup, child }) => {
  let ctx: Awaited<ReturnType<Case['setup']>>;
  let made: Made;
  let dir: string;
  let restored: FastifyInstance | undefined;
  const work = tempDir('gym-backup-');

  beforeAll(async () => {
    ctx = await setup();
    made = await makeContent(ctx.source);
    dir = path.join(work, 'backup');
  }, 60_000);
  afterAll(async () => {
    await restored?.close();
    await ctx?.cleanup();
    fs.rmSync(work, { recursive: true, force: true });
  });

  it('backs up the database and every upload with a manifest of counts and checksums, while bookings keep coming', async () => {
    // The site stays open: bookings made during the backup must not make its counts disagree
    // with its dump (the restore checks them).
    let busy = true;
    let during = 0;
    const writes = (async () => {
      for (let nth = 1; busy; nth++) {
        const res = await ctx.source.inject({ method: 'POST', url: '/api/reservations', payload: bookingFor(customer(), {}, { nth: 1 + (nth % 8) }) });
        if (res.statusCode === 201) during += 1;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    })();
    try {
      if (child === 'backup') {
        const r = await script('backup', dir, ctx.scriptEnv(ctx.source.config));
        expect(r.code, r.stderr).toBe(0);
        expect(r.stdout).toMatch(/Backup complete/);
      } else {
        await backup(ctx.source.config, dir);
      }
    } finally {
      busy = false;
      await writes;
    }
    expect(during).toBeGreaterThan(0);
    const manifest = JSON.parse(fs.readFileSync(path.join(dir, 'manifest.json'), 'utf8')) as Awaited<ReturnType<typeof backup>>;
    expect(manifest).toMatchObject({ format: 'gym-backup', version: 1, database: { dialect: ctx.source.backend } });
    expect(manifest.database.tables.reservations).toBeGreaterThanOrEqual(1);
    const keys = manifest.files.entries.map((e) => e.key);
    for (const url of made.imageUrls) expect(keys).toContain(url.slice(1));
    expect(keys.some((k) => k.startsWith('private/slips/'))).toBe(true);
    for (const e of manifest.files.entries) expect(fs.statSync(path.join(dir, 'files', e.key)).size).toBe(e.bytes);
  }, 60_000);

  it('refuses a folder that is not a backup, a damaged backup and a non-empty backup folder', async () => {
    await expect(restore(ctx.target, path.join(work, 'nowhere'))).rejects.toThrow(/is not a folder/);
    fs.mkdirSync(path.join(work, 'empty'));
    await expect(restore(ctx.target, path.join(work, 'empty'))).rejects.toThrow(/has no manifest\.json: it is not a backup/);
    fs.writeFileSync(path.join(work, 'empty', 'manifest.json'), '{"format":"other"}');
    await expect(restore(ctx.target, path.join(work, 'empty'))).rejects.toThrow(/is not a manifest of this version/);
    await expect(backup(ctx.source.config, path.join(work, 'empty'))).rejects.toThrow(/is not empty/);
    const damaged = path.join(work, 'damaged');
    fs.cpSync(dir, damaged, { recursive: true });
    const one = JSON.parse(fs.readFileSync(path.join(dir, 'manifest.json'), 'utf8')).files.entries[0].key as string;
    fs.appendFileSync(path.join(damaged, 'files', one), 'x');
    await expect(restore(ctx.target, damaged)).rejects.toThrow(/does not match its checksum/);
    // A key that would leave the folder when it becomes a path.
    const manifest = JSON.parse(fs.readFileSync(path.join(dir, 'manifest.json'), 'utf8')) as { files: { entries: { key: string }[] } };
    manifest.files.entries[0].key = 'uploads/../../escaped.webp';
    fs.writeFileSync(path.join(damaged, 'manifest.json'), JSON.stringify(manifest));
    await expect(restore(ctx.target, damaged)).rejects.toThrow(/files\.entries\.0\.key: a key under uploads\/ or private\//);
    const other = { ...ctx.target, databaseUrl: ctx.target.databaseUrl ? undefined : PG_URL };
    await expect(restore(other, dir)).rejects.toThrow(/a backup restores into the same kind of database/);
  });

  it('restores into an empty database and store, and the restored app serves the same site', async () => {
    if (child === 'restore') {
      const r = await script('restore', dir, ctx.scriptEnv(ctx.target));
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout).toMatch(/Checking files: \d+\/\d+ \(100 %/);
      expect(r.stdout).toMatch(/Restore complete/);
    } else {
      await restore(ctx.target, dir);
    }
    restored = await buildApp(ctx.target, { logger: false, startWorkers: false });
    await restored.ready();
    const before = await site(ctx.source.app, made);
    const after = await site(restored, made);
    expect(Object.keys(after)).toEqual(Object.keys(before));
    for (const key of Object.keys(before)) expect(after[key], key).toBe(before[key]);
    expect(JSON.parse(after.booking)).toMatchObject({ id: made.bookingId, name: 'Restored Booker' });
    expect(after['/api/passes']).toContain('32100');
  }, 60_000);

  it('refuses to restore into a database or store that holds data', async () => {
    // The target now holds the restored site; the source holds its own.
    await expect(restore(ctx.target, dir)).rejects.toThrow(/Refusing to restore: .*already holds \d+ table/);
    const r = await script('restore', dir, ctx.scriptEnv(ctx.source.config));
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/Refusing to restore/);
    // An empty database but a store with someone else's file.
    const storeOnly: Config = { ...ctx.target, databaseUrl: undefined, dataDir: tempDir() };
    if (ctx.target.databaseUrl) return;
    fs.mkdirSync(path.join(storeOnly.dataDir, 'uploads', 'gallery'), { recursive: true });
    fs.writeFileSync(path.join(storeOnly.dataDir, 'uploads', 'gallery', 'stray.webp'), 'x');
    await expect(restore(storeOnly, dir)).rejects.toThrow(/already holds 1 file\(s\) that are not this backup's \(first: uploads\/gallery\/stray\.webp\)/);
    fs.rmSync(storeOnly.dataDir, { recursive: true, force: true });
  }, 60_000);
});
