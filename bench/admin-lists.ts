// npm run bench:lists (after npm run build): the back office's reservations list with 10,000
// bookings, on SQLite and on PostgreSQL, through the real server (HTTP, signed in). Reports the p95
// of the first page, name searches (ASCII and not) and a phone search against the 100 ms target (issue 13).
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { serveCommand } from '../scripts/serve-command';

const BOOKINGS = Number(process.env.BENCH_BOOKINGS ?? 10_000);
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 200);
const TARGET_MS = 100;
const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const ADMIN_EMAIL = 'bench-admin@gym.test';
const ADMIN_PASSWORD = 'bench-password-1';

/** What the screens ask: the default first page, a search by name, a search by phone digits. */
const QUERIES = [
  { name: 'first page', path: '/api/reservations?status=active&page=1' },
  { name: 'search by name', path: '/api/reservations?q=martin&status=active&page=1' },
  // Beyond ASCII, SQLite lowercases through a JavaScript function (db/search.ts).
  { name: 'search by name, non-ASCII', path: '/api/reservations?q=m%C3%BCller&status=active&page=1' },
  { name: 'search by phone', path: '/api/reservations?q=81%20234&status=active&page=1' },
];

const FIRST = ['Anna', 'Ben', 'Chai', 'Dao', 'Emma', 'Felix', 'Gita', 'Hugo', 'Ines', 'Jonas', 'Kanya', 'Liam', 'Mali', 'Noah', 'Olga', 'Pim'];
const LAST = ['Martin', 'Smith', 'Suzuki', 'Wong', 'Rossi', 'Dubois', 'Müller', 'Silva', 'Kowalski', 'Nguyen', 'Jensen', 'Garcia'];
const COURSES = ['Muay Thai Beginner', 'Muay Thai All Levels', 'Brazilian Jiu Jitsu', 'Wrestling', 'Luta Livre', 'MMA Training', 'Private Training'];
const STATUSES = ['unread', 'read', 'read', 'archived', 'cancelled'] as const;

/** 10,000 bookings over two years around today, arriving over the last year. */
function bookings(n: number) {
  const now = Date.now();
  const day = 86_400_000;
  return Array.from({ length: n }, (_, i) => {
    const name = `${FIRST[i % FIRST.length]} ${LAST[(i * 7) % LAST.length]}`;
    return {
      name,
      email: i % 5 === 0 ? null : `${name.toLowerCase().replace(/\W+/g, '.')}${i}@example.com`,
      phone: i % 3 === 0 ? null : `+66 8${i % 10} ${String(100 + (i % 900))} ${String(1000 + i).slice(-4)}`,
      course: COURSES[i % COURSES.length],
      date_time: new Date(now + ((i % 730) - 365) * day + (i % 12) * 3_600_000).toISOString(),
      message: i % 4 === 0 ? 'First class, please.' : null,
      status: STATUSES[i % STATUSES.length],
      created_at: new Date(now - (n - i) * 3_000).toISOString(),
    };
  });
}

const COLUMNS = ['name', 'email', 'phone', 'course', 'date_time', 'message', 'status', 'created_at'] as const;

function seedSqlite(dataDir: string, rows: ReturnType<typeof bookings>) {
  const db = new SQLite(path.join(dataDir, 'gym.db'));
  db.pragma('busy_timeout = 5000');
  const insert = db.prepare(`insert into reservations (${COLUMNS.join(', ')}) values (${COLUMNS.map(() => '?').join(', ')})`);
  db.transaction(() => {
    for (const r of rows) insert.run(...COLUMNS.map((c) => r[c]));
  })();
  db.close();
}

async function seedPostgres(url: string, rows: ReturnType<typeof bookings>) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  for (let i = 0; i < rows.length; i += 500) {
    const chunk = rows.slice(i, i + 500);
    const values = chunk.map((_, j) => `(${COLUMNS.map((__, k) => `$${j * COLUMNS.length + k + 1}`).join(', ')})`).join(', ');
    await client.query(
      `insert into reservations (${COLUMNS.join(', ')}) values ${values}`,
      chunk.flatMap((r) => COLUMNS.map((c) => r[c])),
    );
  }
  await client.query('analyze reservations');
  await client.end();
}

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
  });

