import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ownModules } from '../../vitest.config';

// Decision 195: the API suites share their modules between files, so a file that replaces a
// module with vi.mock must run in the project that keeps a module graph per file.

const ROOTS = ['src', 'tests'];

function testFiles(dir: string, out: string[] = []): string[] {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (full !== path.join('tests', 'e2e')) testFiles(full, out);
    } else if (entry.name.endsWith('.test.ts')) out.push(full.split(path.sep).join('/'));
  }
  return out;
}

const MOCK_CALL = /\bvi\.(mock|doMock)\(/;

describe('test isolation (decision 195)', () => {
  it('lists every API test file that replaces a module in the project with its own modules', () => {
    const mocking = ROOTS.flatMap((root) => testFiles(root)).filter((file) => MOCK_CALL.test(fs.readFileSync(file, 'utf8')));
    expect(mocking.length).toBeGreaterThan(0);
    expect(mocking.filter((file) => !ownModules.includes(file))).toEqual([]);
  });

  it('finds a vi.mock call', () => {
    // Spelled in two parts, so that this file does not count as one that mocks.
    expect(MOCK_CALL.test(`vi.${'mock'}('../x', () => ({}))`)).toBe(true);
    expect(MOCK_CALL.test('vi.spyOn(x, "y")')).toBe(false);
  });
});
