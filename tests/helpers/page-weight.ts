import type { Browser, CDPSession, Page } from 'playwright-core';

// How much JavaScript a public page makes a phone download (issue 24, point 1): bench:weight
// prints it for every page and language; a browser-suite guard can assert the same figures.
// Counted through the Chrome DevTools Protocol in a fresh browser context (its HTTP cache starts
// empty): every response whose MIME type names JavaScript or whose path ends in .js/.mjs, that
// came over the network. A file fetched ahead (rel=prefetch) and then imported from the cache
// counts once, as a phone downloads it once (decision 123). Its compressed
// body (Network.loadingFinished encodedDataLength less the response headers' bytes) is what the
// budget counts; the bytes with headers (DevTools' "transferred") are kept beside it.
// Reasons: docs/decisions/pending-page-weight-measure.md.

/** Issue 46's budget of the back office: compressed JavaScript of the first screen after sign-in (the dashboard), after scrolling. */
export const ADMIN_WEIGHT_BUDGET_KB = 150;

/** Issue 24's budgets (the JavaScript one raised to 101 KB by decision 176): compressed JavaScript after scrolling, files before any interaction. */
export const WEIGHT_BUDGET = { kb: 101, files: 8 } as const;

export interface ScriptFile {
  url: string;
  /** The compressed body's bytes, as served (brotli or gzip). */
  bytes: number;
  /** Bytes received: the body and the response headers. */
  transferred: number;
}

export interface WeightStage {
  files: number;
  /** Sum of the files' compressed bodies: the budget's figure. */
  bytes: number;
  /** Sum of the files' bytes with headers. */
  transferred: number;
  scripts: ScriptFile[];
}

export interface PageWeight {
  url: string;
  /** After the load event and network idle, before any interaction. */
  initial: WeightStage;
  /** After scrolling to the bottom step by step and network idle again (includes `initial`). */
  scrolled: WeightStage;
}

export interface WeightOptions {
  width?: number;
  height?: number;
  /** The browser's language (Accept-Language); English unless told. */
  locale?: string;
  /** Pixels per scroll step and the pause after each (a visitor reading, not a jump). */
  scrollStep?: number;
  scrollPauseMs?: number;
  /** How long the network must stay quiet to count as idle, and the longest wait for that. */
  idleMs?: number;
  idleTimeoutMs?: number;
  /** Signed in to the back office: this session token is in localStorage before the first script. */
  token?: string;
  /**
   * Resolves once the page shows what it is for (a client-rendered screen loads its code after
   * the load event). Unless told, a public page's hydration mark: its islands' code is asked for
   * after the first paint, which a busy machine can hold back past a quiet network.
   */
  ready?: (page: Page) => Promise<unknown>;
}

/** KB as DevTools prints it (1 KB = 1,000 bytes), one decimal. */
export const kb = (bytes: number): number => Math.round(bytes / 100) / 10;

const isScript = (url: string, mime: string) => /javascript|ecmascript/i.test(mime) || /\.m?js$/i.test(new URL(url).pathname);

/** Scripts seen by a CDP session: requests in flight, and finished script responses by request id. */
class ScriptLog {
  private readonly inFlight = new Set<string>();
  private readonly meta = new Map<string, { url: string; script: boolean; headerBytes: number; cached: boolean }>();
  readonly finished = new Map<string, ScriptFile>();
  lastActivity = Date.now();

  constructor(cdp: CDPSession) {
    cdp.on('Network.requestWillBeSent', (e) => {
      this.inFlight.add(e.requestId);
      this.lastActivity = Date.now();
    });
    cdp.on('Network.responseReceived', (e) => {
      // At the response, the bytes received so far are its headers.
      const cached = Boolean(e.response.fromDiskCache || e.response.fromPrefetchCache || e.response.fromServiceWorker);
      this.meta.set(e.requestId, {
        url: e.response.url,
        script: isScript(e.response.url, e.response.mimeType),
        headerBytes: e.response.encodedDataLength,
        cached,
      });
    });
    cdp.on('Network.loadingFinished', (e) => {
      this.done(e.requestId);
      const m = this.meta.get(e.requestId);
      if (m?.script && !m.cached) this.finished.set(e.requestId, { url: m.url, bytes: e.encodedDataLength - m.headerBytes, transferred: e.encodedDataLength });
    });
    cdp.on('Network.loadingFailed', (e) => this.done(e.requestId));
  }

