import type http from 'node:http';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { S3Config } from '../config';
import { createHealthMonitor, healthBody, type HealthMonitor } from './health';

// The load balancer's checks (decision 171), answered from memory:
// - /healthz, readiness: the health monitor's state (503 once a dependency failed three probes);
// - /livez, liveness: 200 while the process turns, whatever its dependencies (Caddy's fallback
//   when every instance looks not ready uses it to skip the dead ones).
// The server's own request handler answers them first thing, before Fastify's hooks, the access
// check and the rate limits: no queue or pool between a load balancer and its answer, and no
// request-log line per check. Fastify routes answer the same for app.inject.

const LIVE = healthBody({ ok: true });

export interface Healthz {
  monitor: HealthMonitor;
  /** For the server's request handler: answers GET and HEAD /healthz and /livez and says so, else false. */
  answer(this: void, req: http.IncomingMessage, res: http.ServerResponse): boolean;
  /** The route (for app.inject) and the monitor's start and stop with the app. */
  register(this: void, app: FastifyInstance): void;
}

export function createHealthz(deps: { probeDatabase: () => Promise<void>; s3?: S3Config; log: () => FastifyBaseLogger }): Healthz {
  const monitor = createHealthMonitor({
    probeDatabase: deps.probeDatabase,
    s3: deps.s3,
    log: { warn: (o, m) => deps.log().warn(o, m), info: (o, m) => deps.log().info(o, m) },
  });
  return {
    monitor,
    answer(req, res) {
      if ((req.url !== '/healthz' && req.url !== '/livez') || (req.method !== 'GET' && req.method !== 'HEAD')) return false;
      const { status, body } = req.url === '/livez' ? LIVE : healthBody(monitor.current());
      const text = JSON.stringify(body);
      res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text), 'cache-control': 'no-store' });
      res.end(req.method === 'HEAD' ? undefined : text);
      return true;
    },
    register(app) {
      app.get('/healthz', async (_req, reply) => {
        const { status, body } = healthBody(monitor.current());
        return reply.code(status).header('cache-control', 'no-store').send(body);
      });
      app.get('/livez', async (_req, reply) => reply.code(LIVE.status).header('cache-control', 'no-store').send(LIVE.body));
      app.addHook('onReady', () => monitor.start());
      app.addHook('onClose', () => monitor.stop());
    },
  };
}
