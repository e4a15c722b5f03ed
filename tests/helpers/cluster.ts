import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startS3Server, type S3Server } from './s3-server';
import { startSmtpPeer, type SmtpPeer } from './smtp-peer';
import { PG_URL } from './test-app';

// Several real instances of the production build (`node dist/node/main.js`, child processes) on
// one PostgreSQL database, one S3 server and one SMTP peer, behind Debian's Caddy started with
// deploy/Caddyfile: what a deployment runs, on loopback. The database is one of its own (CREATE
// DATABASE per cluster): the server takes no schema from its environment, and LISTEN/NOTIFY
// channels are per database, so other suites' instances never hear this cluster's writes.

export const CADDY_PATH = process.env.CADDY_PATH || '/usr/bin/caddy';
export const CLUSTER_ADMIN_EMAIL = 'admin@example.com';
export const CLUSTER_ADMIN_PASSWORD = 'cluster-admin-password';

const ROOT = path.resolve(import.meta.dirname, '../..');
const MAIN = path.join(ROOT, 'dist/node/main.js');
const CADDYFILE = path.join(ROOT, 'deploy/Caddyfile');
/** Every per-address limit out of reach: the suites write many times from one address. */
const RELAXED_LIMITS = Object.fromEntries(
  ['DEFAULT', 'LOGIN', 'CONTACT', 'BOOKING', 'NEWSLETTER', 'MANAGE_BOOKING', 'PUSH_SUBSCRIBE'].map((k) => [`RATE_LIMIT_${k}`, '1000000/1m']),
);

export interface ClusterInstance {
  name: string;
  port: number;
  /** http://127.0.0.1:<port>: the instance itself, not through Caddy. */
  url: string;
  /** What the process wrote so far (stdout and stderr). */
  output(): string;
  running(): boolean;
  /** SIGKILL: no cleanup at all, as a crash or the OOM killer. */
  kill(): Promise<void>;
  /** SIGTERM and wait for the exit (requests in flight finish). */
  stop(): Promise<void>;
  /** Starts it again on the same port with the same settings and waits for /healthz. */
  start(): Promise<void>;
}

export interface Caddy {
  url: string;
  /** What Caddy wrote so far (its log: health checks, upstreams taken out and put back). */
  output: () => string;
  close(): Promise<void>;
}

export interface Cluster {
  /** Caddy's address: what visitors use. */
  url: string;
  /** The log of the Caddy at `url`. */
  caddyOutput: () => string;
  instances: ClusterInstance[];
  smtp: SmtpPeer;
  s3: S3Server;
  /** A pool on the cluster's database, for checks the API cannot make. */
  db: pg.Pool;
  databaseUrl: string;
  /** Another Caddy in front of some of the instances (the bench compares one and two). */
  startCaddy(instances: ClusterInstance[]): Promise<Caddy>;
  close(): Promise<void>;
}

export interface ClusterOptions {
  instances?: number;
  /** Extra environment for every instance (REMINDER_LEAD_HOURS, LOGIN_FAILURE_LIMIT…). */
  env?: Record<string, string>;
  seedDemo?: boolean | 'full';
  logLevel?: string;
}

/** A port nobody listens on now (the instances keep theirs across restarts, as Caddy's UPSTREAMS do). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function waitHealthy(url: string, what: string, proc: ChildProcess, output: () => string, timeoutMs = 90_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    if (proc.exitCode !== null || proc.signalCode !== null) {
      throw new Error(`${what} exited (${proc.signalCode ?? `code ${proc.exitCode}`}) before answering /healthz:\n${output().slice(-3000)}`);
    }
    try {
      const res = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(2000) });
      await res.arrayBuffer();
      if (res.status === 200) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > end) throw new Error(`${what} did not answer /healthz within ${timeoutMs} ms:\n${output().slice(-3000)}`);
    await sleep(100);
  }
}

function exited(proc: ChildProcess): Promise<void> {
  if (proc.exitCode !== null || proc.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => proc.once('exit', () => resolve()));
}

/** Every process the clusters of this test process started, ended if the process itself ends. */
const live = new Set<ChildProcess>();
process.once('exit', () => {
  for (const p of live) p.kill('SIGKILL');
});

