import type { Browser, BrowserContext, BrowserContextOptions } from 'playwright-core';
import { ADMIN_EMAIL, ADMIN_PASSWORD, type RunningServer } from './server';

// The accounts a browser suite signs in with: the seeded admin and one staff member made through
// the API, and a context that starts signed in.

export const STAFF_EMAIL = 'staff@example.com';
export const STAFF_PASSWORD = 'e2e-staff-password';
export const STAFF_NAME = 'Sam Staff';

export async function api<T = any>(server: RunningServer, method: string, path: string, body?: unknown, token?: string): Promise<T> {
  const res = await fetch(server.url + path, {
    method,
    headers: {
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path} → ${res.status} ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

export async function loginToken(server: RunningServer, email: string, password: string): Promise<string> {
  return (await api<{ token: string }>(server, 'POST', '/api/auth/login', { email, password })).token;
}

/** The seeded admin's token, and a staff account made through the API with it. */
export async function setupAccounts(server: RunningServer) {
  const adminToken = await loginToken(server, ADMIN_EMAIL, ADMIN_PASSWORD);
  await api(
    server,
    'POST',
    '/api/auth/register',
    { email: STAFF_EMAIL, name: STAFF_NAME, password: STAFF_PASSWORD, role: 'staff', isActive: true },
    adminToken,
  );
  const staffToken = await loginToken(server, STAFF_EMAIL, STAFF_PASSWORD);
  return { adminToken, staffToken };
}

/** A browser context already signed in: the token is put in localStorage before any page script runs. */
export async function signedInContext(
  browser: Browser,
  token: string,
  viewport = { width: 1280, height: 900 },
  options: BrowserContextOptions = {},
): Promise<BrowserContext> {
  const ctx = await browser.newContext({ viewport, acceptDownloads: true, ...options });
  await ctx.addInitScript((t) => {
    // The top document only: a sandboxed frame (an e-mail's HTML) has no storage to read.
    if (window.top !== window) return;
    // Only the first page load of the context: a logout must stay a logout.
    if (!sessionStorage.getItem('e2e-init')) {
      sessionStorage.setItem('e2e-init', '1');
      localStorage.setItem('token', t);
    }
  }, token);
  return ctx;
}
