import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// package.json's "engines" must name the oldest Node that every direct dependency supports, so
// `npm install` warns on a machine too old to run the tools (vite and knip need 20.19).

const root = path.resolve(import.meta.dirname, '../..');
const readJson = (file: string) => JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;

type Version = [number, number, number];
const parse = (v: string): Version => {
  const [a = 0, b = 0, c = 0] = v.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : 0));
  return [a, b, c];
};
const compare = (x: Version, y: Version) => x[0] - y[0] || x[1] - y[1] || x[2] - y[2];

/** The oldest version a range admits: the lowest of its alternatives' lower bounds (">=20.19", "^20.19.0", "20.x", "20"). */
function lowestAdmitted(range: string): Version {
  const bounds = range.split('||').map((alt) => {
    const m = /(?:>=|\^|~)?\s*v?(\d+(?:\.(?:\d+|x))?(?:\.(?:\d+|x))?)/.exec(alt.trim());
    if (!m) throw new Error(`engines range not understood: "${range}"`);
    return parse(m[1]);
  });
  return bounds.sort(compare)[0];
}

describe('engines', () => {
  it('reads the ranges the dependencies use', () => {
    expect(lowestAdmitted('^20.19.0 || >=22.12.0')).toEqual([20, 19, 0]);
    expect(lowestAdmitted('>= 16.0.0')).toEqual([16, 0, 0]);
    expect(lowestAdmitted('20.x || 22.x')).toEqual([20, 0, 0]);
    expect(lowestAdmitted('>=20')).toEqual([20, 0, 0]);
  });

  it('package.json asks for the Node version the most demanding direct dependency needs, no older', () => {
    const pkg = readJson(path.join(root, 'package.json')) as {
      engines: { node: string };
      dependencies: Record<string, string>;
      devDependencies: Record<string, string>;
    };
    const needs = Object.keys({ ...pkg.dependencies, ...pkg.devDependencies }).flatMap((name) => {
      const file = path.join(root, 'node_modules', name, 'package.json');
      const range = (readJson(file).engines as { node?: string } | undefined)?.node;
      return range ? [{ name, lowest: lowestAdmitted(range) }] : [];
    });
    expect(needs.length).toBeGreaterThan(10);
    const most = needs.sort((a, b) => compare(b.lowest, a.lowest))[0];
    expect(lowestAdmitted(pkg.engines.node), `${most.name} needs ${most.lowest.join('.')}`).toEqual(most.lowest);
  });
});
