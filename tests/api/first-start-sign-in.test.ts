import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/test-app';

// Issue 46, point 5: the first start prints where and how to sign in once the server listens,
// boxed so the request log cannot bury it, and keeps the password in DATA_DIR (0600) until it
// is changed. The server runs as a process from src/server/main.ts, as `npm run dev` starts it.

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
  });

const BOX = /╔═+╗\n(?:║.*║\n)+╚═+╝/;

describe('the first start', () => {
  const dataDir = tempDir('gym-first-start-');
  const file = path.join(dataDir, 'admin-password.txt');
  const running: ChildProcess[] = [];
  afterAll(() => {
    for (const c of running) if (c.exitCode === null) c.kill('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  /** The server on a free port; resolves once `ready(output)` holds. */
  async function start(ready: (out: string) => boolean) {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      SEED_DEMO: 'false',
    };
    delete env.ADMIN_PASSWORD;
    delete env.ADMIN_EMAIL;
    delete env.DATABASE_URL;
    const proc = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    running.push(proc);
    let out = '';
    proc.stdout.on('data', (d: Buffer) => (out += d.toString()));
    proc.stderr.on('data', (d: Buffer) => (out += d.toString()));
    // Requests while it starts: their log lines must not land inside the box.
    const poll = setInterval(() => void fetch(`${url}/api/site-settings`).catch(() => {}), 20);
    try {
      for (let i = 0; !ready(out); i++) {
        if (proc.exitCode !== null) throw new Error(`server exited early:\n${out}`);
        if (i > 900) throw new Error(`server not ready:\n${out}`);
        await new Promise((r) => setTimeout(r, 100));
      }
    } finally {
      clearInterval(poll);
    }
    return { proc, url, output: () => out };
  }

  const stop = (proc: ChildProcess) =>
    new Promise<number | null>((resolve) => {
      if (proc.exitCode !== null) return resolve(proc.exitCode);
      proc.once('exit', (code) => resolve(code));
      proc.kill('SIGTERM');
    });

  it('prints the sign-in after listening, keeps the password in a 0600 file, and forgets it once changed', async () => {
    const first = await start((out) => out.includes('╝'));
    let password = '';
    try {
      const out = first.output();
      const box = BOX.exec(out)?.[0] ?? '';
      expect(box, out).toContain(`Address   ${first.url}/admin/login`);
      expect(box).toContain('E-mail    admin@example.com');
      password = /Password {2}(\S+)/.exec(box)?.[1] ?? '';
      expect(password).toMatch(/^[A-Za-z0-9_-]{16}$/);
      expect(box).toContain('admin-password.txt');
      // After "listening", and the password nowhere else in the output (not in any log line).
      expect(out.indexOf('Server listening')).toBeGreaterThan(-1);
      expect(out.indexOf(box)).toBeGreaterThan(out.indexOf('Server listening'));
      expect(out.split(password).length - 1).toBe(1);

      expect(fs.statSync(file).mode & 0o777).toBe(0o600);
      expect(fs.readFileSync(file, 'utf8')).toContain(`password: ${password}\n`);
      const login = await fetch(`${first.url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'admin@example.com', password }),
      });
      expect(login.status).toBe(200);
    } finally {
      expect(await stop(first.proc), first.output()).toBe(0);
    }

    // A second start prints no sign-in; it says the file is still there, without the password.
    const second = await start((out) => out.includes('is still in'));
    try {
      expect(second.output()).not.toMatch(BOX);
      expect(second.output()).not.toContain(password);
      const login = await fetch(`${second.url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'admin@example.com', password }),
      });
      const { token } = (await login.json()) as { token: string };
      const change = await fetch(`${second.url}/api/auth/password`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ currentPassword: password, newPassword: 'the owner picked this one' }),
      });
      expect(change.status, await change.clone().text()).toBe(200);
      expect(fs.existsSync(file)).toBe(false);
    } finally {
      expect(await stop(second.proc), second.output()).toBe(0);
    }

    // Changed: the next start neither prints nor mentions it.
    const third = await start((out) => out.includes('Server listening'));
    try {
      expect(third.output()).not.toMatch(BOX);
      expect(third.output()).not.toContain('admin-password.txt');
    } finally {
      expect(await stop(third.proc), third.output()).toBe(0);
    }
  }, 240_000);
});
