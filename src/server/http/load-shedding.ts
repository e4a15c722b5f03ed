import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ErrorCode } from '../../shared/error-codes';

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Seconds a refused client is asked to wait. */
const OVERLOAD_RETRY_AFTER_SECONDS = 2;
const OVERLOADED = 'The site is very busy right now: nothing was saved. Please try again in a few seconds.';

/**
 * A busy instance sheds load honestly (issue 44, decision 171): past `maxPending` public writes
 * already in progress on this instance (waiting for the database pool or on it), the next one is
 * answered 503 with Retry-After and `{ error, code: 'overloaded' }` at once, before its body is
 * read, the access check or any query: it changed nothing, so the client may send it again.
 * Reads are never refused here (cached pages are served before Fastify anyway) and neither is
 * staff's work. The log says when shedding starts and when it ends with how many were refused,
 * not a line per request. `maxPending` 0 turns it off.
 */
export function registerLoadShedding(app: FastifyInstance, opts: { maxPending: number; log: FastifyBaseLogger }): void {
  if (opts.maxPending <= 0) return;
  let pending = 0;
  let refused = 0;
  let since = 0;

  app.addHook('onRequest', (req: FastifyRequest, reply: FastifyReply, done) => {
    if (!WRITES.has(req.method) || req.routeOptions.config.access !== 'public') return done();
    if (pending >= opts.maxPending) {
      if (refused === 0) {
        since = Date.now();
        opts.log.warn({ pending, max: opts.maxPending }, 'overloaded: refusing public writes with 503 until the queue shortens');
      }
      refused += 1;
      void reply
        .code(503)
        .header('retry-after', String(OVERLOAD_RETRY_AFTER_SECONDS))
        .header('cache-control', 'no-store')
        .send({ error: OVERLOADED, code: 'overloaded' satisfies ErrorCode });
      return;
    }
    if (refused > 0) {
      opts.log.warn({ refused, ms: Date.now() - since }, `overload over: ${refused} public writes were refused`);
      refused = 0;
    }
    pending += 1;
    // 'close' comes once, whether the answer was sent or the client went away.
    reply.raw.once('close', () => {
      pending -= 1;
    });
    done();
  });
}
