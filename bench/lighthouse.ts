// npm run bench:lighthouse: Lighthouse (mobile preset, its default throttling) against the
// production build with the demo content, with the system Chromium. By default the pages of issue
// 24 (/, /booking, /blog, an article, a pass order's page and a booking's manage page) in
// English, Russian, Chinese and Thai, LH_RUNS (5) runs each. Prints per page the median and lowest performance, the median and slowest LCP, and the
// lowest accessibility, best-practices and SEO scores, against the issue's target: performance
// median ≥ 98 and no run under 95, LCP ≤ 1.5 s in every run, the other three 100 in every run
// (on the noindex order and manage pages, every SEO audit but "is-crawlable").
// Exit code 1 when the target is not met on some page (or the run failed), 0 when it is.
// LH_PATHS=/,/ru/blog overrides the pages ("{article}", "{order}" and "{manage}" stand for a
// published article's slug, an order's and a booking's token, made on the demo content);
// LH_WRITE=1 adds a dated section with the table and every run to the top of bench/RESULTS.md.
// Each page's slowest run is kept as bench/.tmp/lighthouse_<page>.json.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { pageTypes } from './demo-pages';
import { requireBuild, startProductionServer } from './production-server';

const CHROME = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const RUNS = Number(process.env.LH_RUNS ?? 5);
const WRITE = process.env.LH_WRITE === '1';
const LANGS = ['en', 'ru', 'zh', 'th'];
const PAGES = ['/', '/booking', '/blog', '/blog/{article}', '/booking/order/{order}', '/booking/manage/{manage}'];
const DEFAULT_PATHS = LANGS.flatMap((l) => PAGES.map((p) => (l === 'en' ? p : `/${l}${p === '/' ? '/' : p}`)));
const PATHS = process.env.LH_PATHS ? process.env.LH_PATHS.split(',') : DEFAULT_PATHS;
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const TARGET = { medianPerformance: 98, lowestPerformance: 95, lcpMs: 1500, others: 100 };

interface Run {
  scores: Record<(typeof CATEGORIES)[number], number>;
  lcpMs: number;
  line: string;
  /** The SEO audits that failed (ids). */
  seoFailed: string[];
}

/**
 * Pages behind a token (an order, a booking) are `noindex` on purpose: a search engine must never
 * list someone's booking. Lighthouse's SEO category fails its "is-crawlable" audit there (score
 * 66); every other SEO audit must still pass, and that is their target.
 */
const PRIVATE_PAGE = /\/booking\/(order|manage)\//;
const seoMet = (path: string, run: Run) =>
  run.scores.seo >= TARGET.others || (PRIVATE_PAGE.test(path) && run.seoFailed.length === 1 && run.seoFailed[0] === 'is-crawlable');

