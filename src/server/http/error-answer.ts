import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { defaultErrorCode } from '../../shared/error-codes';
import { HttpError } from '../errors';

/**
 * Every error answer is `{ error, code }` (and an HttpError's facts beside them, e.g. a full
 * class's `waitlist`). Fastify's own errors (body too large, unsupported content type, …) carry
 * an FST_ code of theirs: the status chooses ours. A 500 says nothing; its details stay in the log.
 */
export function answerError(err: FastifyError, req: FastifyRequest, reply: FastifyReply) {
  const status = err instanceof HttpError ? err.statusCode : (err.statusCode ?? 500);
  if (status >= 500) {
    req.log.error({ err }, 'request failed');
    // A dependency that is down (the file storage) says so; the client may retry.
    if (err instanceof HttpError && status === 503) return reply.code(503).header('retry-after', '30').send({ error: err.message, code: err.code });
    return reply.code(500).send({ error: 'Internal server error', code: 'internal' });
  }
  const code = err instanceof HttpError ? err.code : defaultErrorCode(status);
  if (status === 413) return reply.code(413).send({ error: err instanceof HttpError ? err.message : 'Payload too large', code });
  return reply.code(status).send({ ...(err instanceof HttpError ? err.details : {}), error: err.message || 'Bad request', code });
}