async function waitUp(url: string) {
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not come up`);
}

async function startServer(dataDir: string, extraEnv: Record<string, string>): Promise<{ child: ChildProcess; url: string }> {
  const port = await freePort();
  const serve = serveCommand();
  const child = spawn(process.execPath, serve.args, {
    env: {
      ...process.env,
      ...serve.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ADMIN_EMAIL,
      ADMIN_PASSWORD,
      NODE_ENV: 'production',
      ...extraEnv,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  await waitUp(url + '/healthz');
  return { child, url };
}

const stop = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });

async function signIn(url: string): Promise<string> {
  const res = await fetch(url + '/api/auth/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }),
  });
  const body = (await res.json()) as { token?: string };
  if (!body.token) throw new Error(`sign-in failed: ${res.status}`);
  return body.token;
}

const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.ceil(xs.length * 0.95) - 1];

/** Sequential requests (one desk, one screen), each timed from send to the last byte of the body. */
async function measure(url: string, token: string, pathAndQuery: string): Promise<{ p95: number; median: number; total: number }> {
  const headers = { authorization: `Bearer ${token}` };
  let total = -1;
  for (let i = 0; i < 20; i++) await (await fetch(url + pathAndQuery, { headers })).arrayBuffer(); // warm-up
  const times: number[] = [];
  for (let i = 0; i < SAMPLES; i++) {
    const t0 = performance.now();
    const res = await fetch(url + pathAndQuery, { headers });
    const body = (await res.json()) as { total?: number };
    times.push(performance.now() - t0);
    if (res.status !== 200) throw new Error(`${pathAndQuery}: ${res.status}`);
    total = body.total ?? -1;
  }
  return { p95: p95(times), median: [...times].sort((a, b) => a - b)[Math.floor(times.length / 2)], total };
}

async function runOn(dialect: 'sqlite' | 'postgres', rows: ReturnType<typeof bookings>): Promise<string[]> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-lists-'));
  let dbName: string | undefined;
  const env: Record<string, string> = {};
  if (dialect === 'postgres') {
    dbName = `bench_lists_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
    await admin.query(`create database ${dbName}`);
    await admin.end();
    const u = new URL(PG_URL);
    u.pathname = `/${dbName}`;
    env.DATABASE_URL = u.toString();
  }
  // First start migrates and seeds the admin; the bookings go in while it runs, as a busy season would.
  const { child, url } = await startServer(dataDir, env);
  const lines: string[] = [];
  try {
    if (dialect === 'sqlite') seedSqlite(dataDir, rows);
    else await seedPostgres(env.DATABASE_URL, rows);
    const token = await signIn(url);
    for (const q of QUERIES) {
      const r = await measure(url, token, q.path);
      const verdict = r.p95 <= TARGET_MS ? 'met' : 'NOT MET';
      lines.push(`| ${dialect} | ${q.name} | \`${q.path}\` | ${r.total} | ${r.median.toFixed(1)} | ${r.p95.toFixed(1)} | ${verdict} |`);
      console.log(lines.at(-1));
    }
  } finally {
    await stop(child);
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (dbName) {
      const admin = new pg.Client({ connectionString: PG_URL });
      await admin.connect();
      await admin.query(`drop database if exists ${dbName}`);
      await admin.end();
    }
  }
  return lines;
}

async function main() {
  if (!fs.existsSync('dist/node/main.js')) throw new Error('Run npm run build first');
  const rows = bookings(BOOKINGS);
  const header = [
    `${BOOKINGS} bookings, ${SAMPLES} sequential signed-in requests per line after 20 warm-up ones; target p95 ≤ ${TARGET_MS} ms.`,
    '',
    '| database | query | URL | matches | median ms | p95 ms | 100 ms p95 |',
    '|---|---|---|---|---|---|---|',
  ];
  console.log(header.join('\n'));
  const lines = [...(await runOn('sqlite', rows)), ...(await runOn('postgres', rows))];
  const report = [...header, ...lines].join('\n') + '\n';
  fs.mkdirSync('bench/.tmp', { recursive: true });
  fs.writeFileSync('bench/.tmp/admin-lists.md', report);
  if (lines.some((l) => l.includes('NOT MET'))) process.exitCode = 1;
}

await main();
