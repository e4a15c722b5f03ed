import type { S3Config } from '../config';
import { createBucketHealth } from '../media/s3-health';

export type Health = { ok: true } | { ok: false; reason: string };

/** /healthz's status and body for a health: 200 `{ status: 'ok' }`, or 503 with the reason. */
export function healthBody(h: Health): { status: 200 | 503; body: { status: 'ok' } | { status: 'error'; error: string; code: 'internal' } } {
  return h.ok ? { status: 200, body: { status: 'ok' } } : { status: 503, body: { status: 'error', error: h.reason, code: 'internal' } };
}

export interface HealthMonitorOptions {
  /** Time between the end of one probe round and the next (ms). */
  intervalMs?: number;
  /** A probe that takes longer counts as failed (ms). */
  timeoutMs?: number;
  /** Failed probes in a row before a dependency counts as down. */
  failuresBeforeDown?: number;
}

export interface HealthMonitor {
  /** What /healthz answers now: read from memory, it waits for nothing (decision 171). */
  current(): Health;
  /** Probes once and waits for the answer, then goes on probing every interval until stop(). */
  start(): Promise<void>;
  stop(): void;
}

interface Dependency {
  name: string;
  check(): Promise<Health>;
  failures: number;
  lastReason: string;
  down: boolean;
}

/**
 * The instance's dependencies, probed in the background: the database over a connection of its
 * own (DatabaseHandle.probe: never behind the pool the bookings queue on) and the bucket (when
 * S3_BUCKET is set). A dependency counts as down after `failuresBeforeDown` failed probes in a
 * row and up again at the first probe that succeeds; the log says so once per change, with the
 * reason, never the dependency's address. /healthz reads the result: a busy instance answers it
 * as fast as its event loop turns, and is never reported down for being busy.
 */
export function createHealthMonitor(
  deps: { probeDatabase: () => Promise<void>; s3?: S3Config; log: { warn(obj: object, msg: string): void; info(obj: object, msg: string): void } },
  opts: HealthMonitorOptions = {},
): HealthMonitor {
  const intervalMs = opts.intervalMs ?? 1_000;
  const timeoutMs = opts.timeoutMs ?? 5_000;
  const failuresBeforeDown = opts.failuresBeforeDown ?? 3;
  const bucket = deps.s3 ? createBucketHealth(deps.s3, { timeoutMs, cacheMs: 0 }) : undefined;

  const dependencies: Dependency[] = [
    {
      name: 'database',
      check: () =>
        deps.probeDatabase().then(
          (): Health => ({ ok: true }),
          (): Health => ({ ok: false, reason: 'database unavailable' }),
        ),
      failures: 0,
      lastReason: '',
      down: false,
    },
  ];
  if (bucket) {
    dependencies.push({
      name: 'file storage',
      check: async () => {
        const r = await bucket.check();
        return r.ok ? r : { ok: false, reason: `file storage: ${r.reason}` };
      },
      failures: 0,
      lastReason: '',
      down: false,
    });
  }

  async function probe(dep: Dependency): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<Health>((resolve) => {
      timer = setTimeout(() => resolve({ ok: false, reason: dep.name === 'database' ? 'database does not answer' : `${dep.name} does not answer` }), timeoutMs);
    });
    const result = await Promise.race([dep.check(), late]).finally(() => clearTimeout(timer));
    if (result.ok) {
      if (dep.down) deps.log.info({ dependency: dep.name }, `health: ${dep.name} answers again; /healthz answers 200`);
      dep.failures = 0;
      dep.down = false;
      return;
    }
    dep.failures += 1;
    dep.lastReason = result.reason;
    if (!dep.down && dep.failures >= failuresBeforeDown) {
      dep.down = true;
      deps.log.warn(
        { dependency: dep.name, reason: result.reason, failures: dep.failures },
        `health: ${dep.name} down after ${dep.failures} failed probes in a row; /healthz answers 503`,
      );
    }
  }

  let timer: NodeJS.Timeout | undefined;
  let stopped = true;
  const round = () => Promise.all(dependencies.map(probe));
  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      void round().finally(schedule);
    }, intervalMs);
    timer.unref();
  };

  return {
    current() {
      const down = dependencies.find((d) => d.down);
      return down ? { ok: false, reason: down.lastReason } : { ok: true };
    },
    async start() {
      if (!stopped) return;
      stopped = false;
      await round();
      schedule();
    },
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}
