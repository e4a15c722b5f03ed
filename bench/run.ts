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
/** Only the targets whose name contains this text (e.g. BENCH_ONLY=reservations). */
const ONLY = process.env.BENCH_ONLY ?? '';
const SETTLE_MS = 5_000;

const ADMIN_EMAIL = 'bench-admin@gym.test';
const ADMIN_PASSWORD = 'bench-password-1';
/** Places the bookings are spread over: every session's capacity raised to the planning API's maximum. */
const CAPACITY = 1000;
/** Seats made available before the run: more than the bookings a run can make here. */
const SEATS_WANTED = 400_000;
/** The sessions booked start this far ahead, past any date the server's clock could reach. */
const BOOK_FROM_DAYS_AHEAD = 400;

interface Occurrence {
  id: string;
  course: string;
  startsAt: string;
  date: string;
}

/** Real timetable sessions (course + gym-time instant), so every booking takes a seat. Filled by prepareSeats. */
const occurrences: Occurrence[] = [];
let bookingNo = 0;
/** The next booking, round-robin over the sessions: each takes a seat of a real occurrence. */
function nextBooking(): string {
  const o = occurrences[bookingNo++ % occurrences.length];
  return JSON.stringify({
    name: 'Bench Tester',
    email: 'bench@example.com',
    phone: '+66 80 000 0000',
    course: o.course,
    dateTime: o.startsAt,
    message: 'First class, please.',
  });
}

interface Target {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  /** The body of each request (a new one every time). */
  body?: () => string;
  /** After the run: a check of what the target wrote (its 2xx answers are handed in). */
  check?: (appUrl: string, accepted: number) => Promise<string>;
  /** Minimum req/s ratio app/bare, or minimum absolute req/s for writes. */
  minRatio?: number;
  minRps?: number;
}

const targets: Target[] = [
  { name: 'GET / (HTML)', method: 'GET', path: '/', minRatio: 0.5 },
  { name: 'GET /api/blog-posts?published=true', method: 'GET', path: '/api/blog-posts?published=true', minRatio: 0.5 },
  { name: 'GET /api/gallery', method: 'GET', path: '/api/gallery', minRatio: 0.5 },
  {
    name: 'POST /api/reservations (seat-checked)',
    method: 'POST',
    path: '/api/reservations',
    body: nextBooking,
    minRps: 1000,
    check: checkNoOverbooking,
  },
];

const selected = targets.filter((t) => t.name.includes(ONLY));

