// Where a test run's time went (issue 49): the wall time of each stage (test-results/stages.tsv,
// written by scripts/test-stages.sh and .ci/run), the ten slowest test files and the count of tests
// executed, read from Vitest's JSON reports (test-results/*.json).
import fs from 'node:fs';
import path from 'node:path';

interface FileResult {
  name: string;
  startTime: number;
  endTime: number;
  assertionResults: { status: string; fullName?: string; duration?: number | null }[];
}
interface JsonReport {
  numTotalTests: number;
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
  testResults: FileResult[];
}

const dir = process.argv[2] ?? 'test-results';
const fmt = (s: number) => `${Math.floor(s / 60)}:${String(Math.round(s % 60)).padStart(2, '0')}`;

const stages = fs.existsSync(path.join(dir, 'stages.tsv'))
  ? fs
      .readFileSync(path.join(dir, 'stages.tsv'), 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => {
        const [name = '?', seconds = '0', rc = '0'] = line.split('\t');
        return { name, seconds: Number(seconds), rc: Number(rc) };
      })
  : [];

console.log('\n== where the time went');
for (const s of stages) console.log(`${s.name.padEnd(20)} ${fmt(s.seconds).padStart(6)}${s.rc ? `  (failed, exit ${s.rc})` : ''}`);
console.log(`${'total'.padEnd(20)} ${fmt(stages.reduce((a, s) => a + s.seconds, 0)).padStart(6)}`);

const reports = fs
  .readdirSync(dir)
  .filter((f) => f.endsWith('.json'))
  .map((f) => ({ suite: f.replace(/\.json$/, ''), report: JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')) as JsonReport }));

const files = reports.flatMap(({ suite, report }) =>
  report.testResults.map((r) => ({ suite, file: path.relative(process.cwd(), r.name), seconds: (r.endTime - r.startTime) / 1000 })),
);
files.sort((a, b) => b.seconds - a.seconds);
console.log('\n== the ten slowest test files');
for (const f of files.slice(0, 10)) console.log(`${f.seconds.toFixed(1).padStart(7)} s  ${f.suite.padEnd(12)} ${f.file}`);

// The API suites run both databases in one run: their tests' own time, split by the database
// their describe names (describe.each(backends): "… on sqlite", "… on postgres").
const api = reports.find((r) => r.suite === 'api');
if (api) {
  const split = { SQLite: 0, PostgreSQL: 0, either: 0 };
  for (const file of api.report.testResults)
    for (const t of file.assertionResults) {
      const name = t.fullName ?? '';
      const key = /\bpostgres(ql)?\b/i.test(name) ? 'PostgreSQL' : /\bsqlite\b/i.test(name) ? 'SQLite' : 'either';
      split[key] += (t.duration ?? 0) / 1000;
    }
  console.log(
    `\n== the API tests' own time by database: ${Object.entries(split)
      .map(([k, v]) => `${k} ${fmt(v)}`)
      .join(', ')}`,
  );
}

console.log('\n== tests executed');
let total = 0;
for (const { suite, report } of reports) {
  const ran = report.numPassedTests + report.numFailedTests;
  total += ran;
  console.log(
    `${suite.padEnd(12)} ${String(ran).padStart(5)} run (${report.numPassedTests} passed, ${report.numFailedTests} failed), ${report.numPendingTests + report.numTodoTests} skipped, ${report.testResults.length} files`,
  );
}
console.log(`${'all'.padEnd(12)} ${String(total).padStart(5)} run`);