interface PageResult {
  path: string;
  runs: Run[];
  medianPerf: number;
  lowestPerf: number;
  medianLcp: number;
  slowestLcp: number;
  lowest: Record<'accessibility' | 'best-practices' | 'seo', number>;
  met: boolean;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

function summarise(path: string, runs: Run[]): PageResult {
  const perf = runs.map((r) => r.scores.performance);
  const lcp = runs.map((r) => r.lcpMs);
  const lowest = {
    accessibility: Math.min(...runs.map((r) => r.scores.accessibility)),
    'best-practices': Math.min(...runs.map((r) => r.scores['best-practices'])),
    seo: Math.min(...runs.map((r) => r.scores.seo)),
  };
  const result = { path, runs, medianPerf: median(perf), lowestPerf: Math.min(...perf), medianLcp: median(lcp), slowestLcp: Math.max(...lcp), lowest };
  const met =
    result.medianPerf >= TARGET.medianPerformance &&
    result.lowestPerf >= TARGET.lowestPerformance &&
    result.slowestLcp <= TARGET.lcpMs &&
    lowest.accessibility >= TARGET.others &&
    lowest['best-practices'] >= TARGET.others &&
    runs.every((r) => seoMet(path, r));
  return { ...result, met };
}

function table(results: PageResult[]): string {
  return [
    '| page | performance median / lowest | LCP median / slowest | accessibility | best practices | SEO | target |',
    '|---|---|---|---|---|---|---|',
    ...results.map(
      (r) =>
        `| ${r.path} | ${r.medianPerf} / ${r.lowestPerf} | ${seconds(r.medianLcp)} / ${seconds(r.slowestLcp)} | ${r.lowest.accessibility} | ${r.lowest['best-practices']} | ${r.lowest.seo}${PRIVATE_PAGE.test(r.path) && r.runs.every((x) => seoMet(r.path, x)) && r.lowest.seo < TARGET.others ? ' (only noindex, on purpose)' : ''} | ${r.met ? 'met' : 'not met'} |`,
    ),
  ].join('\n');
}

/** A dated section at the top of bench/RESULTS.md (after its introduction): the table and every run. */
function writeResults(results: PageResult[], started: Date, load: string) {
  const file = 'bench/RESULTS.md';
  const text = fs.readFileSync(file, 'utf8');
  const at = text.indexOf('\n## ');
  const stamp = `${started.toISOString().slice(0, 10)} (${started.toISOString().slice(11, 16)} UTC)`;
  const runs = results.map((r) => `- ${r.path}: ${r.runs.map((x, i) => `run ${i + 1} ${x.line}`).join('; ')}`).join('\n');
  const section = [
    `## ${stamp} — \`npm run bench:lighthouse\`: Lighthouse mobile, ${RUNS} run(s) per page (issue 24, point 2)`,
    '',
    `Compiled server with the demo content, system Chromium, load average ${load}. Target: performance median ≥ ${TARGET.medianPerformance} and no run under ${TARGET.lowestPerformance}, LCP ≤ ${TARGET.lcpMs / 1000} s in every run, accessibility / best practices / SEO ${TARGET.others} in every run (lowest shown; on the noindex order and manage pages every SEO audit but "is-crawlable").`,
    '',
    table(results),
    '',
    'Every run (performance, accessibility, best practices, SEO, LCP):',
    '',
    runs,
    '',
  ].join('\n');
  fs.writeFileSync(file, at < 0 ? `${text}\n${section}` : `${text.slice(0, at + 1)}${section}${text.slice(at)}`);
  console.log(`Added the runs to ${file}.`);
}

/**
 * Chinese and Thai pages need their fonts on the machine: without them Chromium's font fallback
 * runs on the main thread and dominates Total Blocking Time, a cost no visitor's phone pays.
 */
function requireFonts(paths: string[]) {
  const needed = [
    { lang: 'zh', prefix: '/zh', pkg: 'fonts-noto-cjk' },
    { lang: 'th', prefix: '/th', pkg: 'fonts-thai-tlwg' },
  ].filter((f) => paths.some((p) => p === f.prefix || p.startsWith(`${f.prefix}/`)));
  const missing = needed.filter((f) => {
    try {
      return execFileSync('fc-list', [`:lang=${f.lang}`, 'family'], { encoding: 'utf8' }).trim() === '';
    } catch {
      return true; // no fontconfig at all
    }
  });
  if (missing.length === 0) return;
  console.error(
    `Lighthouse needs the fonts of ${missing.map((f) => f.lang).join(' and ')} to measure those pages fairly: apt-get install ${missing.map((f) => f.pkg).join(' ')}`,
  );
  process.exit(1);
}

async function main() {
  requireBuild('Lighthouse');
  requireFonts(PATHS);
  const started = new Date();
  const loadBefore = fs.readFileSync('/proc/loadavg', 'utf8').split(' ')[0];
  const server = await startProductionServer('gym-lh-');
  const chrome = await chromeLauncher.launch({ chromePath: CHROME, chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'] });
  const results: PageResult[] = [];
  try {
    const types = await pageTypes(server.base, server.dataDir);
    const tokenOf = (type: string) => /([^/]+)$/.exec(types.find((t) => t.type === type)?.path ?? '')?.[1] ?? '';
    fs.mkdirSync('bench/.tmp', { recursive: true });
    // Printed and written with "<token>": a token is a key to someone's booking, even a demo one.
    for (const shown of PATHS.map((p) => p.replace('{article}', tokenOf('article')).replace(/\{(order|manage)\}/g, '<token>'))) {
      const p = shown.replace(/\/(order|manage)\/<token>$/, (_m, kind: string) => `/${kind}/${tokenOf(kind)}`);
      const runs: Run[] = [];
      for (let attempts = 0; runs.length < RUNS; attempts++) {
        const result = await lighthouse(`${server.base}${p}`, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES] });
        if (!result) throw new Error(`no Lighthouse result for ${shown}`);
        const lhr = result.lhr;
        // A broken trace (NO_NAVSTART and the like on a busy machine) is no measurement: retry.
        if (lhr.runtimeError && attempts < RUNS + 2) {
          console.log(`${shown}: Lighthouse could not measure (${lhr.runtimeError.code}); running again`);
          continue;
        }
        const scores = Object.fromEntries(CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)])) as Run['scores'];
        const a = lhr.audits;
        const lcpMs = a['largest-contentful-paint']?.numericValue ?? Infinity;
        const line = `${CATEGORIES.map((c) => scores[c]).join('/')} LCP ${seconds(lcpMs)}`;
        // The page's slowest run so far is kept for a look at what held it back.
        if (runs.every((r) => r.scores.performance > scores.performance || (r.scores.performance === scores.performance && r.lcpMs < lcpMs)))
          fs.writeFileSync(`bench/.tmp/lighthouse${shown.replace(/[/<>]/g, '_') || '_'}.json`, result.report as string);
        const seoFailed = (lhr.categories.seo?.auditRefs ?? []).filter((ref) => ref.weight > 0 && a[ref.id]?.score === 0).map((ref) => ref.id);
        runs.push({ scores, lcpMs, line, seoFailed });
        console.log(
          `${shown} run ${runs.length}: ${CATEGORIES.map((c) => `${c} ${scores[c]}`).join(', ')} | FCP ${a['first-contentful-paint']?.displayValue} LCP ${a['largest-contentful-paint']?.displayValue} TBT ${a['total-blocking-time']?.displayValue} CLS ${a['cumulative-layout-shift']?.displayValue}`,
        );
      }
      results.push(summarise(shown, runs));
    }
  } finally {
    chrome.kill();
    server.stop();
  }
  const loadAfter = fs.readFileSync('/proc/loadavg', 'utf8').split(' ')[0];
  const out = table(results);
  const failed = results.filter((r) => !r.met);
  const verdict =
    failed.length === 0
      ? 'Target met on every page.'
      : `Target not met on ${failed.length} of ${results.length} page(s): ${failed.map((r) => r.path).join(', ')}.`;
  console.log(`\nLighthouse mobile, ${RUNS} run(s) per page:\n${out}\n\n${verdict}`);
  fs.writeFileSync('bench/.tmp/lighthouse.md', `${out}\n\n${verdict}\n`);
  if (WRITE) writeResults(results, started, `${loadBefore} → ${loadAfter}`);
  if (failed.length > 0) process.exitCode = 1;
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
