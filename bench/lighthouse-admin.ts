// npm run bench:lighthouse-admin: Lighthouse (mobile preset, its default throttling) on the back
// office's dashboard, signed in as a staff member, with the system Chromium. Issue 46 point 4:
// performance ≥ 90 and accessibility 100. LH_RUNS (3) runs; prints each run, the median
// performance and the lowest accessibility, and the accessibility audits that failed.
// By default it starts the production build with the demo content (`npm run build` first), makes
// a staff account with the seeded admin and signs it in. LH_BASE=http://host:port measures a
// server already running instead, signing in with LH_EMAIL and LH_PASSWORD (an admin: a staff
// account is made with it). LH_JSON=file keeps the last run's report. Exit code 1 when the target is not met.
// The session is the back office's own: its token in localStorage, put there through the same
// Chromium before Lighthouse loads the page (Lighthouse told not to clear the storage).
import fs from 'node:fs';
import os from 'node:os';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { requireBuild, startProductionServer, type ProductionServer } from './production-server';

const CHROME = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const RUNS = Number(process.env.LH_RUNS ?? 3);
const TARGET = { performance: 90, accessibility: 100 };
const PATH = '/admin/dashboard';

async function post<T>(base: string, path: string, body: unknown, token?: string): Promise<T> {
  const res = await fetch(base + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** A staff account made by the admin, signed in: its token. */
async function staffToken(base: string, adminEmail: string, adminPassword: string): Promise<string> {
  const { token } = await post<{ token: string }>(base, '/api/auth/login', { email: adminEmail, password: adminPassword });
  const email = `lighthouse-${Date.now()}@example.com`;
  const password = 'lighthouse-staff-pw';
  await post(base, '/api/auth/register', { email, name: 'Desk Lighthouse', password, role: 'staff', isActive: true }, token);
  return (await post<{ token: string }>(base, '/api/auth/login', { email, password })).token;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function main() {
  let server: ProductionServer | undefined;
  let base = process.env.LH_BASE;
  let email = process.env.LH_EMAIL ?? '';
  let password = process.env.LH_PASSWORD ?? '';
  if (!base) {
    requireBuild('bench:lighthouse-admin');
    email = 'bench-admin@example.com';
    process.env.ADMIN_EMAIL = email;
    server = await startProductionServer('gym-lh-admin-');
    base = server.base;
    password = 'bench-admin-pw';
  }
  const chrome = await chromeLauncher.launch({ chromePath: CHROME, chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'] });
  try {
    const token = await staffToken(base, email, password);
    // The token in the profile's localStorage, as the sign-in screen leaves it.
    const cdp = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
    const page = await cdp.contexts()[0].newPage();
    await page.goto(`${base}/admin/login`);
    await page.evaluate((t) => localStorage.setItem('token', t), token);
    // Storage is kept for the session, so the HTTP cache is emptied by hand: each run a first visit.
    const session = await page.context().newCDPSession(page);

    const perf: number[] = [];
    const a11y: number[] = [];
    const failed = new Set<string>();
    for (let i = 0; i < RUNS; i++) {
      await session.send('Network.clearBrowserCache');
      const result = await lighthouse(`${base}${PATH}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility'],
        disableStorageReset: true,
      });
      const lhr = result?.lhr;
      if (!lhr) throw new Error('Lighthouse gave no result');
      if (process.env.LH_JSON) fs.writeFileSync(process.env.LH_JSON, JSON.stringify(lhr));
      if (!lhr.finalDisplayedUrl.endsWith(PATH)) throw new Error(`not signed in: Lighthouse ended on ${lhr.finalDisplayedUrl}`);
      const p = Math.round((lhr.categories.performance.score ?? 0) * 100);
      const a = Math.round((lhr.categories.accessibility.score ?? 0) * 100);
      perf.push(p);
      a11y.push(a);
      for (const ref of lhr.categories.accessibility.auditRefs) {
        const audit = lhr.audits[ref.id];
        if (ref.weight > 0 && audit.score !== null && audit.score < 1) failed.add(`${ref.id}: ${audit.title}`);
      }
      const lcp = lhr.audits['largest-contentful-paint'].numericValue ?? 0;
      const tbt = lhr.audits['total-blocking-time'].numericValue ?? 0;
      console.log(
        `run ${i + 1} (load average ${os.loadavg()[0].toFixed(1)}): performance ${p}, accessibility ${a}, LCP ${(lcp / 1000).toFixed(2)} s, TBT ${Math.round(tbt)} ms`,
      );
    }
    const met = median(perf) >= TARGET.performance && Math.min(...a11y) >= TARGET.accessibility;
    console.log(
      `${PATH}: performance median ${median(perf)} (target ≥ ${TARGET.performance}), accessibility lowest ${Math.min(...a11y)} (target ${TARGET.accessibility})`,
    );
    for (const f of failed) console.log(`  accessibility audit failed: ${f}`);
    process.exitCode = met ? 0 : 1;
    await cdp.close();
  } finally {
    chrome.kill();
    server?.stop();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
