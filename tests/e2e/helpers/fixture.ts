import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import type { Config } from '../../../src/server/config';
import { setupAccounts, signedInContext } from './accounts';
import { launchBrowser } from './browser';
import { startServer, type RunningServer } from './server';

// One fixture for every browser suite: a server per test file and a browser per worker (the suite
// must stay fast on 2 cores), the accounts to sign in with, and contexts at a given width and time zone.

/** The screens the suites look at. Phones below 768 px get a shorter window, as they have. */
export const VIEWPORTS = {
  narrowest: { width: 320, height: 640 },
  phone: { width: 375, height: 800 },
  tablet: { width: 768, height: 1024 },
  desktop: { width: 1280, height: 900 },
  wide: { width: 1920, height: 1080 },
} as const;

/** The two widths every back-office screen is checked at: a phone and a desktop. */
export const WIDTHS = [
  { name: 'phone', viewport: VIEWPORTS.phone },
  { name: 'desktop', viewport: VIEWPORTS.desktop },
] as const;

/** The gym's zone (SPEC.md §9) and the visitors' zones a suite books or reads times from. */
export const GYM_ZONE = 'Asia/Bangkok';
export const TIME_ZONES = [GYM_ZONE, 'UTC', 'Europe/Berlin', 'America/New_York'] as const;

export type Account = 'admin' | 'staff';

export interface ContextOptions extends BrowserContextOptions {
  /** Signed in before the first page script runs: an account of the suite, or any token. */
  as?: Account | { token: string };
  /** A window this wide (height by the width, as the site suites always had); `viewport` wins. */
  width?: number;
  /** The browser's time zone (timezoneId); the server's machine zone is not changed. */
  timeZone?: string;
}

export interface OpenPage {
  page: Page;
  /** Uncaught page errors, for `expect(errors).toEqual([])`. */
  errors: string[];
  close: () => Promise<void>;
}

export interface BrowserSuite {
  /** The running server; usable in hooks and tests (not at collection time). */
  readonly server: RunningServer;
  readonly browser: Browser;
  /** Bearer tokens of the seeded admin and the suite's staff member (with `accounts: true`). */
  readonly tokens: { readonly admin: string; readonly staff: string };
  url: (path: string) => string;
  context: (opts?: ContextOptions) => Promise<BrowserContext>;
  page: (opts?: ContextOptions) => Promise<OpenPage>;
}

export interface SuiteOptions {
  /** Config overrides; a function is read when the server starts (after the suite's earlier hooks, e.g. an SMTP peer). */
  server?: Partial<Config> | (() => Partial<Config>);
  /** false: an empty gym (no demo content), only the admin; 'full': the whole demo gym (default: its blog and gallery). */
  seedDemo?: boolean | 'full';
  /** Make the staff account and sign both accounts in (tokens). */
  accounts?: boolean;
  /** The server's clock (buildApp's `now`): the reads and jobs that take one see this time. */
  now?: () => Date;
}

/** A viewport for a width: 780 px high below 768, 900 from there. */
export const viewportFor = (width: number) => ({ width, height: width < 768 ? 780 : 900 });

/**
 * Stands in for a value that exists only once the suite's beforeAll has run, so a suite can write
 * `const { server, browser } = useBrowserSuite()` at the top of its describe.
 */
function late<T extends object>(what: string, get: () => T | undefined): T {
  return new Proxy({} as T, {
    get(_, prop) {
      const target = get();
      if (!target) throw new Error(`the suite's ${what} is not started yet: use it inside a hook or a test`);
      const value = Reflect.get(target, prop, target);
      // Methods of a class (the browser's) keep their object; own functions are handed as they are.
      return typeof value === 'function' && !Object.prototype.hasOwnProperty.call(target, prop) ? value.bind(target) : value;
    },
  });
}

/**
 * One Chromium per worker process. The workers keep their modules from one file to the next
 * (isolate: false in vitest.e2e.config.ts), so the browser launched for a worker's first file
 * serves the next ones; every file still works in contexts of its own, all closed after it. A
 * browser that went away (a crash) is launched again for the next file.
 */
let workerBrowser: Promise<Browser> | undefined;
function sharedBrowser(): Promise<Browser> {
  if (!workerBrowser) {
    const launched = launchBrowser();
    workerBrowser = launched;
    launched.then(
      (b) => b.on('disconnected', () => (workerBrowser = workerBrowser === launched ? undefined : workerBrowser)),
      () => (workerBrowser = workerBrowser === launched ? undefined : workerBrowser),
    );
  }
  return workerBrowser;
}

/** Registers the suite's beforeAll (server, browser, accounts) and afterAll (closing the server and the suite's contexts). */
export function useBrowserSuite(opts: SuiteOptions = {}): BrowserSuite {
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  let tokens: { adminToken: string; staffToken: string } | undefined;

  beforeAll(async () => {
    const overrides = typeof opts.server === 'function' ? opts.server() : (opts.server ?? {});
    [server, browser] = await Promise.all([startServer(overrides, { seedDemo: opts.seedDemo, now: opts.now }), sharedBrowser()]);
    if (opts.accounts) tokens = await setupAccounts(server);
  });
  afterAll(async () => {
    if (browser?.isConnected()) await Promise.all(browser.contexts().map((c) => c.close()));
    await server?.close();
  });

  const token = (who: Account) => {
    if (!tokens) throw new Error('no accounts: pass { accounts: true } to useBrowserSuite');
    return who === 'admin' ? tokens.adminToken : tokens.staffToken;
  };
  const suite: BrowserSuite = {
    server: late('server', () => server),
    browser: late('browser', () => browser),
    tokens: {
      get admin() {
        return token('admin');
      },
      get staff() {
        return token('staff');
      },
    },
    url: (path) => suite.server.url + path,
    async context({ as, width, timeZone, ...options } = {}) {
      const viewport = options.viewport ?? (width ? viewportFor(width) : VIEWPORTS.desktop);
      const zone = timeZone ? { timezoneId: timeZone } : {};
      if (as) return signedInContext(suite.browser, typeof as === 'string' ? token(as) : as.token, viewport, { ...zone, ...options });
      return suite.browser.newContext({ ...options, ...zone, viewport });
    },
    async page(opts = {}) {
      const context = await suite.context(opts);
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      return { page, errors, close: () => context.close() };
    },
  };
  return suite;
}
