import { HeadBucketCommand } from '@aws-sdk/client-s3';
import type { S3Config } from '../config';
import { s3ClientFor, statusOf } from './s3-storage';

export interface BucketHealth {
  /** Whether the bucket answered HeadBucket lately; the error's name when not (never a secret). */
  check(): Promise<{ ok: true } | { ok: false; reason: string }>;
}

/**
 * HeadBucket, remembered for `cacheMs`: a load balancer asking /healthz every second on every
 * instance costs the bucket one cheap request per instance and period, and checks that arrive
 * together share one request.
 */
export function createBucketHealth(s3: S3Config, opts: { cacheMs?: number; timeoutMs?: number } = {}): BucketHealth {
  const cacheMs = opts.cacheMs ?? 1_500;
  const timeoutMs = opts.timeoutMs ?? 2_000;
  let last: { at: number; result: { ok: true } | { ok: false; reason: string } } | undefined;
  let running: Promise<{ ok: true } | { ok: false; reason: string }> | undefined;

  async function head(): Promise<{ ok: true } | { ok: false; reason: string }> {
    try {
      await s3ClientFor(s3).send(new HeadBucketCommand({ Bucket: s3.bucket }), { abortSignal: AbortSignal.timeout(timeoutMs) });
      return { ok: true };
    } catch (err) {
      const status = statusOf(err);
      return { ok: false, reason: status ? `bucket answered ${status}` : `bucket unreachable (${(err as Error).name || 'error'})` };
    }
  }

  return {
    check() {
      if (last && Date.now() - last.at < cacheMs) return Promise.resolve(last.result);
      running ??= head().then((result) => {
        last = { at: Date.now(), result };
        running = undefined;
        return result;
      });
      return running;
    },
  };
}
