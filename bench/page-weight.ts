// npm run bench:weight: the JavaScript every public page type makes a phone download (issue 24,
// point 1), against the production build with the demo content. For /, /booking, /blog, an
// article, an order page and a booking's manage page, in each of the six languages: script files
// and compressed bytes after load (before any interaction) and after scrolling to the bottom, at
// 375 × 812 in the system Chromium with the cache disabled. Prints a table, writes
// bench/.tmp/page-weight.md. Exit code: 0 when every page is within BUDGET_KB (100) after
// scrolling and BUDGET_FILES (8) before interaction, 1 when one is over (or the run failed).
// WEIGHT_DETAILS=1 lists each page's script files; WEIGHT_LANGS and WEIGHT_PAGES pick a subset.
// The back office (issue 46) is measured the same way, signed in as the admin, in French: the
// dashboard (the first screen after sign-in) against ADMIN_WEIGHT_BUDGET_KB (150), the other
// screens reported (WEIGHT_PAGES=admin for them alone).
import fs from 'node:fs';
import { chromium } from 'playwright-core';
import { LANGUAGES } from '../src/shared/i18n/languages';
import { ADMIN_WEIGHT_BUDGET_KB, kb, measurePageWeight, overBudget, WEIGHT_BUDGET, type PageWeight } from '../tests/helpers/page-weight';
import { pageTypes } from './demo-pages';
import { requireBuild, startProductionServer } from './production-server';

const CHROME = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const BUDGET = { kb: Number(process.env.BUDGET_KB ?? WEIGHT_BUDGET.kb), files: Number(process.env.BUDGET_FILES ?? WEIGHT_BUDGET.files) };
const DETAILS = process.env.WEIGHT_DETAILS === '1';
// Subsets for a quick look: WEIGHT_LANGS=en,th WEIGHT_PAGES=landing,article.
const LANGS = process.env.WEIGHT_LANGS ? process.env.WEIGHT_LANGS.split(',') : [...LANGUAGES];
const PAGES = process.env.WEIGHT_PAGES?.split(',');

// The desk's screens on a phone; the dashboard first (the budget's page).
const ADMIN_SCREENS = [
  '/admin/dashboard',
  '/admin/reservations',
  '/admin/orders',
  '/admin/arrivals',
  '/admin/messages',
  '/admin/clients',
  '/admin/planning',
  '/admin/settings',
  '/admin/settings/general',
  '/admin/blog/new',
];

async function adminToken(base: string): Promise<string> {
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: process.env.ADMIN_EMAIL ?? 'admin@example.com', password: 'bench-admin-pw' }),
  });
  if (!res.ok) throw new Error(`sign-in for the back office: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { token: string }).token;
}

const short = (p: string) => p.replace(/\/(order|manage)\/[A-Za-z0-9_-]+$/, '/$1/<token>');

function report(rows: { type: string; lang: string; path: string; w: PageWeight; over: string[] }[]): string {
  const head = [
    '| page | language | path | files before interaction | KB before interaction | files after scrolling | KB after scrolling | KB after scrolling with headers | budget |',
    '|---|---|---|---|---|---|---|---|---|',
  ];
  const lines = rows.map(
    (r) =>
      `| ${r.type} | ${r.lang} | ${short(r.path)} | ${r.w.initial.files} | ${kb(r.w.initial.bytes)} | ${r.w.scrolled.files} | ${kb(r.w.scrolled.bytes)} | ${kb(r.w.scrolled.transferred)} | ${r.over.length === 0 ? 'within' : 'over'} |`,
  );
  return [...head, ...lines].join('\n');
}

async function main() {
  requireBuild('bench:weight');
  if (!fs.existsSync(CHROME)) throw new Error(`Chromium not found at ${CHROME}: install it (apt-get install chromium) or set CHROMIUM_PATH.`);
  const server = await startProductionServer('gym-weight-');
  const browser = await chromium.launch({
    executablePath: CHROME,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run'],
  });
  const rows: { type: string; lang: string; path: string; w: PageWeight; over: string[] }[] = [];
  try {
    const types = await pageTypes(server.base, server.dataDir);
    for (const t of types.filter((x) => !PAGES || PAGES.includes(x.type))) {
      for (const lang of LANGS) {
        const p = lang === 'en' ? t.path : `/${lang}${t.path === '/' ? '/' : t.path}`;
        const w = await measurePageWeight(browser, server.base + p, { locale: lang === 'en' ? 'en-US' : lang });
        const over = overBudget(w, BUDGET);
        rows.push({ type: t.type, lang, path: p, w, over });
        console.log(
          `${short(p)}: ${w.initial.files} files / ${kb(w.initial.bytes)} KB before interaction, ${w.scrolled.files} files / ${kb(w.scrolled.bytes)} KB after scrolling${over.length ? ` — over: ${over.join('; ')}` : ''}`,
        );
        if (DETAILS) for (const s of w.scrolled.scripts) console.log(`    ${kb(s.bytes)} KB (${kb(s.transferred)} with headers) ${new URL(s.url).pathname}`);
      }
    }
    if (!PAGES || PAGES.includes('admin')) {
      const token = await adminToken(server.base);
      for (const p of ADMIN_SCREENS) {
        const w = await measurePageWeight(browser, server.base + p, { locale: 'fr-FR', token, ready: (page) => page.locator('main h1').first().waitFor() });
        const first = p === ADMIN_SCREENS[0];
        const over = first && kb(w.scrolled.bytes) > ADMIN_WEIGHT_BUDGET_KB ? [`${kb(w.scrolled.bytes)} KB (budget ${ADMIN_WEIGHT_BUDGET_KB} KB)`] : [];
        rows.push({ type: first ? 'admin (first screen)' : 'admin', lang: 'fr', path: p, w, over });
        console.log(
          `${p}: ${w.initial.files} files / ${kb(w.initial.bytes)} KB before interaction, ${kb(w.scrolled.bytes)} KB after scrolling${over.length ? ` — over: ${over.join('; ')}` : ''}`,
        );
        if (DETAILS) for (const s of w.scrolled.scripts) console.log(`    ${kb(s.bytes)} KB ${new URL(s.url).pathname}`);
      }
    }
  } finally {
    await browser.close();
    server.stop();
  }
  const table = report(rows);
  const over = rows.filter((r) => r.over.length > 0).length;
  const verdict =
    over === 0
      ? `Every page within ${BUDGET.kb} KB after scrolling and ${BUDGET.files} script files before interaction; the back office's first screen within ${ADMIN_WEIGHT_BUDGET_KB} KB.`
      : `${over} of ${rows.length} pages over the budget (public pages: ${BUDGET.kb} KB after scrolling, ${BUDGET.files} script files before interaction; the back office's first screen: ${ADMIN_WEIGHT_BUDGET_KB} KB).`;
  console.log(`\nJavaScript transferred at 375 × 812, cache disabled (KB = 1,000 bytes of compressed bodies):\n${table}\n\n${verdict}`);
  fs.mkdirSync('bench/.tmp', { recursive: true });
  fs.writeFileSync('bench/.tmp/page-weight.md', `${table}\n\n${verdict}\n`);
  if (over > 0) process.exitCode = 1;
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
