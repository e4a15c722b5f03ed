import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import SQLite from 'better-sqlite3';
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

function startServer(dataDir: string, port: number): { child: ChildProcess; exited: Promise<number | null> } {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'error',
      SEED_DEMO: 'false',
      ADMIN_EMAIL: 'admin@example.com',
      ADMIN_PASSWORD: 'crash-test-pw',
      // Hundreds of bookings from one address: the per-address limit would refuse them.
      RATE_LIMIT_BOOKING: '1000000/1m',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited };
}

async function waitUp(url: string) {
  for (let i = 0; i < 900; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* starting */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no answer from ${url}`);
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 32 });
function book(port: number, n: number): Promise<{ status: number; id?: number }> {
  // Private Training is a request by appointment: no seat limit (this suite is about durability).
  const body = JSON.stringify(bookingPayload({ name: `Crash ${n}`, email: `crash${n}@example.com`, course: 'Private Training' }));
  return new Promise((resolve) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/api/reservations',
        agent,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      },
      (res) => {
        let text = '';
        res.on('data', (d) => (text += d));
        res.on('end', () => {
          try {
            resolve({ status: res.statusCode ?? 0, id: JSON.parse(text).id });
          } catch {
            resolve({ status: res.statusCode ?? 0 });
          }
        });
        res.on('error', () => resolve({ status: 0 }));
      },
    );
    req.on('error', () => resolve({ status: 0 }));
    req.end(body);
  });
}

describe('crash under booking load (SQLite, synchronous=FULL)', () => {
  const dataDir = tempDir('gym-crash-');
  let child: ChildProcess | undefined;
  afterAll(() => {
    child?.kill('SIGKILL');
    agent.destroy();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('loses no booking that was answered 2xx, and the database passes integrity_check', { timeout: 180_000 }, async () => {
    const port = await freePort();
    const first = startServer(dataDir, port);
    child = first.child;
    await waitUp(`http://127.0.0.1:${port}/healthz`);

    // 16 clients book in a loop; the server is killed while they are at it.
    const confirmed: number[] = [];
    let n = 0;
    let running = true;
    const clients = Array.from({ length: 16 }, async () => {
      while (running) {
        const r = await book(port, n++);
        if (r.status >= 200 && r.status < 300 && r.id) confirmed.push(r.id);
        if (r.status === 0) return;
      }
    });
    while (confirmed.length < 300) await new Promise((r) => setTimeout(r, 20));
    first.child.kill('SIGKILL');
    await first.exited;
    running = false;
    await Promise.all(clients);
    expect(confirmed.length).toBeGreaterThanOrEqual(300);

    // Opened after the kill, before any restart: the file (with its WAL) is whole.
    const file = new SQLite(path.join(dataDir, 'gym.db'));
    expect(file.pragma('integrity_check', { simple: true })).toBe('ok');
    const stored = new Set((file.prepare('select id from reservations').all() as { id: number }[]).map((r) => r.id));
    file.close();
    const lost = confirmed.filter((id) => !stored.has(id));
    expect(lost).toEqual([]);

    // And the restarted server shows every one of them.
    const second = startServer(dataDir, port);
    child = second.child;
    await waitUp(`http://127.0.0.1:${port}/healthz`);
    const login = await fetch(`http://127.0.0.1:${port}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@example.com', password: 'crash-test-pw' }),
    });
    const { token } = (await login.json()) as { token: string };
    const list = (await (await fetch(`http://127.0.0.1:${port}/api/reservations`, { headers: { authorization: `Bearer ${token}` } })).json()) as {
      id: number;
    }[];
    const ids = new Set(list.map((r) => r.id));
    expect(confirmed.filter((id) => !ids.has(id))).toEqual([]);
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
  });
});
