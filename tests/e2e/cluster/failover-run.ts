import { spawn, type ChildProcess } from 'node:child_process';
import pg from 'pg';
import type { Cluster } from '../../helpers/cluster';
import { bookingFor, customer } from '../../helpers/factories';
import { call } from './cluster-api';

// One failover run, as an operator would try it: clients book through Caddy without pause, one
// instance is killed with SIGKILL, the survivor carries the load, the killed one is started again.
// Optionally with CPU-bound processes beside the instances (a busy host). Used by the suite
// (tests/e2e/cluster/failover.test.ts) and by npm run bench:failover (many runs).

export interface FailoverOptions {
  /** Clients booking without pause through Caddy (default 12). */
  clients?: number;
  /** CPU-bound processes running beside the instances for the whole run (default 0). */
  burners?: number;
  /** Booking before the kill (ms, default 3000). */
  beforeKillMs?: number;
  /** Booking after the kill, before the restart (ms, default 10000). */
  afterKillMs?: number;
  /** Booking after the restarted instance answers /healthz (ms, default 6000). */
  afterRestartMs?: number;
  /** How many class occurrences the bookings spread over (default all coming in 60 days; 1: every client on one row). */
  occurrences?: number;
  /**
   * From 2.5 s after the kill, a transaction of another client holds the seat rows of the booked
   * occurrences for this long (ms): every booking waits on the survivor's database pool, as
   * behind a slow statement or a saturated database. Default 0.
   */
  stallMs?: number;
  /** The burners' niceness (default 0; below 0 they take the cores before the instances do, root only). */
  burnerNice?: number;
}

interface Attempt {
  sentAt: number;
  doneAt: number;
  status: number;
  id?: number;
  code?: string;
}

export interface FailoverResult {
  /** Bookings sent from 2 s after the kill until the restart. */
  afterKill: number;
  /** Of those, answered 2xx. */
  afterKillOk: number;
  /** afterKillOk / afterKill. */
  okRatio: number;
  /** Statuses seen after the kill (status → count), for the report. */
  statuses: Record<string, number>;
  /** Bookings acknowledged (201) over the whole run, and how many of them are stored. */
  acknowledged: number;
  kept: number;
  /** Bookings the restarted instance answered within 5 s of answering /healthz, and what all answered then. */
  restartedShare: { victim: number; all: number };
  /** ms from the restarted instance's /healthz to the first booking it answered through Caddy (-1: none). */
  backInMs: number;
  /** Answers after the kill that were Caddy's own refusal (503 without the app's `{ error, code }`). */
  refusedByCaddy: number;
  /** Caddy's active checks of the surviving instance that failed during the run (it was taken out). */
  survivorCheckFailures: number;
}

/** A process that spins on one core until killed: a busy neighbour. */
function startBurner(nice = 0): ChildProcess {
  const spin = [process.execPath, '-e', 'for (;;) Math.sqrt(Math.random());'];
  return nice ? spawn('nice', ['-n', String(nice), ...spin], { stdio: 'ignore' }) : spawn(spin[0], spin.slice(1), { stdio: 'ignore' });
}

/** The time (epoch ms) of each booking an instance's request log says it answered. */
function bookingTimes(output: string): number[] {
  const times: number[] = [];
  for (const line of output.split('\n')) {
    if (!line.includes('incoming request') || !line.includes('"method":"POST"') || !line.includes('"url":"/api/reservations"')) continue;
    const m = /"time":(\d+)/.exec(line);
    if (m) times.push(Number(m[1]));
  }
  return times;
}

/** Holds every seat counter row for `ms` in one transaction of its own, then lets go. */
async function holdSeats(cluster: Cluster, ms: number): Promise<void> {
  const client = new pg.Client({ connectionString: cluster.databaseUrl });
  await client.connect();
  try {
    await client.query('begin');
    await client.query('select * from seats for update');
    await new Promise((r) => setTimeout(r, ms));
    await client.query('rollback');
  } finally {
    await client.end();
  }
}

