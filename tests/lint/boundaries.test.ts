import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The import boundaries in eslint.config.js, checked on in-memory snippets so that a change to the
// config (or to the resolver it needs) cannot switch them off without a failing test. Only the
// boundary rules run (the paths between folders, and the frozen migrations' imports): the
// type-aware rules would need a TypeScript program and add nothing here.

const root = path.resolve(import.meta.dirname, '../..');
const BOUNDARY_RULES = ['import-x/no-restricted-paths', 'no-restricted-imports'];
const CYCLE_RULE = 'import-x/no-cycle';

const linters = new Map<string, ESLint>();
async function ruleErrors(rules: string[], file: string, code: string): Promise<string[]> {
  const rule = rules.join(' ');
  let eslint = linters.get(rule);
  eslint ??= new ESLint({
    cwd: root,
    overrideConfig: {
      // Keep only the boundary rule; the others (and their type information) are not under test.
      linterOptions: { reportUnusedDisableDirectives: 'off' },
      languageOptions: { parserOptions: { projectService: false, project: null } },
    },
    ruleFilter: ({ ruleId }) => rules.includes(ruleId),
  });
  linters.set(rule, eslint);
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result.messages.map((m) => `${m.ruleId ?? 'fatal'}: ${m.message}`);
}

const boundaryErrors = (file: string, code: string) => ruleErrors(BOUNDARY_RULES, file, code);

describe('import boundaries', () => {
  it('src/shared may not import server or browser code', async () => {
    expect(await boundaryErrors('src/shared/x.ts', "import { loadConfig } from '../server/config';")).toEqual([
      expect.stringContaining('src/shared runs on both sides'),
    ]);
    expect(await boundaryErrors('src/shared/schemas/x.ts', "import { cn } from '../../web/admin/lib/cn';")).toEqual([
      expect.stringContaining('src/shared runs on both sides'),
    ]);
    expect(await boundaryErrors('src/shared/x.ts', "import { LIMITS } from './schemas/common';")).toEqual([]);
  });

  it('the server may not import browser code, nor the browser server code', async () => {
    expect(await boundaryErrors('src/server/web/x.ts', "import { App } from '../../web/app/app';")).toEqual([
      expect.stringContaining('The server must not import browser code'),
    ]);
    expect(await boundaryErrors('src/web/lib/x.ts', "import type { AppContext } from '../../server/context';")).toEqual([
      expect.stringContaining('Browser code must not import server code'),
    ]);
    expect(await boundaryErrors('src/server/auth/x.ts', "import { SITE } from '../../shared/site';")).toEqual([]);
  });

  it('the public site may not import the back office', async () => {
    expect(await boundaryErrors('src/web/components/layout/x.tsx', "import { cn } from '../../admin/lib/cn';")).toEqual([
      expect.stringContaining('must not import the back office'),
    ]);
    expect(await boundaryErrors('src/web/main.tsx', "import { AdminApp } from './admin/admin-app';")).toEqual([
      expect.stringContaining('must not import the back office'),
    ]);
    // The page registry is the one door, and only to admin-app.
    expect(await boundaryErrors('src/web/app/pages.ts', "export const load = () => import('../admin/admin-app');")).toEqual([]);
    expect(await boundaryErrors('src/web/app/pages.ts', "import { cn } from '../admin/lib/cn';")).toEqual([
      expect.stringContaining('only through admin-app.tsx'),
    ]);
    // The back office may use public code.
    expect(await boundaryErrors('src/web/admin/components/x.tsx', "import MarkdownBody from '../../features/blog/markdown-body';")).toEqual([]);
  });

  it('a browser feature may not import another feature', async () => {
    expect(await boundaryErrors('src/web/features/landing/x.tsx', "import { PostCard } from '../blog/post-card';")).toEqual([
      expect.stringContaining('must not import another feature'),
    ]);
    expect(await boundaryErrors('src/web/admin/features/blog/x.ts', "import { useUsers } from '../users/api';")).toEqual([
      expect.stringContaining('must not import another feature'),
    ]);
    expect(await boundaryErrors('src/web/features/blog/x.tsx', "import { PostCard } from './post-card';")).toEqual([]);
    expect(await boundaryErrors('src/web/routes/site/x.tsx', "import { PostCard } from '../../features/blog/post-card';")).toEqual([]);
  });

  it('server domains may call each other', async () => {
    expect(await boundaryErrors('src/server/auth/x.ts', "import { findUserByEmail } from '../users/users.repository';")).toEqual([]);
  });

  it('a migration imports only kysely, node built-ins and its own files', async () => {
    const migration = 'src/server/db/migrations/099-x.ts';
    for (const code of [
      "import { DEFAULT_SITE_SETTINGS } from '../../../shared/site-settings-data';",
      "import type { Dialect } from '../database';",
      "import { withSeedTranslations } from '../../site-settings/seed-translations';",
      "import { z } from 'zod';",
      "export { SITE } from '../../../shared/site';",
      "import { x } from './sub/../../database';",
    ]) {
      expect(await boundaryErrors(migration, code), code).toEqual([expect.stringContaining('A migration is frozen')]);
    }
    for (const code of [
      "import { sql, type Kysely } from 'kysely';",
      "import { SEED_SITE_SETTINGS } from './016-site-settings.data';",
      "import { createHash } from 'node:crypto';",
    ]) {
      expect(await boundaryErrors(migration, code), code).toEqual([]);
    }
    // The rest of the server may import the application as before.
    expect(await boundaryErrors('src/server/db/x.ts', "import { SITE } from '../../shared/site';")).toEqual([]);
  });
});

// No runtime import cycle in src/ (import-x/no-cycle): the file linted is given new content that
// imports a module which, on disk, imports it back.
describe('import cycles', () => {
  const cycleErrors = (file: string, code: string) => ruleErrors([CYCLE_RULE], file, code);

  it('a runtime import that closes a cycle fails the lint', async () => {
    // delivery/mail-queue.ts imports mail-address.ts: mail-address.ts may not import it back.
    expect(await cycleErrors('src/server/mail/mail-address.ts', "import { outboxRow } from './delivery/mail-queue';\nexport const x = outboxRow;\n")).toEqual([
      expect.stringContaining('Dependency cycle'),
    ]);
  });

  it('a type-only import does not count (it is erased), nor an import that closes no cycle', async () => {
    expect(
      await cycleErrors('src/server/mail/mail-address.ts', "import type { MailQueueDeps } from './delivery/mail-queue';\nexport type X = MailQueueDeps;\n"),
    ).toEqual([]);
    expect(await cycleErrors('src/server/mail/delivery/x.ts', "import { outboxRow } from './mail-queue';\nexport const x = outboxRow;\n")).toEqual([]);
  });

  it('templates never import delivery: the deferred confirmation is written by the outbox, not the other way round', async () => {
    expect(
      await cycleErrors('src/server/mail/templates/calendar.ts', "import { outboxRow } from '../delivery/mail-queue';\nexport const x = outboxRow;\n"),
    ).toEqual([expect.stringContaining('Dependency cycle')]);
  });
});