async function api<T>(appUrl: string, method: string, url: string, token?: string, body?: unknown): Promise<T> {
  const res = await fetch(appUrl + url, {
    method,
    headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

let adminToken = '';

/**
 * Signs in as the admin the first start created (ADMIN_EMAIL/ADMIN_PASSWORD), raises every
 * weekly session's capacity through the planning API, and lists enough future occurrences
 * (GET /api/sessions, 60 days at a time) to hold SEATS_WANTED bookings.
 */
async function prepareSeats(appUrl: string) {
  adminToken = (await api<{ token: string }>(appUrl, 'POST', '/api/auth/login', undefined, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD })).token;
  const sessions = await api<{ id: number; active: boolean }[]>(appUrl, 'GET', '/api/timetable/weekly-sessions', adminToken);
  for (const s of sessions) await api(appUrl, 'PATCH', `/api/timetable/weekly-sessions/${s.id}`, adminToken, { capacity: CAPACITY });
  let from = new Date(Date.now() + BOOK_FROM_DAYS_AHEAD * 86_400_000).toISOString().slice(0, 10);
  let seats = 0;
  while (seats < SEATS_WANTED) {
    const page = await api<{ sessions: (Occurrence & { spotsLeft: number })[] }>(appUrl, 'GET', `/api/sessions?from=${from}&days=60`);
    if (page.sessions.length === 0) throw new Error('the timetable has no sessions to book');
    for (const o of page.sessions) {
      occurrences.push({ id: o.id, course: o.course, startsAt: o.startsAt, date: o.date });
      seats += o.spotsLeft;
    }
    const last = new Date(`${from}T00:00:00Z`);
    last.setUTCDate(last.getUTCDate() + 60);
    from = last.toISOString().slice(0, 10);
  }
}

/**
 * After the run, through the desk API: no occurrence holds more bookings than its capacity,
 * each seat counter equals the bookings linked to it, and every 201 the run got is one of them.
 */
async function checkNoOverbooking(appUrl: string, accepted: number): Promise<string> {
  type Day = { sessions: { id: string; capacity: number; taken: number; roster: { cancelledAt: string | null }[] }[] };
  const dates = [...new Set(occurrences.map((o) => o.date))];
  let linked = 0;
  let checked = 0;
  let fullest = 0;
  const problems: string[] = [];
  for (const date of dates) {
    const day = await api<Day>(appUrl, 'GET', `/api/desk/day?date=${date}`, adminToken);
    for (const s of day.sessions) {
      const live = s.roster.filter((r) => r.cancelledAt === null).length;
      checked += 1;
      linked += live;
      fullest = Math.max(fullest, live);
      if (live > s.capacity) problems.push(`${s.id}: ${live} bookings for ${s.capacity} places`);
      if (live !== s.taken) problems.push(`${s.id}: seat counter ${s.taken}, ${live} bookings`);
    }
  }
  // autocannon stops counting at the end of a round while up to one request per connection is
  // still in flight: those bookings are written but their 201 is not counted.
  const inFlight = CONNECTIONS * (1 + ROUNDS);
  if (linked < accepted || linked > accepted + inFlight) problems.push(`${accepted} bookings answered 201 (+ ≤ ${inFlight} in flight), ${linked} linked`);
  const what =
    `${checked} sessions checked, ${linked} bookings linked to them (${accepted} 201s counted, ${linked - accepted} in flight as rounds ended), ` +
    `at most ${fullest} in one session of ${CAPACITY} places`;
  return problems.length === 0
    ? `no overbooking: ${what}; every seat counter equals its bookings — met`
    : `OVERBOOKING or drift: ${what}; ${problems.slice(0, 5).join('; ')} — MISSED`;
}

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

const TICK_MS = 1000 / 100; // USER_HZ: 100 on Linux

/**
 * CPU time (user + system, ms) of the server's main thread and of the whole process (its other
 * threads: the e-mail composing thread, libuv's pool). Unlike req/s it barely depends on what
 * else the machine is doing: the figure to compare between runs on a busy machine.
 */
function cpuMs(pid: number): { main: number; all: number } {
  const ticks = (file: string) => {
    const fields = fs.readFileSync(file, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
  };
  return { main: ticks(`/proc/${pid}/task/${pid}/stat`), all: ticks(`/proc/${pid}/stat`) };
}

/** Anonymous (heap, buffers) and file-backed (the node binary, libraries) parts of the RSS. */
const rssParts = (pid: number) => `${rssMb(pid)} MB (anon ${statusMb(pid, 'RssAnon')}, file ${statusMb(pid, 'RssFile')})`;

interface Figures {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  /** Answers with a 2xx status. */
  ok: number;
  /** Requests answered in the round. */
  total: number;
}

async function load(url: string, t: Target): Promise<Figures> {
  const body = t.body;
  const r = await autocannon({
    url: url + t.path,
    method: t.method,
    connections: CONNECTIONS,
    duration: DURATION,
    headers: headersOf(t),
    // A new body for every request (each booking its own session seat).
    ...(body ? { requests: [{ method: t.method, path: t.path, headers: headersOf(t), setupRequest: (req) => ({ ...req, body: body() }) }] } : {}),
  });
  const ok = Object.entries(r.statusCodeStats ?? {}).reduce((n, [code, v]) => (code.startsWith('2') ? n + Number(v.count) : n), 0);
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, errors: r.errors, non2xx: r.non2xx, ok, total: r.requests.total };
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
    req.end(t.body?.());
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
    // BENCH_PROFILE_DIR: the server writes a CPU profile there when it stops (node --cpu-prof).
    const profile = process.env.BENCH_PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE_DIR}`] : [];
    const app = spawn(process.execPath, [...profile, ...serve.args], {
      env: {
        ...process.env,
        ...serve.env,
        PORT: String(appPort),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        ADMIN_EMAIL,
        ADMIN_PASSWORD,
        NODE_ENV: 'production',
        // Every request comes from one loopback address: the per-address booking limit stays on
        // (its cost is measured) but high enough to let the run book.
        RATE_LIMIT_BOOKING: '100000000/1m',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    children.push(app);
    const appUrl = `http://127.0.0.1:${appPort}`;
    await waitUp(appUrl + '/healthz');
    if (selected.some((t) => t.check === checkNoOverbooking)) await prepareSeats(appUrl);

    // Capture the app's answers so the bare server sends the same bytes.
    const routes: Record<string, { status: number; headers: Record<string, string>; body: string }> = {};
    /** 2xx answers the app gave per target (capture, warm-up and rounds): what it wrote. */
    const accepted = new Map<string, number>();
    for (const t of selected) {
      // The second answer: the first GET of a page is a cache miss, compressed on the fly at a
      // lower level than the copy the cache keeps and serves from then on. A POST is sent once.
      let res = await rawRequest(appUrl + t.path, t);
      if (t.method === 'GET') res = await rawRequest(appUrl + t.path, t);
      if (res.status >= 200 && res.status < 300) accepted.set(t.name, (accepted.get(t.name) ?? 0) + 1);
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
    const cpuRows: string[] = [];
    const verdicts: string[] = [];
    const memory: string[] = [`before the load: ${rssParts(app.pid!)}`];
    for (const t of selected) {
      const a: Figures[] = [];
      const b: Figures[] = [];
      const count = (f: Figures) => accepted.set(t.name, (accepted.get(t.name) ?? 0) + f.ok);
      // Warm both, then alternate so drift on a shared machine hits both sides alike.
      const warm = await load(appUrl, { ...t }).catch(() => undefined);
      if (warm) count(warm);
      let cpu = { main: 0, all: 0, requests: 0 };
      for (let i = 0; i < ROUNDS; i++) {
        b.push(await load(bareUrl, t));
        const before = cpuMs(app.pid!);
        a.push(await load(appUrl, t));
        const after = cpuMs(app.pid!);
        cpu = { main: cpu.main + after.main - before.main, all: cpu.all + after.all - before.all, requests: cpu.requests + a[a.length - 1].total };
        count(a[a.length - 1]);
      }
      const per = (ms: number) => (cpu.requests > 0 ? ((ms / cpu.requests) * 1000).toFixed(0) : '–');
      cpuRows.push(`| ${t.name} | ${per(cpu.main)} | ${per(cpu.all)} | ${cpu.requests} |`);
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
      if (t.check) verdicts.push(`${t.name}: ${await t.check(appUrl, accepted.get(t.name) ?? 0)}`);
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
      'Server CPU per request over the app rounds (µs; main thread, and the whole process with its other threads):',
      '',
      '| target | main thread µs/req | process µs/req | requests |',
      '|---|---|---|---|',
      ...cpuRows,
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
