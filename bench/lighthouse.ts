// npm run bench:lighthouse: Lighthouse (mobile preset, its default throttling) against the
// production build with the demo content, with the system Chromium. By default the pages of issue
// 24 (/, /booking, /blog, an article, a pass order's page and a booking's manage page) in
// English, Russian, Chinese and Thai, LH_RUNS (5) runs each, in rounds (every page once a round, so a
// language and its English twin meet the same load). Prints per page the median and lowest performance, the median and slowest LCP, and the
// lowest accessibility, best-practices and SEO scores, against the issue's target: performance
// median ≥ 98 and no run under 95, LCP ≤ 1.5 s in every run, the other three 100 in every run
// (on the noindex order and manage pages, every SEO audit but "is-crawlable").
// Then each /ru/, /zh/, /th/… page beside its English twin: the medians, the points off and the LCP
// ratio, against issue 46's target (within 5 points, LCP at most 15 % slower).
// Exit code 1 when a target is not met on some page (or the run failed), 0 when it is.
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

/** Issue 46, point 6: a page in another language within 5 points of its English twin and its LCP within 15 %. */
const TWIN = { points: 5, lcpRatio: 1.15 };
/** The English page a language's page is the twin of: /ru/ → /, /zh/booking → /booking. */
const twinOf = (path: string) => /^\/([a-z]{2})(\/.*)$/.exec(path)?.[2];

interface TwinResult {
  path: string;
  english: PageResult;
  page: PageResult;
  met: boolean;
}

function twins(results: PageResult[]): TwinResult[] {
  return results.flatMap((page) => {
    const twin = twinOf(page.path);
    const english = results.find((r) => r.path === twin);
    if (!english) return [];
    const met = page.medianPerf >= english.medianPerf - TWIN.points && page.medianLcp <= english.medianLcp * TWIN.lcpRatio;
    return [{ path: page.path, english, page, met }];
  });
}

function twinsTable(rows: TwinResult[]): string {
  if (rows.length === 0) return '';
  const pct = (r: TwinResult) => Math.round((r.page.medianLcp / r.english.medianLcp) * 100);
  return [
    `Each language beside its English twin (medians; within ${TWIN.points} points and LCP at most ${Math.round((TWIN.lcpRatio - 1) * 100)} % slower):`,
    '',
    '| page | English | performance | points off | LCP | English LCP | LCP ratio | twin |',
    '|---|---|---|---|---|---|---|---|',
    ...rows.map(
      (r) =>
        `| ${r.path} | ${r.english.path} | ${r.page.medianPerf} | ${r.page.medianPerf - r.english.medianPerf >= 0 ? '+' : ''}${r.page.medianPerf - r.english.medianPerf} | ${seconds(r.page.medianLcp)} | ${seconds(r.english.medianLcp)} | ${pct(r)} % | ${r.met ? 'met' : 'not met'} |`,
    ),
  ].join('\n');
}

/** A dated section at the top of bench/RESULTS.md (after its introduction): the table and every run. */
function writeResults(results: PageResult[], tables: string, started: Date, load: string) {
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
    tables,
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

/** One Lighthouse run of `url` (run again when Lighthouse could not measure it). */
async function measure(url: string, shown: string, earlier: Run[]): Promise<Run> {
  for (let attempts = 0; ; attempts++) {
    const result = await lighthouse(url, { port: chromePort, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES] });
    if (!result) throw new Error(`no Lighthouse result for ${shown}`);
    const lhr = result.lhr;
    // A broken trace (NO_NAVSTART and the like on a busy machine) is no measurement: retry.
    if (lhr.runtimeError && attempts < 3) {
      console.log(`${shown}: Lighthouse could not measure (${lhr.runtimeError.code}); running again`);
      continue;
    }
    const scores = Object.fromEntries(CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)])) as Run['scores'];
    const a = lhr.audits;
    const lcpMs = a['largest-contentful-paint']?.numericValue ?? Infinity;
    const line = `${CATEGORIES.map((c) => scores[c]).join('/')} LCP ${seconds(lcpMs)}`;
    // The page's slowest run so far is kept for a look at what held it back.
    if (earlier.every((r) => r.scores.performance > scores.performance || (r.scores.performance === scores.performance && r.lcpMs < lcpMs)))
      fs.writeFileSync(`bench/.tmp/lighthouse${shown.replace(/[/<>]/g, '_') || '_'}.json`, result.report as string);
    const seoFailed = (lhr.categories.seo?.auditRefs ?? []).filter((ref) => ref.weight > 0 && a[ref.id]?.score === 0).map((ref) => ref.id);
    console.log(
      `${shown} run ${earlier.length + 1}: ${CATEGORIES.map((c) => `${c} ${scores[c]}`).join(', ')} | FCP ${a['first-contentful-paint']?.displayValue} LCP ${a['largest-contentful-paint']?.displayValue} TBT ${a['total-blocking-time']?.displayValue} CLS ${a['cumulative-layout-shift']?.displayValue}`,
    );
    return { scores, lcpMs, line, seoFailed };
  }
}

