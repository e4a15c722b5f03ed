import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { circles, importGraph } from '../../scripts/import-cycles';
import { tempDir } from '../helpers/test-app';

// The lint's check of circles of imports (scripts/import-cycles.ts, issue 49): a type-only circle
// counts, a lazy import() does not, and src/ holds none.

describe('circles of imports', () => {
  const dir = tempDir('gym-cycles-');
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
  const write = (name: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    fs.writeFileSync(path.join(dir, name), text);
    return path.join(dir, name);
  };

  it('finds a circle made of type-only imports and re-exports', () => {
    const a = write('a.ts', "import type { B } from './b';\nexport interface A { b: B }\n");
    const b = write('b.ts', "export type { C } from './sub/c';\nexport interface B { n: number }\n");
    const c = write('sub/c.ts', "import type { A } from '../a';\nexport type C = A;\n");
    const d = write('d.ts', "import { x } from './e';\nexport const y = x;\n");
    const e = write('e.ts', 'export const x = 1;\n');
    const found = circles(importGraph([a, b, c, d, e]));
    expect(found).toEqual([[a, b, c].sort()]);
  });

  it('does not count a lazy import()', () => {
    const f = write('lazy/f.ts', "export const load = () => import('./g');\n");
    const g = write('lazy/g.ts', "import { load } from './f';\nexport const again = load;\n");
    expect(circles(importGraph([f, g]))).toEqual([]);
  });

  it('finds none in src/', () => {
    const files = (function walk(d: string): string[] {
      return fs.readdirSync(d, { withFileTypes: true }).flatMap((x) => {
        const full = path.join(d, x.name);
        return x.isDirectory() ? walk(full) : /\.tsx?$/.test(x.name) && !x.name.endsWith('.d.ts') ? [full] : [];
      });
    })(path.resolve('src'));
    expect(files.length).toBeGreaterThan(500);
    const found = circles(importGraph(files)).map((c) => c.map((f) => path.relative(process.cwd(), f)));
    expect(found).toEqual([]);
  });
});
