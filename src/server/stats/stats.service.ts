import type { FastifyBaseLogger } from 'fastify';
import type { StatMetric } from '../../shared/constants';
import { dateTimeFormat } from '../../shared/gym-time';
import type { StatsRecorder } from '../context';
import { nowIso, type Db } from '../db/database';
import { addToCounter } from './stats.repository';

/** YYYY-MM-DD of an instant in the gym's time zone. */
export function dayInZone(date: Date, timeZone: string): string {
  return dateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(date);
}

export function createStatsRecorder(db: Db, timeZone: string, log: FastifyBaseLogger, flushMs = 5_000): StatsRecorder & { close(): Promise<void> } {
  const pending = new Map<StatMetric, number>();
  let timer: NodeJS.Timeout | undefined;

  const recorder = {
    // A counter is a by-product of a request that has already done its work: a failed write
    // is logged and dropped, never passed on (no domain's answer depends on it).
    async increment(metric: StatMetric, by = 1) {
      try {
        await addToCounter(db, metric, dayInZone(new Date(), timeZone), by, nowIso());
      } catch (err) {
        log.warn({ err, metric, by }, 'could not write a counter');
      }
    },
    incrementBuffered(metric: StatMetric, by = 1) {
      pending.set(metric, (pending.get(metric) ?? 0) + by);
      timer ??= setTimeout(() => {
        timer = undefined;
        void recorder.flush();
      }, flushMs);
      timer.unref();
    },
    async flush() {
      const entries = [...pending.entries()];
      pending.clear();
      for (const [metric, by] of entries) await recorder.increment(metric, by);
    },
    async close() {
      if (timer) clearTimeout(timer);
      timer = undefined;
      await recorder.flush();
    },
  };
  return recorder;
}
