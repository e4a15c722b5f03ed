import fs from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp, PG_URL, tempDir, type TestApp } from '../helpers/test-app';

// /healthz answers 503 while the database or the bucket cannot be reached, and 200 again on its
// own once they are back: what a load balancer needs to take an instance out and put it back.

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until(ms: number, check: () => Promise<boolean>): Promise<boolean> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return true;
    await sleep(50);
  }
  return check();
}

/**
 * A TCP relay between the app and PostgreSQL on a fixed port: closing it cuts every connection
 * and refuses new ones, as a database host that went away; opening it again brings it back.
 */
async function startRelay(target: { host: string; port: number }) {
  const sockets = new Set<net.Socket>();
  let server: net.Server | undefined;
  let port = 0;
  const open = async () => {
    if (server?.listening) return;
    server = net.createServer((inbound) => {
      const outbound = net.connect(target.port, target.host);
      sockets.add(inbound).add(outbound);
      inbound.pipe(outbound).pipe(inbound);
      const end = () => {
        inbound.destroy();
        outbound.destroy();
        sockets.delete(inbound);
        sockets.delete(outbound);
      };
      inbound.on('error', end).on('close', end);
      outbound.on('error', end).on('close', end);
    });
    await new Promise<void>((resolve) => server!.listen(port, '127.0.0.1', resolve));
    port = (server.address() as net.AddressInfo).port;
  };
  await open();
  return {
    port: () => port,
    open,
    async close() {
      await new Promise<void>((resolve) => {
        server?.close(() => resolve());
        for (const s of sockets) s.destroy();
        sockets.clear();
      });
    },
  };
}

describe('/healthz of a busy instance on PostgreSQL', () => {
  let t: TestApp | undefined;
  afterAll(async () => {
    await t?.close();
  });

  it('answers 200 at once while every pooled connection is busy and more queries wait (its probe has a connection of its own)', async () => {
    t = await createTestApp('postgres');
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as net.AddressInfo;
    // Twenty slow queries on a pool of ten: ten run, ten wait, 3 s each.
    const slow = Array.from({ length: 20 }, () => sql`select pg_sleep(3)`.execute(t!.app.ctx.db));
    let slowDone = false;
    void Promise.all(slow).then(() => (slowDone = true));
    await sleep(300);
    // Through the server's own handler (what Caddy asks) and through Fastify (app.inject).
    const answers: number[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await fetch(`http://127.0.0.1:${port}/healthz`, { signal: AbortSignal.timeout(10_000) });
      expect(await res.json()).toEqual({ status: 'ok' });
      expect((await fetch(`http://127.0.0.1:${port}/livez`, { signal: AbortSignal.timeout(10_000) })).status).toBe(200);
      answers.push(res.status, (await t.inject({ method: 'GET', url: '/healthz' })).statusCode);
      await sleep(400);
    }
    expect(answers).toEqual(answers.map(() => 200));
    // The queries were still running or waiting meanwhile (the second ten need 6 s in all).
    expect(slowDone).toBe(false);
    await Promise.all(slow);
  }, 30_000);
});

describe('/healthz on PostgreSQL', () => {
  let t: TestApp | undefined;
  let relay: Awaited<ReturnType<typeof startRelay>> | undefined;
  afterAll(async () => {
    await relay?.open().catch(() => {});
    await t?.close();
    await relay?.close();
  });

  it('answers 503 while the database cannot be reached and 200 again once it is back', async () => {
    const pgUrl = new URL(PG_URL);
    relay = await startRelay({ host: pgUrl.hostname, port: Number(pgUrl.port || 5432) });
    const through = new URL(PG_URL);
    through.port = String(relay.port());
    t = await createTestApp('postgres', { databaseUrl: through.toString() });
    const health = () => t!.inject({ method: 'GET', url: '/healthz' });
    expect((await health()).statusCode).toBe(200);
    expect(t.app.cacheBus?.listening()).toBe(true);

    await relay.close();
    expect(await until(10_000, async () => (await health()).statusCode === 503), '503 once the database is gone').toBe(true);
    const down = await health();
    expect(down.json()).toEqual({ status: 'error', error: 'database unavailable', code: 'internal' });
    expect(down.body).not.toContain(String(relay.port()));
    expect(down.headers['cache-control']).toBe('no-store');
    // Nothing can tell this instance of other instances' writes now: it caches nothing.
    expect(t.app.cacheBus?.listening()).toBe(false);

    await relay.open();
    expect(await until(10_000, async () => (await health()).statusCode === 200), '200 again by itself').toBe(true);
    expect(await until(10_000, async () => t!.app.cacheBus?.listening() === true), 'listens again').toBe(true);
    // And it serves data again.
    expect((await t.inject({ method: 'GET', url: '/api/blog-categories' })).statusCode).toBe(200);
  });
});

interface S3rverInstance {
  run(): Promise<{ port: number }>;
  close(): Promise<void>;
}
type S3rverClass = new (options: Record<string, unknown>) => S3rverInstance;
const S3rver = createRequire(import.meta.url)('s3rver') as S3rverClass;

describe('/healthz with files on S3', () => {
  const directory = tempDir('gym-s3-health-');
  let s3: S3rverInstance | undefined;
  let t: TestApp | undefined;
  afterAll(async () => {
    await t?.close();
    await s3?.close();
    fs.rmSync(directory, { recursive: true, force: true });
  });

  it('answers 503 while the bucket cannot be reached and 200 again once it is back', async () => {
    s3 = new S3rver({ address: '127.0.0.1', port: 0, directory, silent: true });
    const { port } = await s3.run();
    const endpoint = `http://127.0.0.1:${port}`;
    const client = new S3Client({ endpoint, region: 'us-east-1', forcePathStyle: true, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } });
    await client.send(new CreateBucketCommand({ Bucket: 'health' }));
    client.destroy();
    t = await createTestApp('sqlite', {
      s3: { bucket: 'health', endpoint, region: 'us-east-1', accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    });
    const health = () => t!.inject({ method: 'GET', url: '/healthz' });
    expect((await health()).statusCode).toBe(200);

    await s3.close();
    s3 = undefined;
    expect(await until(10_000, async () => (await health()).statusCode === 503), '503 once the bucket is gone').toBe(true);
    const down = await health();
    expect(down.json().error).toMatch(/^file storage: bucket unreachable/);
    expect(down.body).not.toContain('S3RVER');
    expect(down.body).not.toContain(String(port));

    // The same server again, on the same port and folder (the bucket is still there).
    s3 = new S3rver({ address: '127.0.0.1', port, directory, silent: true });
    await s3.run();
    expect(await until(10_000, async () => (await health()).statusCode === 200), '200 again by itself').toBe(true);
  });
});
