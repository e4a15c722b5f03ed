import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/test-app';
import { bookingPayload } from '../helpers/factories';

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
  });

async function waitFor(url: string, timeoutMs = 90_000) {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    try {
      const r = await fetch(url);
      if (r.ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`server did not come up at ${url}`);
}

describe('graceful shutdown', () => {
  const dataDir = tempDir('gym-shutdown-');
  let child: ChildProcess | undefined;
  afterAll(() => {
    child?.kill('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  /** The server started from src/server/main.ts on a free port, its output kept. */
  async function start() {
    const port = await freePort();
    const proc = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        SEED_DEMO: 'false',
        ADMIN_PASSWORD: 'shutdown-test-pw',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child = proc;
    let text = '';
    proc.stdout.on('data', (d) => (text += d));
    proc.stderr.on('data', (d) => (text += d));
    const exited = new Promise<number | null>((resolve) => proc.on('exit', (code) => resolve(code)));
    await waitFor(`http://127.0.0.1:${port}/healthz`);
    return { port, exited, output: () => text };
  }

  it('lets a request in flight finish after SIGTERM, then exits 0', { timeout: 120_000 }, async () => {
    const { port, exited, output: out } = await start();

    // A booking whose body is still arriving when SIGTERM comes.
    const body = JSON.stringify(bookingPayload({ name: 'Late Larry', email: 'larry@example.com', course: 'MMA Training' }));
    const answer = new Promise<{ status: number; text: string }>((resolve, reject) => {
      const req = http.request(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: '/api/reservations',
          headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
        },
        (res) => {
          let text = '';
          res.on('data', (d) => (text += d));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
        },
      );
      req.on('error', reject);
      req.write(body.slice(0, 20));
      setTimeout(() => {
        child?.kill('SIGTERM');
        setTimeout(() => req.end(body.slice(20)), 500);
      }, 200);
    });
    const res = await answer;
    expect(res.status, res.text).toBe(201);
    expect(JSON.parse(res.text).name).toBe('Late Larry');
    expect(await exited, out()).toBe(0);
    // New connections are refused once it has gone.
    await expect(fetch(`http://127.0.0.1:${port}/healthz`)).rejects.toThrow();
  });
  it('ends a request that stalls after SIGTERM within its grace period, and still exits 0', { timeout: 120_000 }, async () => {
    const { port, exited, output } = await start();
    // Headers sent, the body promised and never sent: the connection stays busy, not idle.
    const socket = net.connect(port, '127.0.0.1');
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    socket.on('error', () => {});
    socket.write('POST /api/reservations HTTP/1.1\r\nHost: gym.test\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{');
    const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    await new Promise((r) => setTimeout(r, 200));
    child?.kill('SIGTERM');
    expect(await exited, output()).toBe(0);
    await closed;
  });
});
