import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { serveCommand } from '../../scripts/serve-command';
import { tempDir } from '../helpers/test-app';

// The compiled server (dist/node/main.js) started as `npm run serve` starts it: a first start
// seeds the admin and the demo content in a short-lived child process, so the long-running
// server never loads libvips until an image is uploaded; SIGTERM ends it cleanly.

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
  });

interface Started {
  child: ChildProcess;
  url: string;
  output: () => string;
}

async function start(dataDir: string, extraEnv: Record<string, string> = {}): Promise<Started> {
  if (!fs.existsSync('dist/node/main.js')) throw new Error('The server is not built: run `npm run build` (npm test does).');
  const port = await freePort();
  const serve = serveCommand();
  const env: NodeJS.ProcessEnv = { ...process.env, ...serve.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...extraEnv };
  // The first start must make its own admin password.
  delete env.ADMIN_PASSWORD;
  delete env.ADMIN_EMAIL;
  delete env.DATABASE_URL;
  const child = spawn(process.execPath, serve.args, {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr.on('data', (c: Buffer) => (out += c.toString()));
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${out}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {
      /* not listening yet */
    }
    if (i > 600) throw new Error(`server did not answer /healthz:\n${out}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return { child, url, output: () => out };
}

const stop = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => {
    if (child.exitCode !== null) return resolve(child.exitCode);
    child.once('exit', (code) => resolve(code));
    child.kill('SIGTERM');
  });

/** Whether the process has libvips (sharp's native library) mapped into memory. */
const hasLibvips = (pid: number) => /libvips/.test(fs.readFileSync(`/proc/${pid}/maps`, 'utf8'));

describe('the compiled server, as npm run serve starts it', () => {
  const dataDir = tempDir('gym-prod-');
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('seeds a first start in a child process, prints the admin sign-in once, and keeps libvips out until an upload', async () => {
    const first = await start(dataDir);
    try {
      // The sign-in box, printed once the server listens (decision 179).
      for (let i = 0; !first.output().includes('╝') && i < 300; i++) await new Promise((r) => setTimeout(r, 100));
      const printed = /║ {2} {2}Password {2}(\S+)/.exec(first.output());
      expect(printed, first.output()).not.toBeNull();
      const login = await fetch(`${first.url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'admin@example.com', password: printed![1] }),
      });
      expect(login.status).toBe(200);
      const { token } = (await login.json()) as { token: string };

      // The demo gallery was made (WebP files on disk) by the child, not by this process.
      const gallery = (await (await fetch(`${first.url}/api/gallery`)).json()) as { imageUrl: string }[];
      expect(gallery.length).toBeGreaterThan(0);
      expect((await fetch(first.url + gallery[0].imageUrl)).headers.get('content-type')).toBe('image/webp');
      expect(hasLibvips(first.child.pid!)).toBe(false);

      const home = await fetch(first.url + '/');
      expect(home.status).toBe(200);
      expect(await home.text()).toContain('id="classes"');

      // The first upload loads it, and works.
      const png = fs.readFileSync('public/og-image.png');
      const form = new FormData();
      form.set('title', 'First upload');
      form.set('image', new Blob([png], { type: 'image/png' }), 'first.png');
      const up = await fetch(`${first.url}/api/gallery`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
      expect(up.status, await up.clone().text()).toBe(201);
      expect(hasLibvips(first.child.pid!)).toBe(true);
    } finally {
      expect(await stop(first.child), first.output()).toBe(0);
    }

    // A second start on the same data neither seeds nor prints a password.
    const second = await start(dataDir);
    try {
      expect(second.output()).not.toContain('Password  ');
      const gallery = (await (await fetch(`${second.url}/api/gallery`)).json()) as unknown[];
      expect(gallery.length).toBeGreaterThan(1);
    } finally {
      expect(await stop(second.child), second.output()).toBe(0);
    }
  });
});
