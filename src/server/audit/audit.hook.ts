import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Insertable } from 'kysely';
import type { AppContext } from '../context';
import type { AuditLogTable } from '../db/schema';
import { findUserByEmail } from '../users/users.repository';
import { recordAudit } from './audit.service';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Record this route in the audit log even though it is a read (personal-data lookups). */
    audit?: boolean;
  }
}

const MAX_FIELDS = 30;
const MAX_TEXT = 300;
/** Route parameters that are secrets: never written, even as an entity id. */
const SECRET_PARAMS = new Set(['token']);

/** Names of the fields sent, never their values. */
function fieldNames(value: unknown): string | null {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return null;
  const names = Object.keys(value).slice(0, MAX_FIELDS);
  return names.length > 0 ? names.join(', ').slice(0, MAX_TEXT) : null;
}

/** What the route pattern says the request is about: /api/blog-posts/:id → blog-posts, its id. */
function entityOf(route: string, params: unknown): { type: string | null; id: string | null } {
  const segments = route.split('/').filter(Boolean).slice(1);
  const at = segments.findIndex((s) => s.startsWith(':'));
  if (at === -1) return { type: segments.join('/') || null, id: null };
  const name = segments[at].slice(1);
  const value = (params as Record<string, unknown> | undefined)?.[name];
  // Route parameters are strings, or numbers once a schema coerced them.
  const id = typeof value === 'string' || typeof value === 'number' ? String(value).slice(0, 100) : null;
  return { type: segments.slice(0, at).join('/') || null, id: SECRET_PARAMS.has(name) ? null : id };
}

/** A bulk action's ids ({ ids: [...] } in the body), written as the entity: "1,2,3" (cut at 100 characters, then "…"). */
function bulkIds(body: unknown): string | null {
  const ids = (body as { ids?: unknown } | null | undefined)?.ids;
  if (!Array.isArray(ids) || ids.length === 0 || !ids.every((v) => typeof v === 'number')) return null;
  const text = ids.join(',');
  return text.length <= 100 ? text : `${text.slice(0, 99)}…`;
}

/** The id of what a POST created, read from its answer ({ id } at the top). */
function createdId(payload: unknown): string | null {
  if (typeof payload !== 'string' || payload.length > 100_000 || !payload.startsWith('{')) return null;
  try {
    const id = (JSON.parse(payload) as { id?: unknown }).id;
    return typeof id === 'number' || typeof id === 'string' ? String(id).slice(0, 100) : null;
  } catch {
    return null;
  }
}

/**
 * Which requests are recorded: every write (not GET/HEAD) of a signed-in caller to a 'user' or
 * 'admin' route, whatever its outcome (a staff member's 403 included); every write to
 * /api/auth/* (sign-in, failed or not, sign-out, and what staff accounts add there) except an
 * anonymous one refused with 429 by a rate limit; and reads
 * a route marks `config.audit`. Anonymous calls refused with 401 are not: they name nobody and
 * anyone could fill the log with them.
 */
function isAudited(req: FastifyRequest, route: string, status: number): boolean {
  const write = req.method !== 'GET' && req.method !== 'HEAD';
  // A sign-in refused by a rate limit was never checked; recording each would let a flood grow the log.
  if (write && route.startsWith('/api/auth/')) return req.user !== null || status !== 429;
  const access = req.routeOptions.config?.access;
  if (!req.user || (access !== 'user' && access !== 'admin')) return false;
  return write || req.routeOptions.config?.audit === true;
}

async function entryOf(ctx: AppContext, req: FastifyRequest, status: number, payload: unknown): Promise<Insertable<AuditLogTable> | null> {
  const route = req.routeOptions.url;
  if (!route?.startsWith('/api/') || !isAudited(req, route, status)) return null;
  const entity = entityOf(route, req.params);
  const write = req.method !== 'GET' && req.method !== 'HEAD';
  let userId = req.user?.id ?? null;
  let userEmail = req.user?.email ?? null;
  if (!req.user) {
    // A sign-in names its account in the body: the address tried, and the account when it worked.
    const email = (req.body as { email?: unknown } | undefined)?.email;
    if (typeof email === 'string') {
      userEmail = email.trim().toLowerCase().slice(0, 254) || null;
      if (userEmail && status < 400) userId = (await findUserByEmail(ctx.db, userEmail))?.id ?? null;
    }
  }
  return {
    created_at: new Date().toISOString(),
    user_id: userId,
    user_email: userEmail,
    method: req.method,
    route,
    entity_type: entity.type,
    entity_id: entity.id ?? bulkIds(req.body) ?? (req.method === 'POST' && status < 300 ? createdId(payload) : null),
    status,
    ip: req.ip ?? null,
    summary: fieldNames(write ? req.body : req.query),
  };
}

/**
 * The audit log, central: one onSend hook sees every answer, so routes added later are covered
 * by their declared access alone. The entry is written before the answer leaves (an answered
 * write is recorded), and a failure to write it is logged, never turned into an error answer.
 */
export function registerAuditLog(app: FastifyInstance, ctx: AppContext) {
  app.addHook('onSend', async (req, reply, payload) => {
    try {
      const entry = await entryOf(ctx, req, reply.statusCode, payload);
      if (entry) await recordAudit(ctx, entry);
    } catch (err) {
      req.log.error({ err }, 'audit entry could not be made');
    }
    return payload;
  });
}
