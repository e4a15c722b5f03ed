// npm run bench: autocannon on loopback against the production build, each target beside a
// bare node:http server answering the same bytes, alternating the two. See bench/README.md.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { buildSync } from 'esbuild';
import { serveCommand } from '../scripts/serve-command';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const DURATION = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const SETTLE_MS = 5_000;

const booking = JSON.stringify({
  name: 'Bench Tester',
  email: 'bench@example.com',
  phone: '+66 80 000 0000',
  // A request by appointment: no seat limit, however many the benchmark books.
  course: 'Private Training',
  dateTime: '2031-03-01T08:00:00.000Z',
  message: 'First class, please.',
});

interface Target {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  body?: string;
  /** Minimum req/s ratio app/bare, or minimum absolute req/s for writes. */
  minRatio?: number;
  minRps?: number;
}

const targets: Target[] = [
  { name: 'GET / (HTML)', method: 'GET', path: '/', minRatio: 0.5 },
  { name: 'GET /api/blog-posts?published=true', method: 'GET', path: '/api/blog-posts?published=true', minRatio: 0.5 },
  { name: 'GET /api/gallery', method: 'GET', path: '/api/gallery', minRatio: 0.5 },
  { name: 'POST /api/reservations', method: 'POST', path: '/api/reservations', body: booking, minRps: 500 },
];

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
  });

