import type { FastifyContextConfig, FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import type { UserRow } from '../db/schema';
import { forbidden, unauthorized } from '../errors';
import { authenticate } from '../auth/auth.service';
import { mustEnrolTwoFactor, SETUP_REQUIRED } from '../auth/two-factor.service';

/**
 * Who may call a route, declared once on the route (`config: { access }`):
 * - public: anyone; a valid bearer token is still resolved so answers may show more to staff;
 * - user: a signed-in, active staff member or admin (401 otherwise);
 * - admin: an admin (401 anonymous, 403 staff).
 * A trainer (issue 37) sees only their own schedule: a `user` route answers them only when it
 * says `trainer: true` (or is their own account's, /api/auth/…); public routes read them as anonymous.
 */
export const ACCESS_LEVELS = ['public', 'user', 'admin'] as const;
export type Access = (typeof ACCESS_LEVELS)[number];

/** One registered route and the access it declared (none for pages, files and /api/docs). */
export interface CatalogueEntry {
  readonly method: string;
  readonly url: string;
  readonly access: Access | undefined;
  /** Its declared per-address limit (`config.limit`, src/server/limits/), if any. */
  readonly limit: FastifyContextConfig['limit'];
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    /** Open to a signed-in user who must still enrol in two-factor (me, logout, enrolment). */
    twoFactorSetup?: boolean;
    /** Open to a signed-in trainer too (their own schedule: the route checks whose). */
    trainer?: boolean;
  }
  interface FastifyInstance {
    /** Every route as registered (HEAD twins left out), with its declared access: read-only. */
    readonly routeCatalogue: readonly CatalogueEntry[];
  }
  interface FastifyRequest {
    user: UserRow | null;
    token: string | null;
  }
}

export function bearerToken(req: FastifyRequest): string | null {
  const h = req.headers.authorization;
  if (typeof h !== 'string') return null;
  const m = /^Bearer\s+(\S+)$/i.exec(h.trim());
  return m?.[1] ?? null;
}

/** The signed-in user of a `user` or `admin` route (its access hook already refused anyone else). */
export function signedIn(req: FastifyRequest): { user: UserRow; token: string } {
  if (!req.user || !req.token) throw unauthorized('Authentication required');
  return { user: req.user, token: req.token };
}

/**
 * Every /api route must declare its access; the check runs in onRequest, before the body is
 * validated, so an anonymous caller learns nothing about a payload's rules (401 first).
 */
export function registerAccessControl(app: FastifyInstance, ctx: AppContext) {
  async function resolve(req: FastifyRequest): Promise<UserRow | null> {
    const token = bearerToken(req);
    if (!token) return null;
    const user = await authenticate(ctx, token);
    if (user) {
      req.user = user;
      req.token = token;
    }
    return user;
  }
  // An admin requires two-factor and this user has none: enrolment only (403 elsewhere).
  async function checkEnrolled(req: FastifyRequest, user: UserRow): Promise<void> {
    if (!req.routeOptions.config.twoFactorSetup && (await mustEnrolTwoFactor(ctx, user))) throw forbidden(SETUP_REQUIRED, 'two_factor_setup_required');
  }
  // A trainer's own account (sign-in, password, two-factor) and the routes that open to them.
  const trainerMayCall = (req: FastifyRequest) => req.routeOptions.config.trainer === true || (req.routeOptions.url ?? '').startsWith('/api/auth/');
  const checks: Record<Access, (req: FastifyRequest) => Promise<void>> = {
    public: async (req) => {
      const user = await resolve(req);
      // Public answers show staff more; not before enrolment.
      if (user && ((user.role === 'trainer' && !trainerMayCall(req)) || (await mustEnrolTwoFactor(ctx, user)))) {
        req.user = null;
        req.token = null;
      }
    },
    user: async (req) => {
      const user = await resolve(req);
      if (!user) throw unauthorized('Authentication required');
      await checkEnrolled(req, user);
      if (user.role === 'trainer' && !trainerMayCall(req)) throw forbidden('Accès réservé au personnel du club');
    },
    admin: async (req) => {
      const user = await resolve(req);
      if (!user) throw unauthorized('Authentication required');
      await checkEnrolled(req, user);
      if (user.role !== 'admin') throw forbidden('Accès réservé aux administrateurs');
    },
  };

  const catalogue: CatalogueEntry[] = [];
  app.decorate('routeCatalogue', {
    getter: (): readonly CatalogueEntry[] => Object.freeze([...catalogue]),
  });
  app.decorateRequest('user', null);
  app.decorateRequest('token', null);
  app.addHook('onRoute', (route) => {
    const access = route.config?.access;
    for (const method of Array.isArray(route.method) ? route.method : [route.method]) {
      if (method !== 'HEAD') catalogue.push(Object.freeze({ method: String(method), url: route.url, access, limit: route.config?.limit }));
    }
    if (!access) {
      if (route.url.startsWith('/api/') && !route.url.startsWith('/api/docs')) {
        throw new Error(`${String(route.method)} ${route.url} declares no access (config.access)`);
      }
      return;
    }
    // The API document says which routes want the bearer token.
    if (access !== 'public' && route.schema) route.schema = { ...route.schema, security: [{ bearer: [] }] };
    const check = checks[access];
    const existing = route.onRequest ? (Array.isArray(route.onRequest) ? route.onRequest : [route.onRequest]) : [];
    route.onRequest = [async (req: FastifyRequest) => check(req), ...existing];
  });
}
