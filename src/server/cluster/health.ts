import type { AppContext } from '../context';
import { createBucketHealth } from '../media/s3-health';
import { pingDatabase } from './health.repository';

export type Health = { ok: true } | { ok: false; reason: string };

/**
 * What /healthz answers: the database answers a query, and the bucket (when S3_BUCKET is set)
 * answers HeadBucket. A dependency that hangs counts as down after `timeoutMs`, so a load
 * balancer's check gets its answer in time; reasons name the dependency, never its address.
 */
export function createHealthCheck(ctx: Pick<AppContext, 'db' | 'config'>, opts: { timeoutMs?: number } = {}): () => Promise<Health> {
  const timeoutMs = opts.timeoutMs ?? 2_000;
  const bucket = ctx.config.s3 ? createBucketHealth(ctx.config.s3, { timeoutMs }) : undefined;

  async function database(): Promise<Health> {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<Health>((resolve) => {
      timer = setTimeout(() => resolve({ ok: false, reason: 'database does not answer' }), timeoutMs);
    });
    const asked = pingDatabase(ctx.db).then(
      (): Health => ({ ok: true }),
      (): Health => ({ ok: false, reason: 'database unavailable' }),
    );
    try {
      return await Promise.race([asked, late]);
    } finally {
      clearTimeout(timer);
    }
  }

  return async () => {
    const [db, files] = await Promise.all([database(), bucket?.check() ?? Promise.resolve<Health>({ ok: true })]);
    if (!db.ok) return db;
    if (!files.ok) return { ok: false, reason: `file storage: ${files.reason}` };
    return { ok: true };
  };
}
