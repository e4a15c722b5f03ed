import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Browser, BrowserContextOptions, Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { useBrowserSuite, VIEWPORTS, type OpenPage } from '../helpers/fixture';
import { ADMIN_EMAIL, ADMIN_PASSWORD, type RunningServer } from '../helpers/server';

// The public site's suites: the shared browser fixture, pages by width, and the API as a visitor.

export interface SiteEnv {
  server: RunningServer;
  browser: Browser;
  url: (path: string) => string;
  /** A fresh page at the given width; `errors` collects uncaught page errors. */
  open: (width?: number, opts?: BrowserContextOptions) => Promise<OpenPage>;
  /** An admin bearer token, for checking what the public forms stored. */
  adminToken: () => Promise<string>;
  api: <T>(path: string, init?: { method?: string; body?: unknown; token?: string }) => Promise<{ status: number; body: T }>;
}

export function useSite(): SiteEnv {
  const suite = useBrowserSuite();
  let token: string | undefined;
  const env: SiteEnv = {
    server: suite.server,
    browser: suite.browser,
    url: suite.url,
    open: (width = VIEWPORTS.desktop.width, opts = {}) => suite.page({ width, ...opts }),
    async api<T>(path: string, init: { method?: string; body?: unknown; token?: string } = {}) {
      const res = await fetch(suite.url(path), {
        method: init.method ?? 'GET',
        headers: {
          ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}),
          ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
        },
        body: init.body !== undefined ? JSON.stringify(init.body) : undefined,
      });
      const text = await res.text();
      return { status: res.status, body: (text ? JSON.parse(text) : null) as T };
    },
    async adminToken() {
      if (token) return token;
      const res = await env.api<{ token: string }>('/api/auth/login', { method: 'POST', body: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD } });
      if (res.status !== 200) throw new Error(`admin login failed: ${res.status}`);
      token = res.body.token;
      return token;
    },
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

/**
 * Brings an island that hydrates when near the viewport (the reviews, the gallery) into view
 * and waits until it is interactive (src/web/islands/boot.ts marks it).
 */
export async function wakeIsland(page: Page, name: string) {
  // Its first child with a box (the gallery's carousel is hidden on desktop, its grid on phones).
  await page.evaluate((n) => {
    const island = document.querySelector(`[data-island="${n}"]`);
    const shown = [...(island?.children ?? [])].find((c) => c.getClientRects().length > 0);
    if (!shown) throw new Error(`island ${n} has nothing shown`);
    shown.scrollIntoView({ block: 'center', behavior: 'instant' });
  }, name);
  await page.locator(`[data-island="${name}"][data-hydrated="true"]`).waitFor({ state: 'attached', timeout: 15_000 });
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

/**
 * After page.clock.runFor: lets the page render what the timers it ran set off (React renders in
 * a task of its own), so a check that nothing changed cannot look too early.
 */
export const settle = (page: Page) => page.evaluate(() => new Promise((r) => setTimeout(r, 100)));

/**
 * Scrolls down one step at a time, as a visitor would, until the bottom holds still (content
 * loaded on the way down can make the page longer). A step waits for two frames, by which the
 * observers of what came into view have run and started loading it; at the bottom, three checks
 * 150 ms apart (the waits the steps used to make each, where only the last ones matter).
 */
export async function scrollToBottom(page: Page) {
  let stillAtBottom = 0;
  for (let i = 0; i < 200 && stillAtBottom < 3; i++) {
    const atBottom = await page.evaluate(async () => {
      window.scrollBy({ top: Math.round(window.innerHeight * 0.7), behavior: 'instant' });
      await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
      return window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 2;
    });
    stillAtBottom = atBottom ? stillAtBottom + 1 : 0;
    if (atBottom) await sleep(150);
  }
  expect(stillAtBottom).toBe(3);
}

/**
 * Holds the requests matching `pattern` until released (a screen stays loading, an island
 * waits for its code), then lets them through or answers `answer`; counts them.
 */
export async function hold(page: Page, pattern: string, answer?: { status: number; body: string }) {
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  let seen = 0;
  await page.route(pattern, async (route) => {
    seen++;
    await held;
    if (answer) await route.fulfill({ status: answer.status, contentType: 'application/json', body: answer.body });
    else await route.continue();
  });
  return { release: () => release(), seen: () => seen };
}

/** The scripts the page has loaded so far: path and bytes over the wire (0 when from the cache). */
export const scriptsLoaded = (page: Page) =>
  page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((e) => e as PerformanceResourceTiming)
      .filter((e) => new URL(e.name).pathname.endsWith('.js'))
      .map((e) => ({ url: new URL(e.name).pathname, bytes: e.transferSize })),
  );

export interface ContactFields {
  first: string;
  last: string;
  email: string;
  phone?: string;
  message: string;
}

/** Types a message into the landing page's contact form, field by field as a visitor would. */
export async function fillContactForm(form: Locator, fields: ContactFields) {
  await form.getByLabel('First name').fill(fields.first);
  await form.getByLabel('Last name').fill(fields.last);
  await form.getByLabel('Email', { exact: true }).fill(fields.email);
  if (fields.phone !== undefined) await form.getByLabel('Phone').fill(fields.phone);
  await form.getByLabel('Message').fill(fields.message);
}
