import { addDays, todayInZone } from '../../../src/shared/gym-time';
import { CLUSTER_ADMIN_EMAIL, CLUSTER_ADMIN_PASSWORD } from '../../helpers/cluster';
import { GYM_TIME_ZONE } from '../../helpers/sessions';

// Plain HTTP calls to Caddy or to one instance, as a browser or a script makes them.

export interface Answer<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

export async function call<T = any>(
  base: string,
  method: string,
  path: string,
  opts: { body?: unknown; token?: string; headers?: Record<string, string> } = {},
): Promise<Answer<T>> {
  const res = await fetch(base + path, {
    method,
    headers: {
      ...(opts.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
      ...opts.headers,
    },
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
  });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    // not JSON (a proxy's error page)
  }
  return { status: res.status, body: body as T, headers: res.headers };
}

export async function adminToken(base: string): Promise<string> {
  const res = await call<{ token: string }>(base, 'POST', '/api/auth/login', { body: { email: CLUSTER_ADMIN_EMAIL, password: CLUSTER_ADMIN_PASSWORD } });
  if (res.status !== 200) throw new Error(`admin sign-in failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.token;
}

export interface Session {
  id: string;
  weeklySessionId: number;
  course: string;
  startsAt: string;
  date: string;
  capacity: number;
}

/** Coming occurrences of a class (from the day after tomorrow: never one that started). */
export async function comingSessions(base: string, course: string, days = 14): Promise<Session[]> {
  const from = addDays(todayInZone(GYM_TIME_ZONE), 2);
  const res = await call<{ sessions: Session[] }>(base, 'GET', `/api/sessions?from=${from}&days=${days}`);
  if (res.status !== 200) throw new Error(`sessions: ${res.status}`);
  return res.body.sessions.filter((s) => s.course === course);
}

export async function setCapacity(base: string, token: string, weeklySessionId: number, capacity: number): Promise<void> {
  const res = await call(base, 'PATCH', `/api/timetable/weekly-sessions/${weeklySessionId}`, { token, body: { capacity } });
  if (res.status !== 200) throw new Error(`capacity not saved: ${res.status} ${JSON.stringify(res.body)}`);
}

/** Runs `count` tasks with at most `concurrency` at once; answers in task order. */
export async function inParallel<T>(count: number, concurrency: number, task: (i: number) => Promise<T>): Promise<T[]> {
  const out = new Array<T>(count);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, count) }, async () => {
      while (next < count) {
        const i = next++;
        out[i] = await task(i);
      }
    }),
  );
  return out;
}

/** How many requests to a path an instance logged (Fastify's request log at LOG_LEVEL=info). */
export const loggedRequests = (output: string, method: string, path: string): number =>
  output.split('\n').filter((l) => l.includes('incoming request') && l.includes(`"method":"${method}"`) && l.includes(`"url":"${path}"`)).length;