  private done(id: string) {
    this.inFlight.delete(id);
    this.lastActivity = Date.now();
  }

  /** Resolves once no request has been in flight for `quietMs` (or after `timeoutMs`). */
  async idle(quietMs: number, timeoutMs: number): Promise<void> {
    const end = Date.now() + timeoutMs;
    while (Date.now() < end) {
      if (this.inFlight.size === 0 && Date.now() - this.lastActivity >= quietMs) return;
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  snapshot(): WeightStage {
    const scripts = [...this.finished.values()];
    const sum = (k: 'bytes' | 'transferred') => scripts.reduce((n, s) => n + s[k], 0);
    // A file is counted once however often it was asked for; every byte received is counted.
    return { files: new Set(scripts.map((s) => s.url)).size, bytes: sum('bytes'), transferred: sum('transferred'), scripts };
  }
}

/** Scrolls like a reader (wheel steps with pauses) to the bottom; false when it was already there. */
async function scrollToBottom(page: Page, step: number, pauseMs: number): Promise<boolean> {
  for (let i = 0; i < 400; i++) {
    const atBottom = await page.evaluate(() => window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 2);
    if (atBottom) return i > 0;
    await page.mouse.wheel(0, step);
    await page.waitForTimeout(pauseMs);
  }
  return true;
}

/**
 * Opens `url` in a fresh context (nothing cached, no service worker) at phone size and measures
 * the JavaScript transferred before any interaction and after scrolling to the bottom.
 */
export async function measurePageWeight(browser: Browser, url: string, options: WeightOptions = {}): Promise<PageWeight> {
  const { width = 375, height = 812, locale = 'en-US', scrollStep = 400, scrollPauseMs = 150, idleMs = 800, idleTimeoutMs = 20_000, token } = options;
  const ready = options.ready ?? ((page: Page) => page.waitForSelector('html[data-hydrated="true"]', { state: 'attached', timeout: idleTimeoutMs }));
  const context = await browser.newContext({
    viewport: { width, height },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale,
    serviceWorkers: 'block',
  });
  try {
    if (token) {
      await context.addInitScript((t) => {
        if (window.top === window) localStorage.setItem('token', t);
      }, token);
    }
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    const log = new ScriptLog(cdp);
    await cdp.send('Network.enable');
    const res = await page.goto(url, { waitUntil: 'load' });
    if (!res || res.status() >= 400) throw new Error(`${url} answered ${res?.status() ?? 'nothing'}`);
    await ready(page);
    await log.idle(idleMs, idleTimeoutMs);
    const initial = log.snapshot();
    // Content that loads at the bottom can make the page longer: scroll again until it stays put.
    for (let round = 0; round < 3; round++) {
      if (!(await scrollToBottom(page, scrollStep, scrollPauseMs))) break;
      await log.idle(idleMs, idleTimeoutMs);
    }
    return { url, initial, scrolled: log.snapshot() };
  } finally {
    await context.close();
  }
}

/** What goes over the budget, in words (empty when within it). */
export function overBudget(w: PageWeight, budget: { kb: number; files: number } = WEIGHT_BUDGET): string[] {
  const out: string[] = [];
  if (kb(w.scrolled.bytes) > budget.kb) out.push(`${kb(w.scrolled.bytes)} KB of JavaScript after scrolling (budget ${budget.kb} KB)`);
  if (w.initial.files > budget.files) out.push(`${w.initial.files} script files before any interaction (budget ${budget.files})`);
  return out;
}
