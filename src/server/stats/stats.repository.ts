import { sql } from 'kysely';
import type { StatMetric } from '../../shared/constants';
import type { Db } from '../db/database';

export async function addToCounter(db: Db, metric: StatMetric, day: string, by: number, now: string): Promise<void> {
  await db
    .insertInto('daily_stats')
    .values({ metric, day, value: by, created_at: now })
    .onConflict((oc) => oc.columns(['metric', 'day']).doUpdateSet({ value: sql`daily_stats.value + ${by}` }))
    .execute();
}
