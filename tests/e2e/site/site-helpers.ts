import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchBrowser } from '../helpers/browser';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startServer, type RunningServer } from '../helpers/server';

// One server and one browser per test file (the suite must stay fast on 2 cores).

export interface SiteEnv {
  server: RunningServer;
  browser: Browser;
  url: (path: string) => string;
  /** A fresh page at the given width; `errors` collects uncaught page errors. */
  open(width?: number, opts?: BrowserContextOptions): Promise<{ page: Page; errors: string[]; close: () => Promise<void> }>;
  /** An admin bearer token, for checking what the public forms stored. */
  adminToken(): Promise<string>;
  api<T>(path: string, init?: { method?: string; body?: unknown; token?: string }): Promise<{ status: number; body: T }>;
}

export function useSite(): SiteEnv {
  const env = {} as SiteEnv;
  let token: string | undefined;
  beforeAll(async () => {
    env.server = await startServer();
    env.browser = await launchBrowser();
  });
  afterAll(async () => {
    await env.browser?.close();
    await env.server?.close();
  });
  env.url = (path) => env.server.url + path;
  env.open = async (width = 1280, opts = {}) => {
    const context = await env.browser.newContext({ viewport: { width, height: width < 768 ? 780 : 900 }, ...opts });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    return { page, errors, close: () => context.close() };
  };
  env.api = async <T>(path: string, init: { method?: string; body?: unknown; token?: string } = {}) => {
    const res = await fetch(env.server.url + path, {
      method: init.method ?? 'GET',
      headers: {
        ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
      },
      body: init.body !== undefined ? JSON.stringify(init.body) : undefined,
    });
    const text = await res.text();
    return { status: res.status, body: (text ? JSON.parse(text) : null) as T };
  };
  env.adminToken = async () => {
    if (token) return token;
    const res = await env.api<{ token: string }>('/api/auth/login', { method: 'POST', body: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD } });
    if (res.status !== 200) throw new Error(`admin login failed: ${res.status}`);
    token = res.body.token;
    return token;
  };
  return env;
}

/** Loads a page and waits until React has hydrated it. */
export async function gotoReady(page: Page, url: string) {
  const res = await page.goto(url);
  await page.waitForSelector('html[data-hydrated="true"]', { timeout: 15_000 });
  // The landing page hydrates section by section; wait for the last one.
  if (/^(\/(ru|zh|de|fr|th))?\/?$/.test(new URL(page.url()).pathname)) await page.waitForSelector('html[data-sections="ready"]', { timeout: 15_000 });
  return res;
}

/** Waits until a section sits at the top of the viewport (below the sticky header). */
export async function waitScrolledTo(page: Page, selector: string) {
  await page.waitForFunction(
    (sel) => {
      const el = document.querySelector(sel);
      if (!el) return false;
      const top = el.getBoundingClientRect().top;
      return top >= -2 && top < 120;
    },
    selector,
    { timeout: 5_000 },
  );
}

const require = createRequire(import.meta.url);
let axeSource: string | undefined;

/** Runs axe-core in the page (evaluated, since the CSP blocks inline script tags). */
export async function axeViolations(page: Page) {
  axeSource ??= fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
  // Colours are judged as painted: a card fading in (the reviews carousel) is pale for half a
  // second, so finite animations are let finish first (never-ending ones, like a spinner, not).
  await page.evaluate(() =>
    Promise.race([
      Promise.all(
        document
          .getAnimations()
          .filter((a) => a.effect?.getTiming().iterations !== Infinity)
          .map((a) => a.finished.catch(() => undefined)),
      ),
      new Promise((r) => setTimeout(r, 2000)),
    ]),
  );
  await page.evaluate(axeSource);
  const result = await page.evaluate(async () => {
    // Third-party frames (the map) cannot be inspected; everything else is.
    const r = await (
      window as unknown as {
        axe: { run: (ctx: unknown, opts: unknown) => Promise<{ violations: { id: string; impact: string; help: string; nodes: { target: unknown }[] }[] }> };
      }
    ).axe.run(document, {
      iframes: false,
      resultTypes: ['violations'],
    });
    return r.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.map((n) => JSON.stringify(n.target)).slice(0, 5) }));
  });
  return result.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
