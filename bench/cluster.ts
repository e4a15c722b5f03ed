// Bookings and public reads through Caddy with one instance and with two (issue 23 §6), in the
// same run: one cluster (two instances of the production build on one PostgreSQL database, one
// S3 server, deploy/Caddyfile), a Caddy in front of instance A alone and one in front of both.
// Rounds alternate one → two → … so a busy machine hits both sides alike; the best round of each
// side is kept and the table gives two / one. The machine has 2 cores shared by the load
// generator, Caddy, PostgreSQL and the instances: two instances cannot double anything here.
// Run (after npm run build): npm run bench:cluster. Knobs: BENCH_CONNECTIONS (50),
// BENCH_SECONDS (8), BENCH_ROUNDS (2).
import autocannon from 'autocannon';
import { startCluster, type Caddy } from '../tests/helpers/cluster';
import { adminToken, call } from '../tests/e2e/cluster/cluster-api';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);

interface Figures {
  rps: number;
  p50: number;
  p99: number;
  ok: number;
  other: number;
}

interface Occurrence {
  course: string;
  startsAt: string;
}

async function main() {
  const cluster = await startCluster({ instances: 2, logLevel: 'warn' });
  try {
    // Seats out of reach: every booking takes one (the seat check still runs).
    await cluster.db.query('update weekly_sessions set capacity = 1000000');
    const from = new Date(Date.now() + 400 * 86_400_000).toISOString().slice(0, 10);
    const sessions = (await call<{ sessions: Occurrence[] }>(cluster.url, 'GET', `/api/sessions?from=${from}&days=60`)).body.sessions;
    if (!sessions.length) throw new Error('no sessions to book');
    await adminToken(cluster.url);

    const one = await cluster.startCaddy([cluster.instances[0]]);
    const two: Caddy = { url: cluster.url, output: cluster.caddyOutput, close: async () => {} };
    let n = 0;
    const booking = () => {
      n += 1;
      const s = sessions[n % sessions.length];
      return JSON.stringify({ name: `Bench ${n}`, email: `bench${n}@example.com`, phone: null, course: s.course, dateTime: s.startsAt, message: null });
    };

    const load = async (url: string, target: 'bookings' | 'reads'): Promise<Figures> => {
      const r = await autocannon(
        target === 'bookings'
          ? {
              url: `${url}/api/reservations`,
              connections: CONNECTIONS,
              duration: SECONDS,
              requests: [
                {
                  method: 'POST',
                  path: '/api/reservations',
                  headers: { 'content-type': 'application/json' },
                  setupRequest: (req) => ({ ...req, body: booking() }),
                },
              ],
            }
          : { url: `${url}/`, connections: CONNECTIONS, duration: SECONDS, headers: { 'accept-encoding': 'br, gzip' } },
      );
      const ok = Object.entries(r.statusCodeStats ?? {}).reduce((s, [code, v]) => (code.startsWith('2') ? s + Number(v.count) : s), 0);
      return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, ok, other: r.non2xx + r.errors };
    };

    const best: Record<string, Figures> = {};
    const keep = (key: string, f: Figures) => {
      console.log(`  ${key}: ${f.rps.toFixed(0)} req/s, p50 ${f.p50} ms, p99 ${f.p99} ms, ${f.ok} ok, ${f.other} other`);
      if (!best[key] || f.rps > best[key].rps) best[key] = f;
    };
    // Warm-up: both instances' caches and connections.
    await load(two.url, 'reads');
    for (let round = 1; round <= ROUNDS; round++) {
      console.log(`round ${round}`);
      for (const target of ['bookings', 'reads'] as const) {
        keep(`${target} one`, await load(one.url, target));
        keep(`${target} two`, await load(two.url, target));
      }
    }
    await one.close();

    const stored = (await cluster.db.query<{ n: number }>('select count(*)::int as n from reservations')).rows[0].n;
    const over = await cluster.db.query(
      `select 1 from reservations r join weekly_sessions w on w.id = r.weekly_session_id
       group by r.weekly_session_id, r.session_date, w.capacity having count(*) > w.capacity`,
    );
    console.log('\n| through Caddy | one instance req/s (p50 / p99 ms) | two instances req/s (p50 / p99 ms) | two / one |');
    console.log('|---|---|---|---|');
    for (const target of ['bookings', 'reads'] as const) {
      const [a, b] = [best[`${target} one`], best[`${target} two`]];
      const what = target === 'bookings' ? 'POST /api/reservations (seat-checked)' : 'GET / (HTML, br)';
      console.log(`| ${what} | ${a.rps.toFixed(0)} (${a.p50} / ${a.p99}) | ${b.rps.toFixed(0)} (${b.p50} / ${b.p99}) | ${(b.rps / a.rps).toFixed(2)} |`);
    }
    console.log(
      `\n${CONNECTIONS} connections, ${ROUNDS} × ${SECONDS} s per side, best round; ${stored} bookings stored, overbooked sessions: ${over.rows.length}`,
    );
    if (over.rows.length) process.exitCode = 1;
  } finally {
    await cluster.close();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
