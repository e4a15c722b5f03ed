import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// One job per file: no source file under src/ is longer than 400 lines. A file that grows past it
// is doing several jobs and gets split (a folder with an index.ts keeps its importers unchanged).
// The exceptions are texts, not code, and the list stays short and explicit.

const root = path.resolve(import.meta.dirname, '../..');
const MAX_LINES = 400;

const EXCEPTIONS: { pattern: RegExp; why: string }[] = [
  { pattern: /\.test\.tsx?$/, why: 'tests' },
  // A message catalogue is one file per language (src/shared/i18n/locales/fr.ts, the e-mails' own
  // catalogues), wherever its folder lives.
  { pattern: /\/(?:locales|i18n)\/(?:en|fr|de|ru|th|zh)\.ts$/, why: 'message catalogue' },
  { pattern: /^src\/server\/blog\/blog\.demo-content\.ts$/, why: 'seed content: the demonstration posts' },
  // Values a migration seeds, frozen beside it (016-site-settings.data.ts, 020-owner-translations.data.ts).
  { pattern: /^src\/server\/db\/migrations\/\d{3}-[a-z0-9-]+\.data\.ts$/, why: 'seed content frozen with its migration' },
];

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const rel = `${dir}/${entry.name}`;
    return entry.isDirectory() ? sourceFiles(rel) : [rel];
  });
}

const lineCount = (file: string) => fs.readFileSync(path.join(root, file), 'utf8').replace(/\n$/, '').split('\n').length;

describe('file size', () => {
  it(`no source file under src/ is over ${MAX_LINES} lines`, () => {
    const tooLong = sourceFiles('src')
      .filter((file) => !EXCEPTIONS.some((e) => e.pattern.test(file)))
      .map((file) => ({ file, lines: lineCount(file) }))
      .filter((f) => f.lines > MAX_LINES)
      .map((f) => `${f.file}: ${f.lines} lines`);
    expect(tooLong).toEqual([]);
  });

  it('every exception still matches a file (a stale one is removed)', () => {
    const files = sourceFiles('src');
    for (const e of EXCEPTIONS)
      expect(
        files.some((f) => e.pattern.test(f)),
        `${e.why}: ${e.pattern}`,
      ).toBe(true);
  });
});
