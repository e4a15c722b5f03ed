// npm run bench:lighthouse: Lighthouse (mobile preset) against the production build, with the
// system Chromium, for /, /booking and /blog. Prints performance, accessibility, SEO and
// best-practices scores (median of LH_RUNS runs, default 3) and fails under 95 for the first three.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { serveCommand } from '../scripts/serve-command';

const CHROME = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const RUNS = Number(process.env.LH_RUNS ?? 3);
// The English pages and the two languages issue 15 names (Russian and Chinese landing pages).
const PATHS = (process.env.LH_PATHS ?? '/,/booking,/blog,/ru/,/zh/').split(',');
const REQUIRED = ['performance', 'accessibility', 'seo'] as const;
const CATEGORIES = [...REQUIRED, 'best-practices'];
const MIN = 95;

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as net.AddressInfo).port;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });

async function waitFor(url: string, ms = 30_000) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`server did not answer at ${url}`);
}

async function main() {
  const missing = ['dist/node/main.js', 'dist/client/index.html', 'dist/server/entry-server.js'].filter((f) => !fs.existsSync(f));
  if (missing.length > 0) {
    console.error(
      `The production build is missing (${missing.join(', ')}): run \`npm run build\` first.\nLighthouse measures the compiled server (dist/node/main.js) as \`npm run serve\` starts it.`,
    );
    process.exit(1);
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gym-lh-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  // The real server as production runs it (`npm run serve`: the compiled dist/node/main.js with
  // its node flags and malloc settings), with the demo content.
  const serve = serveCommand();
  const server = spawn(process.execPath, serve.args, {
    env: {
      ...process.env,
      ...serve.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      PUBLIC_URL: base,
      ADMIN_PASSWORD: 'lighthouse-admin-pw',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const chrome = await chromeLauncher.launch({ chromePath: CHROME, chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'] });
  const rows: string[] = [];
  let failed = false;
  try {
    await waitFor(`${base}/healthz`);
    fs.mkdirSync('bench/.tmp', { recursive: true });
    for (const p of PATHS) {
      const runs: Record<string, number>[] = [];
      for (let i = 0, attempts = 0; i < RUNS; attempts++) {
        const result = await lighthouse(`${base}${p}`, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: CATEGORIES });
        if (!result) throw new Error(`no Lighthouse result for ${p}`);
        const lhr = result.lhr;
        // A broken trace (NO_NAVSTART and the like on a busy machine) is no measurement: retry.
        if (lhr.runtimeError && attempts < RUNS + 2) {
          console.log(`${p}: Lighthouse could not measure (${lhr.runtimeError.code}); running again`);
          continue;
        }
        runs.push(Object.fromEntries(CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)])));
        if (i === 0) fs.writeFileSync(`bench/.tmp/lighthouse${p.replace(/\//g, '_') || '_'}.json`, result.report as string);
        const a = lhr.audits;
        console.log(
          `${p} run ${i + 1}: ${CATEGORIES.map((c) => `${c} ${runs[i][c]}`).join(', ')} | FCP ${a['first-contentful-paint']?.displayValue} LCP ${a['largest-contentful-paint']?.displayValue} TBT ${a['total-blocking-time']?.displayValue} CLS ${a['cumulative-layout-shift']?.displayValue}`,
        );
        i++;
      }
      const median = (c: string) => runs.map((r) => r[c]).sort((x, y) => x - y)[Math.floor(runs.length / 2)];
      const scores = Object.fromEntries(CATEGORIES.map((c) => [c, median(c)]));
      for (const c of REQUIRED) if (scores[c] < MIN) failed = true;
      rows.push(`| ${p} | ${CATEGORIES.map((c) => scores[c]).join(' | ')} |`);
    }
  } finally {
    chrome.kill();
    server.kill('SIGTERM');
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  const table = [`| page | ${CATEGORIES.join(' | ')} |`, `|---|${CATEGORIES.map(() => '---').join('|')}|`, ...rows].join('\n');
  console.log(`\nLighthouse mobile, median of ${RUNS} run(s):\n${table}`);
  fs.writeFileSync('bench/.tmp/lighthouse.md', `${table}\n`);
  if (failed) {
    console.error(`\nA required score is under ${MIN}.`);
    process.exitCode = 1;
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