export async function runFailover(cluster: Cluster, opts: FailoverOptions = {}): Promise<FailoverResult> {
  const clients = opts.clients ?? 12;
  const beforeKillMs = opts.beforeKillMs ?? 3000;
  const afterKillMs = opts.afterKillMs ?? 10_000;
  const afterRestartMs = opts.afterRestartMs ?? 6000;
  const [victim, survivor] = cluster.instances;
  const caddyLogFrom = cluster.caddyOutput().length;
  if (!victim.running()) await victim.start();

  // Seats out of reach and many occurrences: every booking is accepted unless the path fails.
  await cluster.db.query('update weekly_sessions set capacity = 1000000');
  const from = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
  const sessions = (await call<{ sessions: { course: string; startsAt: string }[] }>(cluster.url, 'GET', `/api/sessions?from=${from}&days=60`)).body.sessions;
  if (!sessions.length) throw new Error('no sessions to book');
  if (opts.occurrences) sessions.splice(opts.occurrences);

  const burners = Array.from({ length: opts.burners ?? 0 }, () => startBurner(opts.burnerNice));
  const attempts: Attempt[] = [];
  let stop = false;
  let n = 0;
  const client = async () => {
    while (!stop) {
      const s = sessions[n++ % sessions.length];
      const sentAt = Date.now();
      try {
        const a = await call<{ id?: number; code?: string }>(cluster.url, 'POST', '/api/reservations', {
          body: bookingFor(customer(), { course: s.course, dateTime: s.startsAt }),
        });
        attempts.push({ sentAt, doneAt: Date.now(), status: a.status, id: a.body?.id, code: a.body?.code });
      } catch (err) {
        attempts.push({ sentAt, doneAt: Date.now(), status: 0, code: (err as Error).message });
      }
    }
  };
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

  try {
    const load = Promise.all(Array.from({ length: clients }, client));
    await sleep(beforeKillMs);
    const killedAt = Date.now();
    await victim.kill();
    const stalled = opts.stallMs ? sleep(2500).then(() => holdSeats(cluster, opts.stallMs!)) : Promise.resolve();
    await sleep(afterKillMs);
    await stalled;
    const restartAt = Date.now();
    const victimLogFrom = victim.output().length;
    await victim.start();
    const readyAt = Date.now();
    await sleep(afterRestartMs);
    stop = true;
    await load;

    const window = attempts.filter((a) => a.sentAt >= killedAt + 2000 && a.sentAt < restartAt);
    const statuses: Record<string, number> = {};
    for (const a of window) {
      const key = a.status === 0 ? `error ${a.code}` : a.code ? `${a.status} ${a.code}` : String(a.status);
      statuses[key] = (statuses[key] ?? 0) + 1;
    }
    const refusedByCaddy = attempts.filter((a) => a.sentAt >= killedAt && a.status === 503 && !a.code).length;
    const survivorCheckFailures = cluster
      .caddyOutput()
      .slice(caddyLogFrom)
      .split('\n')
      .filter((l) => l.includes('health_checker.active') && l.includes(`"host":"127.0.0.1:${survivor.port}"`) && !l.includes('host is up')).length;
    const afterKillOk = window.filter((a) => a.status >= 200 && a.status < 300).length;

    const acked = attempts.filter((a) => a.status === 201 && a.id).map((a) => a.id!);
    const stored = await cluster.db.query<{ n: number }>('select count(*)::int as n from reservations where id = any($1::int[])', [acked]);

    const victimTimes = bookingTimes(victim.output().slice(victimLogFrom)).filter((t) => t >= readyAt);
    const inWindow = (t: number) => t >= readyAt && t < readyAt + 5000;
    const allInWindow = attempts.filter((a) => a.status !== 0 && inWindow(a.doneAt)).length;
    return {
      afterKill: window.length,
      afterKillOk,
      okRatio: window.length ? afterKillOk / window.length : 0,
      statuses,
      acknowledged: acked.length,
      kept: stored.rows[0].n,
      restartedShare: { victim: victimTimes.filter(inWindow).length, all: allInWindow },
      refusedByCaddy,
      survivorCheckFailures,
      backInMs: victimTimes.length ? Math.min(...victimTimes) - readyAt : -1,
    };
  } finally {
    stop = true;
    for (const b of burners) b.kill('SIGKILL');
  }
}
