import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CADDY_PATH, freePort } from '../helpers/cluster';

// deploy/Caddyfile run by Debian's Caddy in front of two small upstreams on loopback (decision
// 171): when every instance looks not ready (one reports 503 on /healthz, the other is gone), a
// POST still reaches the live one with its body, where Caddy 2.6 alone answers 503 at once; an instance's own 503 is passed on, not sent elsewhere; a request that reached an
// instance which then failed is never sent to another.

const CADDYFILE = path.resolve(import.meta.dirname, '../../deploy/Caddyfile');

interface Upstream {
  port: number;
  hits: { method: string; url: string; body: string }[];
  close(): Promise<void>;
}

/** A live instance whose /healthz answers 503 (its database "down") and that otherwise echoes what it got. */
async function startUpstream(): Promise<Upstream> {
  const hits: Upstream['hits'] = [];
  const sockets = new Set<net.Socket>();
  const server = http.createServer((req, res) => {
    if (req.url === '/livez') {
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"ok"}');
      return;
    }
    if (req.url === '/healthz') {
      res.writeHead(503, { 'content-type': 'application/json' }).end('{"status":"error","error":"database unavailable","code":"internal"}');
      return;
    }
    let body = '';
    req.on('data', (d: Buffer) => (body += d.toString('utf8')));
    req.on('end', () => {
      hits.push({ method: req.method ?? '', url: req.url ?? '', body });
      if (req.url === '/busy') {
        res.writeHead(503, { 'content-type': 'application/json', 'retry-after': '2' }).end('{"error":"busy","code":"overloaded"}');
      } else if (req.url === '/crash') {
        req.socket.destroy();
      } else {
        res.writeHead(201, { 'content-type': 'application/json' }).end(JSON.stringify({ echo: body }));
      }
    });
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    hits,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

describe('deploy/Caddyfile when every instance looks down', () => {
  let live: Upstream;
  let caddy: ChildProcess;
  let url = '';
  let log = '';
  let home = '';
  beforeAll(async () => {
    if (!fs.existsSync(CADDY_PATH)) throw new Error(`Caddy not found at ${CADDY_PATH}: install caddy (apt-get install caddy) or set CADDY_PATH.`);
    live = await startUpstream();
    const gone = await freePort();
    const port = await freePort();
    url = `http://127.0.0.1:${port}`;
    home = fs.mkdtempSync(path.join(os.tmpdir(), 'gym-caddy-recipe-'));
    caddy = spawn(CADDY_PATH, ['run', '--config', CADDYFILE, '--adapter', 'caddyfile'], {
      env: {
        PATH: process.env.PATH,
        HOME: home,
        XDG_DATA_HOME: path.join(home, 'data'),
        XDG_CONFIG_HOME: path.join(home, 'config'),
        SITE_ADDRESS: url,
        UPSTREAMS: `127.0.0.1:${live.port} 127.0.0.1:${gone}`,
        CADDY_ADMIN: 'off',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    caddy.stdout!.on('data', (d: Buffer) => (log += d.toString('utf8')));
    caddy.stderr!.on('data', (d: Buffer) => (log += d.toString('utf8')));
    // Both marked not ready (the live one for its 503, the other for its refusal), and the other
    // one not alive either.
    const end = Date.now() + 20_000;
    while (!(log.includes(`"host":"127.0.0.1:${live.port}"`) && log.includes(`127.0.0.1:${gone}/livez`))) {
      if (Date.now() > end) throw new Error(`Caddy did not check both upstreams:\n${log.slice(-3000)}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }, 40_000);
  afterAll(async () => {
    caddy?.kill('SIGTERM');
    await live?.close();
    if (home) fs.rmSync(home, { recursive: true, force: true });
  });

  const post = (p: string, body: string) =>
    fetch(url + p, { method: 'POST', headers: { 'content-type': 'application/json' }, body, signal: AbortSignal.timeout(15_000) });

  it('still sends a POST to the instances, and the live one answers it with its body intact', async () => {
    expect(log).toContain('unexpected status code');
    const before = live.hits.length;
    const res = await post('/api/reservations', '{"name":"Somchai"}');
    expect(res.status, `${await res.clone().text()}\n${log.slice(-4000)}`).toBe(201);
    expect(await res.json()).toEqual({ echo: '{"name":"Somchai"}' });
    expect(live.hits.length).toBe(before + 1);
  });

  it("passes an instance's own 503 on as it is, sent once", async () => {
    const before = live.hits.length;
    const res = await post('/busy', '{}');
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('2');
    expect(await res.json()).toEqual({ error: 'busy', code: 'overloaded' });
    expect(live.hits.length).toBe(before + 1);
  });

  it('never sends again a request that reached an instance which then failed', async () => {
    const before = live.hits.length;
    const res = await post('/crash', '{"n":1}');
    // A failure inside Caddy's error route answers the first error's status (503 here).
    expect([502, 503]).toContain(res.status);
    expect(live.hits.filter((h) => h.url === '/crash')).toHaveLength(1);
    expect(live.hits.length).toBe(before + 1);
  });
});
