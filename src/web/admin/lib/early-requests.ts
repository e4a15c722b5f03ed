import { getToken } from './auth-token';

// The back office's first screen asks for its data as soon as the app starts
// (src/web/app-boot.tsx), before the back office's code has loaded and rendered: otherwise the
// session check waits for all of that, and the dashboard's reads wait for the session check and
// for the dashboard's code, three round trips one after the other on a phone's network
// (issue 46 point 4). The API client takes each answer once, for the same URL and token, when
// the screen asks for it (configureApiClient's takeEarly); an answer nobody took in time is
// dropped, so nothing read here is ever shown late.

const KEEP_MS = 15_000;

/** Read by the shell on every signed-in screen: the session and the menu's unread counts. */
const SHELL_READS = ['/api/auth/me', '/api/reservations?pageSize=1', '/api/conversations'];

/** Read by the dashboard (src/web/admin/routes/dashboard.tsx and its cards). */
const DASHBOARD_READS = ['/api/dashboard/today', '/api/dashboard-stats', '/api/discount-codes/takings', '/api/orders/low-attendance'];

/** Screens with no session to check. */
const SIGNED_OUT_SCREENS = ['/admin/login', '/admin/forgot-password', '/admin/reset-password'];

interface EarlyAnswer {
  token: string;
  at: number;
  response: Promise<Response>;
}

const answers = new Map<string, EarlyAnswer>();

/** The reads a back-office path starts with, signed in. */
export function earlyReadsFor(pathname: string): string[] {
  const path = pathname.length > 1 && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname;
  if (SIGNED_OUT_SCREENS.includes(path)) return [];
  return path === '/admin' || path === '/admin/dashboard' ? [...SHELL_READS, ...DASHBOARD_READS] : SHELL_READS;
}

/** Starts the first screen's reads when a session token is stored. */
export function startEarlyRequests(pathname: string): void {
  const token = getToken();
  if (!token) return;
  for (const url of earlyReadsFor(pathname)) {
    const response = fetch(url, { headers: { Accept: 'application/json', Authorization: `Bearer ${token}` }, credentials: 'include' });
    // A read nobody takes (the screen changed, the network failed) must not surface as an unhandled rejection.
    response.catch(() => undefined);
    answers.set(url, { token, at: Date.now(), response });
  }
}

/** The early answer for this GET, once, if it was asked for with the same token and is still fresh. */
export function takeEarlyResponse(url: string, token: string | null): Promise<Response> | undefined {
  const hit = answers.get(url);
  if (!hit) return undefined;
  answers.delete(url);
  if (hit.token !== token || Date.now() - hit.at > KEEP_MS) return undefined;
  return hit.response;
}
