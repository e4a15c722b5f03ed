import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPublicCache } from '../../src/server/lib/public-cache';
import { answerKey, MAX_KEY_LENGTH } from '../../src/server/lib/response-cache';
import type { CachedResponse } from '../../src/server/context';
import { tempDir } from '../helpers/test-app';

// Issue 12, point 1: public GETs with distinct query strings must not grow the server's memory.

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
  });

const pad = (bytes: number) =>
  randomBytes(Math.ceil((bytes * 3) / 4))
    .toString('base64url')
    .slice(0, bytes);

describe('answer cache keys', () => {
  it('keeps the parameters a path reads, in their order, and drops the others', () => {
    expect(answerKey('/api/blog-posts?published=true&limit=3')).toBe('/api/blog-posts?published=true&limit=3');
    expect(answerKey('/api/blog-posts?category=none&pad=xyz')).toBe('/api/blog-posts?category=none');
    expect(answerKey('/api/blog-posts?pad=1&published=true&utm_source=x')).toBe('/api/blog-posts?published=true');
    expect(answerKey('/api/gallery?pad=abc')).toBe('/api/gallery');
    expect(answerKey('/blog?category=mma&page=2&fbclid=abc')).toBe('/blog?category=mma&page=2');
    expect(answerKey('/?fbclid=abc')).toBe('/');
    // An encoded name is the same parameter for the router too.
    expect(answerKey('/api/blog-posts?categor%79=x')).toBe('/api/blog-posts?categor%79=x');
  });

  it('refuses keys too long to be worth caching', () => {
    expect(answerKey(`/api/blog-posts?category=${'a'.repeat(MAX_KEY_LENGTH)}`)).toBeNull();
    expect(answerKey(`/blog/${'a'.repeat(MAX_KEY_LENGTH)}`)).toBeNull();
  });

  it('bounds the number of answers and counts keys and headers in the byte cap', () => {
    const cache = createPublicCache({ maxResponses: 100, maxResponseBytes: 1024 * 1024 });
    const answer = (): CachedResponse => ({
      status: 200,
      headers: { 'content-type': 'application/json', 'x-pad': 'h'.repeat(2000) },
      body: Buffer.from('[]'),
      pageView: false,
    });
    for (let i = 0; i < 1000; i++) cache.setResponse(`/api/blog-posts?category=c${i}`, answer(), cache.generation());
    let kept = 0;
    for (let i = 0; i < 1000; i++) if (cache.getResponse(`/api/blog-posts?category=c${i}`)) kept++;
    expect(kept).toBe(100);
    // Bodies of 2 bytes, but each entry holds ~8 KB of headers and overhead: the byte cap bites first.
    const small = createPublicCache({ maxResponses: 10_000, maxResponseBytes: 256 * 1024 });
    for (let i = 0; i < 1000; i++) small.setResponse(`/api/blog-posts?category=c${i}`, answer(), small.generation());
    kept = 0;
    for (let i = 0; i < 1000; i++) if (small.getResponse(`/api/blog-posts?category=c${i}`)) kept++;
    expect(kept).toBeGreaterThan(0);
    expect(kept).toBeLessThan(60);
  });
});

describe('10,000 distinct padded public GETs against the real server', () => {
  const dataDir = tempDir('gym-cache-memory-');
  let child: ChildProcess | undefined;
  let port = 0;
  let output = '';
  const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });

  beforeAll(async () => {
    port = await freePort();
    // Started as `npm run serve` starts it (same V8 and malloc settings), from the sources.
    child = spawn(
      process.execPath,
      [
        '--expose-gc',
        '--max-semi-space-size=4',
        '--max-old-space-size=256',
        '--import',
        'tsx',
        '--import',
        './tests/security/helpers/gc-on-signal.ts',
        'src/server/main.ts',
      ],
      {
        env: {
          ...process.env,
          MALLOC_ARENA_MAX: '2',
          MALLOC_MMAP_THRESHOLD_: '131072',
          PORT: String(port),
          HOST: '127.0.0.1',
          DATA_DIR: dataDir,
          LOG_LEVEL: 'warn',
          SEED_DEMO: 'false',
          ADMIN_PASSWORD: 'cache-memory-test-pw',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    child.stdout?.on('data', (d) => (output += d));
    child.stderr?.on('data', (d) => (output += d));
    for (let i = 0; ; i++) {
      try {
        if ((await get('/healthz')) === 200) break;
      } catch {
        /* not up yet */
      }
      if (i > 900) throw new Error(`server did not start: ${output}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }, 120_000);

  afterAll(() => {
    agent.destroy();
    child?.kill('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  function get(path: string): Promise<number> {
    return new Promise((resolve, reject) => {
      const req = http.get({ host: '127.0.0.1', port, path, agent }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      });
      req.on('error', reject);
    });
  }

  /** Resident memory of the server after full collections (the preload answers SIGUSR2). */
  async function settledRss(): Promise<number> {
    const seen = output.split('gc-settled').length;
    child?.kill('SIGUSR2');
    while (output.split('gc-settled').length === seen) await new Promise((r) => setTimeout(r, 50));
    const status = fs.readFileSync(`/proc/${child?.pid}/status`, 'utf8');
    const kb = Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1]);
    expect(kb).toBeGreaterThan(0);
    return kb * 1024;
  }

  async function flood(count: number, url: (i: number) => string) {
    let next = 0;
    const statuses = new Map<number, number>();
    const worker = async () => {
      while (next < count) {
        const status = await get(url(next++));
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
      }
    };
    await Promise.all(Array.from({ length: 8 }, worker));
    return statuses;
  }

  it('keeps RSS within 20 MB of where it started', { timeout: 600_000 }, async () => {
    const url = () => `/api/blog-posts?category=none&pad=${pad(8 * 1024)}`;
    // Warm up first (code compiled, pools and database pages loaded), then take the baseline.
    // 3,000 requests: after 300 the server's own warm-up still moved RSS by 11–33 MB from run to
    // run; after 3,000 the flood adds 1–3 MB, and a leak of the 10,000 padded keys (80 MB) shows.
    await flood(3_000, url);
    const before = await settledRss();
    const statuses = await flood(10_000, url);
    expect(Object.fromEntries(statuses)).toEqual({ 200: 10_000 });
    // Distinct values of a parameter the route reads are cached, but within the entry bound.
    const categories = await flood(3_000, () => `/api/blog-posts?category=${pad(100)}`);
    expect(Object.fromEntries(categories)).toEqual({ 200: 3_000 });
    const after = await settledRss();
    expect(after - before, `RSS grew from ${before} to ${after} bytes`).toBeLessThan(20 * 1024 * 1024);
  });
});