function spawnTracked(command: string, args: string[], env: NodeJS.ProcessEnv, chunks: string[]): ChildProcess {
  const proc = spawn(command, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  live.add(proc);
  proc.once('exit', () => live.delete(proc));
  proc.stdout.on('data', (b: Buffer) => chunks.push(b.toString('utf8')));
  proc.stderr.on('data', (b: Buffer) => chunks.push(b.toString('utf8')));
  return proc;
}

async function startCaddyProcess(upstreams: ClusterInstance[], home: string, fixedPort?: number): Promise<Caddy & { proc: ChildProcess }> {
  const port = fixedPort ?? (await freePort());
  const url = `http://127.0.0.1:${port}`;
  const chunks: string[] = [];
  const env = {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: home,
    XDG_DATA_HOME: path.join(home, 'data'),
    XDG_CONFIG_HOME: path.join(home, 'config'),
    SITE_ADDRESS: url,
    UPSTREAMS: upstreams.map((i) => `127.0.0.1:${i.port}`).join(' '),
    CADDY_ADMIN: 'off',
  };
  const proc = spawnTracked(CADDY_PATH, ['run', '--config', CADDYFILE, '--adapter', 'caddyfile'], env, chunks);
  await waitHealthy(url, 'Caddy', proc, () => chunks.join(''), 30_000);
  return {
    url,
    proc,
    output: () => chunks.join(''),
    async close() {
      proc.kill('SIGTERM');
      await Promise.race([exited(proc), sleep(5000).then(() => proc.kill('SIGKILL'))]);
    },
  };
}

export async function startCluster(opts: ClusterOptions = {}): Promise<Cluster> {
  if (!fs.existsSync(CADDY_PATH)) throw new Error(`Caddy not found at ${CADDY_PATH}: install caddy (apt-get install caddy) or set CADDY_PATH.`);
  if (!fs.existsSync(MAIN) || !fs.existsSync(path.join(ROOT, 'dist/client/index.html'))) {
    throw new Error('The production build is missing (dist/node/main.js, dist/client): run `npm run build` first (npm run test:e2e does).');
  }
  const cleanups: (() => unknown)[] = [];
  const cleanup = async () => {
    for (const fn of cleanups.reverse()) await Promise.resolve(fn()).catch(() => {});
  };
  try {
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'gym-cluster-'));
    cleanups.push(() => fs.rmSync(tmp, { recursive: true, force: true }));

    const dbName = `gym_cluster_${randomBytes(5).toString('hex')}`;
    const admin = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 5000 });
    await admin.connect().catch((err: Error) => {
      throw new Error(`PostgreSQL is not reachable at ${PG_URL} (${err.message}).`);
    });
    await admin.query(`create database ${dbName}`);
    await admin.end();
    cleanups.push(async () => {
      const c = new pg.Client({ connectionString: PG_URL });
      await c.connect();
      await c.query(`drop database if exists ${dbName} with (force)`);
      await c.end();
    });
    const dbUrl = new URL(PG_URL);
    dbUrl.pathname = `/${dbName}`;
    const databaseUrl = dbUrl.toString();
    const db = new pg.Pool({ connectionString: databaseUrl, max: 4 });
    // The teardown drops the database with (force): a pooled connection the drop terminates
    // before its end has gone through is expected, not a failure of the run.
    db.on('error', () => {});
    cleanups.push(() => db.end());

    const [smtp, s3] = await Promise.all([startSmtpPeer(), startS3Server('gym-cluster')]);
    cleanups.push(
      () => smtp.close(),
      () => s3.close(),
    );

    const caddyPort = await freePort();
    const publicUrl = `http://127.0.0.1:${caddyPort}`;
    const baseEnv: NodeJS.ProcessEnv = {
      PATH: process.env.PATH,
      HOME: tmp,
      NODE_ENV: 'production',
      DATABASE_URL: databaseUrl,
      ...s3.env,
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Gym <no-reply@gym.test>',
      HOST: '127.0.0.1',
      TRUST_PROXY: 'true',
      PUBLIC_URL: publicUrl,
      ADMIN_EMAIL: CLUSTER_ADMIN_EMAIL,
      ADMIN_PASSWORD: CLUSTER_ADMIN_PASSWORD,
      // true: the demo's blog and gallery (as the browser suites); 'full': the whole demo gym.
      SEED_DEMO: opts.seedDemo === 'full' ? 'true' : opts.seedDemo ? 'content' : 'false',
      LOG_LEVEL: opts.logLevel ?? 'info',
      // One instance's mail building stays on its request thread: fewer threads on 2 cores.
      MAIL_COMPOSE_THREAD: 'false',
      ...RELAXED_LIMITS,
      ...opts.env,
    };

    const instances: ClusterInstance[] = [];
    for (let n = 0; n < (opts.instances ?? 2); n++) {
      const name = `instance ${String.fromCharCode(65 + n)}`;
      const port = await freePort();
      const dataDir = path.join(tmp, `data-${n}`);
      fs.mkdirSync(dataDir);
      const chunks: string[] = [];
      let proc: ChildProcess | undefined;
      const url = `http://127.0.0.1:${port}`;
      const instance: ClusterInstance = {
        name,
        port,
        url,
        output: () => chunks.join(''),
        running: () => !!proc && proc.exitCode === null && proc.signalCode === null,
        async kill() {
          if (!proc) return;
          proc.kill('SIGKILL');
          await exited(proc);
        },
        async stop() {
          if (!proc) return;
          proc.kill('SIGTERM');
          await exited(proc);
        },
        async start() {
          if (instance.running()) throw new Error(`${name} is already running`);
          proc = spawnTracked(process.execPath, [MAIN], { ...baseEnv, PORT: String(port), DATA_DIR: dataDir }, chunks);
          await waitHealthy(url, name, proc, () => chunks.join(''));
        },
      };
      cleanups.push(async () => {
        if (!instance.running()) return;
        await Promise.race([instance.stop(), sleep(10_000).then(() => instance.kill())]);
      });
      instances.push(instance);
    }
    // Together on purpose: the first start on an empty database must seed once.
    await Promise.all(instances.map((i) => i.start()));

    const caddies: (Caddy & { proc: ChildProcess })[] = [];
    const startCaddy = async (upstreams: ClusterInstance[], port?: number) => {
      const home = fs.mkdtempSync(path.join(tmp, 'caddy-'));
      const caddy = await startCaddyProcess(upstreams, home, port);
      caddies.push(caddy);
      return caddy;
    };
    cleanups.push(() => Promise.all(caddies.map((c) => c.close())));
    const main = await startCaddy(instances, caddyPort);

    const cluster: Cluster = {
      url: main.url,
      caddyOutput: main.output,
      instances,
      smtp,
      s3,
      db,
      databaseUrl,
      startCaddy: (upstreams) => startCaddy(upstreams),
      close: cleanup,
    };
    return cluster;
  } catch (err) {
    await cleanup();
    throw err;
  }
}
