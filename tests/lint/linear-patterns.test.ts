import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The lint rules that keep patterns on outside input linear (eslint.config.js; decision 128),
// checked on in-memory snippets so that a change to the config cannot switch them off unseen:
// eslint-plugin-regexp's super-linear checks on server and shared code, and recheck's analysis
// (eslint-plugin-redos) on the inbound mail code, where the cubic quote marker once was.

const root = path.resolve(import.meta.dirname, '../..');
const RULES = ['regexp/no-super-linear-backtracking', 'regexp/no-super-linear-move', 'redos/no-vulnerable'];

const eslint = new ESLint({
  cwd: root,
  overrideConfig: {
    linterOptions: { reportUnusedDisableDirectives: 'off' },
    languageOptions: { parserOptions: { projectService: false, project: null } },
  },
  ruleFilter: ({ ruleId }) => RULES.includes(ruleId),
});

async function ruleIds(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result.messages.map((m) => m.ruleId ?? `fatal: ${m.message}`);
}

describe('linear patterns on outside input', () => {
  it('fails the lint on the cubic quote marker inbound mail once used, and passes its replacement', async () => {
    const cubic = 'export const marker = /<div[^>]*class=["\']?[^"\'>]*\\bgmail_quote\\b/i;\n';
    expect(await ruleIds('src/server/inbound/x.ts', cubic)).toContain('redos/no-vulnerable');
    expect(await ruleIds('src/server/inbound/x.ts', 'export const words = (s: string) => s.split(/[\\s<>,;"]+/);\n')).toEqual([]);
  }, 120_000);

  it('fails the lint on super-linear patterns in server and shared code', async () => {
    expect(await ruleIds('src/server/blog/x.ts', "export const trim = (s: string) => s.replace(/-+$/, '');\n")).toContain('regexp/no-super-linear-move');
    expect(await ruleIds('src/shared/x.ts', 'export const two = /^(a+)+$/;\n')).toContain('regexp/no-super-linear-backtracking');
    expect(await ruleIds('src/server/blog/x.ts', "export const trim = (s: string) => s.replace(/^-/, '');\n")).toEqual([]);
  }, 120_000);
});
