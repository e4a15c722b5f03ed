import fs from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startServer, type RunningServer } from '../helpers/server';

export const STAFF_EMAIL = 'staff@example.com';
export const STAFF_PASSWORD = 'e2e-staff-password';
export const STAFF_NAME = 'Sam Staff';

/**
 * The real server with the production build. E2E_CLIENT_DIR points at another build than
 * dist/client (the machine is shared: a private build cannot be overwritten mid-run).
 */
export const startAdminServer = (overrides: Parameters<typeof startServer>[0] = {}, opts: Parameters<typeof startServer>[1] = {}) =>
  startServer({ ...(process.env.E2E_CLIENT_DIR ? { clientDir: process.env.E2E_CLIENT_DIR } : {}), ...overrides }, opts);

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
export async function signedInContext(browser: Browser, token: string, viewport = { width: 1280, height: 900 }): Promise<BrowserContext> {
  const ctx = await browser.newContext({ viewport, acceptDownloads: true });
  await ctx.addInitScript((t) => {
    // Only the first page load of the context: a logout must stay a logout.
    if (!sessionStorage.getItem('e2e-init')) {
      sessionStorage.setItem('e2e-init', '1');
      localStorage.setItem('token', t);
    }
  }, token);
  return ctx;
}

/** Collects uncaught page errors so a test can assert there were none. */
export function trackErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  return errors;
}

/** Waits until a toast containing the text is shown. */
export async function expectToast(page: Page, text: string) {
  await page.getByText(text, { exact: false }).first().waitFor({ state: 'visible', timeout: 10_000 });
}

const AXE = fs.readFileSync(new URL('../../../node_modules/axe-core/axe.min.js', import.meta.url), 'utf8');

/** axe-core in the page (evaluated: the CSP forbids inline script tags); serious and critical violations only. */
export async function axeViolations(page: Page): Promise<string[]> {
  const loaded = await page.evaluate(() => typeof (window as any).axe !== 'undefined');
  if (!loaded) await page.evaluate(AXE);
  const result = await page.evaluate(async () => {
    const r = await (window as any).axe.run(document, { resultTypes: ['violations'] });
    return r.violations
      .filter((v: any) => v.impact === 'serious' || v.impact === 'critical')
      .map(
        (v: any) =>
          `${v.id} (${v.impact}): ${v.nodes
            .map((n: any) => n.target.join(' '))
            .slice(0, 5)
            .join(' | ')}`,
      );
  });
  return result as string[];
}

export async function readDownload(page: Page, trigger: () => Promise<unknown>): Promise<{ name: string; text: string }> {
  const [download] = await Promise.all([page.waitForEvent('download'), trigger()]);
  const file = await download.path();
  return { name: download.suggestedFilename(), text: fs.readFileSync(file, 'utf8') };
}