let chromePort = 0;

async function main() {
  requireBuild('Lighthouse');
  requireFonts(PATHS);
  const started = new Date();
  const loadBefore = fs.readFileSync('/proc/loadavg', 'utf8').split(' ')[0];
  const server = await startProductionServer('gym-lh-');
  const chrome = await chromeLauncher.launch({ chromePath: CHROME, chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'] });
  chromePort = chrome.port;
  const results: PageResult[] = [];
  try {
    const types = await pageTypes(server.base, server.dataDir);
    const tokenOf = (type: string) => /([^/]+)$/.exec(types.find((t) => t.type === type)?.path ?? '')?.[1] ?? '';
    fs.mkdirSync('bench/.tmp', { recursive: true });
    // Printed and written with "<token>": a token is a key to someone's booking, even a demo one.
    const shownPaths = PATHS.map((p) => p.replace('{article}', tokenOf('article')).replace(/\{(order|manage)\}/g, '<token>'));
    const runsOf = new Map<string, Run[]>(shownPaths.map((p) => [p, []]));
    // Round by round, every page once a round: a language and its English twin meet the same
    // load, so the machine's busy minutes do not land on one language (issue 46, point 6).
    for (let round = 1; round <= RUNS; round++) {
      for (const shown of shownPaths) {
        const p = shown.replace(/\/(order|manage)\/<token>$/, (_m, kind: string) => `/${kind}/${tokenOf(kind)}`);
        const runs = runsOf.get(shown)!;
        runs.push(await measure(`${server.base}${p}`, shown, runs));
      }
    }
    for (const shown of shownPaths) results.push(summarise(shown, runsOf.get(shown)!));
  } finally {
    chrome.kill();
    server.stop();
  }
  const loadAfter = fs.readFileSync('/proc/loadavg', 'utf8').split(' ')[0];
  const twinRows = twins(results);
  const out = [table(results), twinsTable(twinRows)].filter(Boolean).join('\n\n');
  const failed = results.filter((r) => !r.met);
  const twinsOff = twinRows.filter((r) => !r.met);
  const verdict = [
    failed.length === 0
      ? 'Target met on every page.'
      : `Target not met on ${failed.length} of ${results.length} page(s): ${failed.map((r) => r.path).join(', ')}.`,
    twinRows.length === 0
      ? ''
      : twinsOff.length === 0
        ? 'Every language within reach of English.'
        : `Behind English: ${twinsOff.map((r) => r.path).join(', ')}.`,
  ]
    .filter(Boolean)
    .join(' ');
  console.log(`\nLighthouse mobile, ${RUNS} run(s) per page:\n${out}\n\n${verdict}`);
  fs.writeFileSync('bench/.tmp/lighthouse.md', `${out}\n\n${verdict}\n`);
  if (WRITE) writeResults(results, out, started, `${loadBefore} → ${loadAfter}`);
  if (failed.length > 0 || twinsOff.length > 0) process.exitCode = 1;
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
