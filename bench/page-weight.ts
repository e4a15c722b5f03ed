// npm run bench:weight: the JavaScript every public page type makes a phone download (issue 24,
// point 1), against the production build with the demo content. For /, /booking, /blog, an
// article, an order page and a booking's manage page, in each of the six languages: script files
// and compressed bytes after load (before any interaction) and after scrolling to the bottom, at
// 375 × 812 in the system Chromium with the cache disabled. Prints a table, writes
// bench/.tmp/page-weight.md. Exit code: 0 when every page is within BUDGET_KB (100) after
// scrolling and BUDGET_FILES (8) before interaction, 1 when one is over (or the run failed).
// WEIGHT_DETAILS=1 lists each page's script files; WEIGHT_LANGS and WEIGHT_PAGES pick a subset.
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { LANGUAGES } from '../src/shared/i18n/languages';
import { kb, measurePageWeight, overBudget, WEIGHT_BUDGET, type PageWeight } from '../tests/helpers/page-weight';
import { requireBuild, startProductionServer } from './production-server';

const CHROME = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const BUDGET = { kb: Number(process.env.BUDGET_KB ?? WEIGHT_BUDGET.kb), files: Number(process.env.BUDGET_FILES ?? WEIGHT_BUDGET.files) };
const DETAILS = process.env.WEIGHT_DETAILS === '1';
// Subsets for a quick look: WEIGHT_LANGS=en,th WEIGHT_PAGES=landing,article.
const LANGS = process.env.WEIGHT_LANGS ? process.env.WEIGHT_LANGS.split(',') : [...LANGUAGES];
const PAGES = process.env.WEIGHT_PAGES?.split(',');

async function api<T>(base: string, url: string, init?: { method: string; body: unknown }): Promise<T> {
  const res = await fetch(base + url, init && { method: init.method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(init.body) });
  if (!res.ok) throw new Error(`${init?.method ?? 'GET'} ${url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** Today at the gym (the order's first day), from the server's own session list. */
const gymDay = (instant: string, zone: string) => new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(new Date(instant));

/** A raw e-mail's text, quoted-printable and base64 parts decoded enough to find a link. */
function mailText(raw: string): string {
  const qp = raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_m, h: string) => String.fromCharCode(parseInt(h, 16)));
  const b64 = [...raw.matchAll(/base64\r?\n\r?\n([A-Za-z0-9+/=\r\n]+)/g)].map((m) => Buffer.from(m[1].replace(/\s+/g, ''), 'base64').toString('utf8'));
  return [qp, ...b64].join('\n');
}

/** The manage link is only e-mailed: with no SMTP_URL the outbox writes DATA_DIR/outbox/<id>.eml. */
async function manageTokenFromMail(dataDir: string, email: string): Promise<string> {
  const dir = path.join(dataDir, 'outbox');
  const end = Date.now() + 20_000;
  while (Date.now() < end) {
    for (const f of fs.existsSync(dir) ? fs.readdirSync(dir).filter((n) => n.endsWith('.eml')) : []) {
      const text = mailText(fs.readFileSync(path.join(dir, f), 'utf8'));
      if (!text.includes(email)) continue;
      const token = /\/booking\/manage\/([A-Za-z0-9_-]+)/.exec(text)?.[1];
      if (token) return token;
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`no confirmation e-mail with a manage link for ${email} in ${dir}`);
}

/** One path per public page type (English paths; the other languages add their prefix). */
async function pageTypes(base: string, dataDir: string): Promise<{ type: string; path: string }[]> {
  const posts = await api<{ slug: string }[]>(base, '/api/blog-posts?published=true');
  if (posts.length === 0) throw new Error('the demo content has no published article');
  const { sessions, timezone } = await api<{ timezone: string; sessions: { course: string; startsAt: string; full: boolean }[] }>(base, '/api/sessions');
  const session = sessions.find((s) => !s.full && Date.parse(s.startsAt) > Date.now() + 3 * 3600_000);
  if (!session) throw new Error('no bookable session in the demo timetable');
  const email = `weight-${Date.now()}@example.com`;
  await api(base, '/api/reservations', {
    method: 'POST',
    body: { name: 'Page Weight', email, phone: null, course: session.course, dateTime: session.startsAt, message: null },
  });
  // A pass paid at the desk needs no payment settings; the answer carries the order page's token.
  const order = await api<{ token: string }>(base, '/api/orders', {
    method: 'POST',
    body: {
      passId: 'week-single.muay-thai',
      startDate: gymDay(new Date().toISOString(), timezone),
      name: 'Page Weight',
      email: `order-${email}`,
      phone: null,
      language: 'en',
      method: 'desk',
    },
  });
  const manage = await manageTokenFromMail(dataDir, email);
  return [
    { type: 'landing', path: '/' },
    { type: 'booking', path: '/booking' },
    { type: 'blog', path: '/blog' },
    { type: 'article', path: `/blog/${posts[0].slug}` },
    { type: 'order', path: `/booking/order/${order.token}` },
    { type: 'manage', path: `/booking/manage/${manage}` },
  ];
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
  } finally {
    await browser.close();
    server.stop();
  }
  const table = report(rows);
  const over = rows.filter((r) => r.over.length > 0).length;
  const verdict =
    over === 0
      ? `Every page within ${BUDGET.kb} KB after scrolling and ${BUDGET.files} script files before interaction.`
      : `${over} of ${rows.length} pages over the budget (${BUDGET.kb} KB after scrolling, ${BUDGET.files} script files before interaction).`;
  console.log(`\nJavaScript transferred at 375 × 812, cache disabled (KB = 1,000 bytes of compressed bodies):\n${table}\n\n${verdict}`);
  fs.mkdirSync('bench/.tmp', { recursive: true });
  fs.writeFileSync('bench/.tmp/page-weight.md', `${table}\n\n${verdict}\n`);
  if (over > 0) process.exitCode = 1;
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
