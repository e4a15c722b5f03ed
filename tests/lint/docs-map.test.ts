import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// docs/architecture.md and docs/decisions/ stay true: a path the map names must exist, an entry is
// listed once, the map stays short, and every decision record has its headings and its index line.
//
// The map's convention (written at the top of the map too):
// - In its fenced code block, every non-empty line is one entry: its name first (a folder ends
//   with "/"), then its description after two or more spaces. Indentation (two spaces a level)
//   nests an entry in the folder above it, so `src/` then `  server/` is src/server/.
// - Anywhere else in the map, a path in backticks that starts with a top-level folder
//   (src/, tests/, docs/, ...) or names a root file (`package.json`) is checked as well.
// - `<area>`-style segments stand for any folder: the pattern must match at least one.

const root = path.resolve(import.meta.dirname, '../..');
const MAP = 'docs/architecture.md';
const DECISIONS = 'docs/decisions';
const MAX_MAP_LINES = 260;

const read = (file: string) => fs.readFileSync(path.join(root, file), 'utf8');

/** Whether a repository path exists; `<name>` segments match any directory entry. */
function exists(p: string): boolean {
  const segments = p.replace(/\/$/, '').split('/');
  const walk = (dir: string, i: number): boolean => {
    if (i === segments.length) return true;
    const seg = segments[i];
    if (/^<[^>]+>$/.test(seg)) {
      const full = path.join(root, dir);
      if (!fs.existsSync(full) || !fs.statSync(full).isDirectory()) return false;
      return fs.readdirSync(full).some((name) => walk(path.join(dir, name), i + 1));
    }
    return fs.existsSync(path.join(root, dir, seg)) && walk(path.join(dir, seg), i + 1);
  };
  return walk('', 0);
}

/** The map's code-block entries as full paths, in order. */
function mapEntries(markdown: string): string[] {
  const block = /^```[^\n]*\n([\s\S]*?)^```/m.exec(markdown);
  if (!block) return [];
  const stack: { indent: number; dir: string }[] = [];
  const entries: string[] = [];
  for (const line of block[1].split('\n')) {
    if (line.trim() === '') continue;
    const indent = line.length - line.trimStart().length;
    const name = line.trim().split(/\s{2,}/)[0];
    while (stack.length > 0 && stack[stack.length - 1].indent >= indent) stack.pop();
    const full = (stack.length > 0 ? stack[stack.length - 1].dir : '') + name;
    entries.push(full);
    if (name.endsWith('/')) stack.push({ indent, dir: full });
  }
  return entries;
}

const TOP = /^(?:\.ci|src|tests|docs|bench|scripts|public)\/[\w.<>/-]*$|^[a-zA-Z][\w.-]*\.(?:json|jsonc|js|ts|html|md)$/;

/** Paths in backticks outside the code block. */
function backtickedPaths(markdown: string): string[] {
  const prose = markdown.replace(/^```[^\n]*\n[\s\S]*?^```/m, '');
  return [...prose.matchAll(/`([^`\s]+)`/g)].map((m) => m[1]).filter((p) => TOP.test(p));
}

describe('docs/architecture.md', () => {
  const markdown = read(MAP);
  const entries = mapEntries(markdown);

  it(`is at most ${MAX_MAP_LINES} lines`, () => {
    expect(markdown.trimEnd().split('\n').length).toBeLessThanOrEqual(MAX_MAP_LINES);
  });

  it('has a map whose entries all exist', () => {
    expect(entries.length).toBeGreaterThan(20);
    expect(entries.filter((p) => !exists(p))).toEqual([]);
  });

  it('names every folder of src/server and src/web/admin (issue 49)', () => {
    const folders = (dir: string): string[] =>
      fs
        .readdirSync(path.join(root, dir), { withFileTypes: true })
        .filter((e) => e.isDirectory())
        .flatMap((e) => [`${dir}/${e.name}/`, ...folders(`${dir}/${e.name}`)]);
    const listed = new Set(entries);
    const all = [...folders('src/server'), ...folders('src/web/admin')];
    expect(all.length).toBeGreaterThan(60);
    expect(all.filter((f) => !listed.has(f))).toEqual([]);
  });

  it('lists every entry once', () => {
    const seen = new Set<string>();
    const twice = entries.filter((p) => (seen.has(p) ? true : (seen.add(p), false)));
    expect(twice).toEqual([]);
  });

  it('names only paths that exist in its text', () => {
    const named = backtickedPaths(markdown);
    expect(named.length).toBeGreaterThan(0);
    expect(named.filter((p) => !exists(p))).toEqual([]);
  });

  it('reads nested entries and patterns as the convention says', () => {
    expect(mapEntries('```\nsrc/  x\n  server/  y\n    app.ts  z\n  web/  w\n```\n')).toEqual(['src/', 'src/server/', 'src/server/app.ts', 'src/web/']);
    expect(exists('src/web/admin/features/<area>/')).toBe(true);
    expect(exists('src/server/no-such-folder/')).toBe(false);
    expect(exists('src/<x>/no-such-file.ts')).toBe(false);
  });
});

describe('docs/decisions/', () => {
  const records = fs
    .readdirSync(path.join(root, DECISIONS))
    .filter((f) => /^\d{3}-[a-z0-9-]+\.md$/.test(f))
    .sort();
  const numbers = new Set(records.map((f) => f.slice(0, 3)));
  const index = read(`${DECISIONS}/README.md`);

  it('numbers the records 001, 002, ... without a gap', () => {
    expect(records.length).toBeGreaterThan(0);
    expect(records.map((f) => f.slice(0, 3))).toEqual(records.map((_, i) => String(i + 1).padStart(3, '0')));
  });

  it.each(records)('%s has its number, date, status and sections', (file) => {
    const text = read(`${DECISIONS}/${file}`);
    const lines = text.split('\n');
    expect(lines[0]).toMatch(new RegExp(`^# ${file.slice(0, 3)}\\. \\S`));
    expect(text).toMatch(/^Date: \d{4}-\d{2}-\d{2}$/m);
    const status = /^Status: (accepted|superseded by (\d{3}))$/m.exec(text);
    expect(status, 'Status: accepted | superseded by NNN').not.toBeNull();
    if (status?.[2]) {
      expect(numbers.has(status[2]), `superseded by ${status[2]}`).toBe(true);
      expect(status[2]).not.toBe(file.slice(0, 3));
    }
    const sections = lines.filter((l) => /^## /.test(l));
    expect(sections.slice(0, 3)).toEqual(['## Context', '## Decision', '## Consequences']);
    // Links to other records point at files that exist.
    for (const [, target] of text.matchAll(/\]\((\d{3}-[a-z0-9-]+\.md)\)/g)) expect(records, `${file} links to ${target}`).toContain(target);
  });

  it('lists every record in the index, with its date and status', () => {
    for (const file of records) {
      const text = read(`${DECISIONS}/${file}`);
      const date = /^Date: (.+)$/m.exec(text)?.[1];
      const status = /^Status: (.+)$/m.exec(text)?.[1];
      const row = index.split('\n').find((l) => l.includes(`](${file})`));
      expect(row, `${file} in README.md`).toBeDefined();
      expect(row).toContain(`| ${file.slice(0, 3)} |`);
      expect(row).toContain(`| ${date} |`);
      expect(row).toContain(`| ${status} |`);
    }
    // And nothing else: every file the index links to exists.
    for (const [, target] of index.matchAll(/\]\(([^)]+\.md)\)/g)) expect(records).toContain(target);
  });
});