async function waitUp(url: string) {
  for (let i = 0; i < 900; i++) {
    try {
      if ((await fetch(url)).status < 500) return;
    } catch {
      /* starting */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no answer from ${url}`);
}

/** One field of /proc/<pid>/status, in MB (VmRSS, or its RssAnon and RssFile parts). */
function statusMb(pid: number, field: 'VmRSS' | 'RssAnon' | 'RssFile'): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Math.round(Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0) / 1024);
}

const rssMb = (pid: number) => statusMb(pid, 'VmRSS');

/** Anonymous (heap, buffers) and file-backed (the node binary, libraries) parts of the RSS. */
const rssParts = (pid: number) => `${rssMb(pid)} MB (anon ${statusMb(pid, 'RssAnon')}, file ${statusMb(pid, 'RssFile')})`;

interface Figures {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

async function load(url: string, t: Target): Promise<Figures> {
  const r = await autocannon({
    url: url + t.path,
    method: t.method,
    connections: CONNECTIONS,
    duration: DURATION,
    headers: headersOf(t),
    body: t.body,
  });
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, errors: r.errors, non2xx: r.non2xx };
}

/**
 * Requests as a browser makes them: reads accept br or gzip (every browser sends that), a
 * booking is JSON. The page and the API answers are then the compressed bytes a phone gets.
 */
const headersOf = (t: Target): Record<string, string> => (t.body ? { 'content-type': 'application/json' } : { 'accept-encoding': 'br, gzip' });

/** One request, with the answer's bytes as sent (still compressed) and its headers. */
function rawRequest(url: string, t: Target): Promise<{ status: number; headers: Record<string, string>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: t.method, headers: headersOf(t) }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        // Every header the app sent (security headers, cache control, ...), so the bare server's
        // answer is byte for byte the app's; only those node:http writes itself are left out.
        const headers: Record<string, string> = {};
        for (const [name, v] of Object.entries(res.headers)) {
          if (['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding'].includes(name)) continue;
          if (typeof v === 'string') headers[name] = v;
        }
        resolve({ status: res.statusCode ?? 0, headers, body: Buffer.concat(chunks) });
      });
    });
    req.on('error', reject);
    req.end(t.body);
  });
}

const best = (list: Figures[]): Figures => list.reduce((a, b) => (b.rps > a.rps ? b : a));

async function main() {
  if (!fs.existsSync('dist/client/index.html') || !fs.existsSync('dist/node/main.js')) throw new Error('Build first: npm run build');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gym-bench-'));
  const appPort = await freePort();
  const children: ChildProcess[] = [];
  const stop = () => children.forEach((c) => c.kill('SIGTERM'));
  process.on('exit', stop);
  try {
    const serve = serveCommand();
    const app = spawn(process.execPath, serve.args, {
      env: {
        ...process.env,
        ...serve.env,
        PORT: String(appPort),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        ADMIN_PASSWORD: 'bench-password-1',
        NODE_ENV: 'production',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    children.push(app);
    const appUrl = `http://127.0.0.1:${appPort}`;
    await waitUp(appUrl + '/healthz');

    // Capture the app's answers so the bare server sends the same bytes.
    const routes: Record<string, { status: number; headers: Record<string, string>; body: string }> = {};
    for (const t of targets) {
      // The second answer: the first GET of a page is a cache miss, compressed on the fly at a
      // lower level than the copy the cache keeps and serves from then on. A POST is sent once.
      let res = await rawRequest(appUrl + t.path, t);
      if (t.method === 'GET') res = await rawRequest(appUrl + t.path, t);
      routes[`${t.method} ${t.path}`] = { status: res.status, headers: res.headers, body: res.body.toString('base64') };
    }
    const barePort = await freePort();
    const routesFile = path.join(dataDir, 'bare-routes.json');
    fs.writeFileSync(routesFile, JSON.stringify(routes));
    // Plain JavaScript under plain node, like the app: run under tsx's loader the same server
    // answered 20-35 % fewer requests (measured), which would flatter the app's ratio.
    const bareJs = path.join(dataDir, 'bare-server.mjs');
    buildSync({ entryPoints: ['bench/bare-server.ts'], outfile: bareJs, platform: 'node', format: 'esm', logLevel: 'warning' });
    const bare = spawn(process.execPath, [bareJs], {
      env: { ...process.env, PORT: String(barePort), BARE_ROUTES_FILE: routesFile },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    children.push(bare);
    const bareUrl = `http://127.0.0.1:${barePort}`;
    await waitUp(bareUrl + '/');

    let peakRss = rssMb(app.pid!);
    const sampler = setInterval(() => {
      peakRss = Math.max(peakRss, rssMb(app.pid!));
    }, 250);
    const rows: string[] = [];
    const verdicts: string[] = [];
    const memory: string[] = [`before the load: ${rssParts(app.pid!)}`];
    for (const t of targets) {
      const a: Figures[] = [];
      const b: Figures[] = [];
      // Warm both, then alternate so drift on a shared machine hits both sides alike.
      await load(appUrl, { ...t }).catch(() => undefined);
      for (let i = 0; i < ROUNDS; i++) {
        b.push(await load(bareUrl, t));
        a.push(await load(appUrl, t));
      }
      const app1 = best(a);
      const bare1 = best(b);
      const ratio = app1.rps / bare1.rps;
      rows.push(
        `| ${t.name} | ${app1.rps.toFixed(0)} | ${app1.p50} | ${app1.p99} | ${bare1.rps.toFixed(0)} | ${bare1.p50} | ${bare1.p99} | ${ratio.toFixed(2)} | ${app1.non2xx + app1.errors} |`,
      );
      if (t.minRatio !== undefined) verdicts.push(`${t.name}: ratio ${ratio.toFixed(2)} (target ≥ ${t.minRatio}) ${ratio >= t.minRatio ? 'met' : 'MISSED'}`);
      if (t.minRps !== undefined) verdicts.push(`${t.name}: ${app1.rps.toFixed(0)} req/s (target ≥ ${t.minRps}) ${app1.rps >= t.minRps ? 'met' : 'MISSED'}`);
      verdicts.push(`${t.name}: p99 ${app1.p99} ms at ${CONNECTIONS} connections (target ≤ 50) ${app1.p99 <= 50 ? 'met' : 'MISSED'}`);
      memory.push(`after ${t.name}: ${rssParts(app.pid!)}`);
    }
    clearInterval(sampler);
    const rssAtEnd = rssMb(app.pid!);
    // "After the run": once the load has stopped and the server has had a moment to settle
    // (the outbox worker drains the bookings' e-mails, V8 gives back heap it no longer needs).
    await new Promise((r) => setTimeout(r, SETTLE_MS));
    const rss = rssMb(app.pid!);
    memory.push(`settled: ${rssParts(app.pid!)}`);
    verdicts.push(
      `server RSS after the run (${SETTLE_MS / 1000} s after the load stopped): ${rss} MB (target ≤ 200) ${rss <= 200 ? 'met' : 'MISSED'}; ` +
        `${rssAtEnd} MB as the last round ended, ${peakRss} MB at the highest during the run`,
    );

    const report = [
      `Run ${new Date().toISOString()} — \`npm run bench\` (${CONNECTIONS} connections, ${ROUNDS} × ${DURATION} s per side, best round), Node ${process.version}, ${os.cpus().length} cores`,
      '',
      '| target | app req/s | app p50 ms | app p99 ms | bare req/s | bare p50 ms | bare p99 ms | ratio | app errors/non-2xx |',
      '|---|---|---|---|---|---|---|---|---|',
      ...rows,
      '',
      ...verdicts.map((v) => `- ${v}`),
      '',
      'Server memory (RSS):',
      ...memory.map((m) => `- ${m}`),
      '',
    ].join('\n');
    console.log(report);
    fs.mkdirSync('bench/.tmp', { recursive: true });
    fs.writeFileSync('bench/.tmp/last-run.md', report);
  } finally {
    // Wait for both servers to exit: the outbox worker may still be writing into dataDir.
    await Promise.all(
      children.map((c) =>
        c.exitCode !== null || c.signalCode !== null
          ? Promise.resolve()
          : new Promise<void>((resolve) => {
              c.once('exit', () => resolve());
              c.kill('SIGTERM');
            }),
      ),
    );
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
