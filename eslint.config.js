// ESLint flat config. `npm run lint` runs it with --max-warnings 0, so a warning fails as an error does.
// Type-aware rules (typescript-eslint) read the types through the TypeScript 6 JS API; see
// docs/decisions/045-linting-typescript-6-for-the-linter-typescript-7.md for why the project has two TypeScript packages.
import fs from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import redos from 'eslint-plugin-redos';
import regexp from 'eslint-plugin-regexp';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { defineConfig } from 'eslint/config';

const root = import.meta.dirname;

/** Sub-folders of a features folder (src/web/features/<area>, src/web/admin/features/<area>). */
function featureAreas(dir) {
  return fs
    .readdirSync(path.join(root, dir), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
}

/**
 * A feature may import shared code (lib, components, src/shared) but not another feature of the same
 * side: what two features share moves down into lib/ or components/ (bulletproof-react's rule).
 * The zones are made from the folders on disk, so a new feature is covered without editing this file.
 */
function featureZones(dir) {
  return featureAreas(dir).map((area) => ({
    target: `./${dir}/${area}`,
    from: `./${dir}`,
    except: [`./${area}`],
    message: `A feature must not import another feature (${dir}/${area}): move the shared part to lib/ or components/.`,
  }));
}

// Everything under src/web except src/web/admin is the public site.
const PUBLIC_SITE = ['./src/web/*.{ts,tsx}', `./src/web/!(admin)/**/*`];
// The page registry is the one door into the back office: a dynamic import() of admin-app, which
// makes the back office a separate chunk that public pages never download.
const PAGE_REGISTRY = './src/web/app/pages.ts';

/** The import boundaries (import-x/no-restricted-paths zones; paths are relative to this file). */
function boundaryZones({ pageRegistry }) {
  return [
    {
      target: './src/shared',
      from: ['./src/server', './src/web'],
      message: 'src/shared runs on both sides: it must not import server or browser code.',
    },
    {
      target: './src/server',
      from: './src/web',
      message: 'The server must not import browser code (it loads the SSR build at run time).',
    },
    {
      target: './src/web',
      from: './src/server',
      message: 'Browser code must not import server code: put what both sides need in src/shared.',
    },
    pageRegistry
      ? {
          target: PAGE_REGISTRY,
          from: './src/web/admin',
          except: ['./admin-app.tsx'],
          message: 'The page registry may load the back office only through admin-app.tsx.',
        }
      : {
          target: PUBLIC_SITE,
          from: './src/web/admin',
          message: 'The public site must not import the back office (src/web/admin): it would ship admin code to visitors.',
        },
    ...featureZones('src/web/features'),
    ...featureZones('src/web/admin/features'),
    // Server domains (src/server/<domain>) are not restricted from one another: a domain's service
    // legitimately calls another's (auth signs in users, reservations send mail, the dashboard
    // reads stats). The server is one process with one database; its boundary is the HTTP API.
  ];
}

export default defineConfig(
  {
    ignores: ['dist/', 'data/', 'coverage/', 'test-results/', 'tests/.tmp/', 'bench/.tmp/'],
  },
  {
    linterOptions: { reportUnusedDisableDirectives: 'error' },
  },
  js.configs.recommended,
  tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: root },
    },
  },
  {
    rules: {
      // A leading underscore marks a parameter or binding kept on purpose (a callback's position,
      // a destructured field left out): the project already writes it that way.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' }],
      // Off: Fastify plugins and handlers are async by contract (an async plugin resolves when it is
      // registered, an async handler's return value is the reply) whether or not they await, and
      // interfaces such as Kysely's MigrationProvider ask for a Promise. Floating and misused
      // promises are still caught by no-floating-promises and no-misused-promises.
      '@typescript-eslint/require-await': 'off',
      // React ignores what an event handler returns, so `onClick={async () => ...}` is fine; the
      // handlers catch their own errors. Everywhere else a promise passed where void is expected fails.
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
    },
  },
  {
    // Migrations are written against Kysely<any> on purpose (Kysely's advice): a migration must keep
    // working when the schema type in src/server/db/schema.ts moves on, so it cannot use that type.
    files: ['src/server/db/migrations/**'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
  {
    // Tests read JSON answers (`res.json()` is `any`) and check their shape with expect(): typing each
    // answer would add casts, not safety. `any` itself must still be written out (no-explicit-any).
    files: ['**/*.test.ts', 'tests/**'],
    rules: {
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
  {
    // page.evaluate() callbacks run in the page and read globals the test itself put on window
    // (axe, __push, __pwned): `window as any` says so more plainly than a declaration for each.
    files: ['tests/e2e/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // JavaScript files (this config, the service worker) are not in tsconfig.json.
    files: ['**/*.js'],
    extends: [tseslint.configs.disableTypeChecked],
  },
  {
    files: ['eslint.config.js'],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['public/sw.js'],
    languageOptions: { globals: globals.serviceworker },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    extends: [reactHooks.configs.flat['recommended-latest'], jsxA11y.flatConfigs.recommended],
    rules: {
      // Only DOM elements: <RouteGuard role="admin"> names a user role, not an ARIA role.
      'jsx-a11y/aria-role': ['error', { ignoreNonDOM: true }],
      // Off: two of the React Compiler checks flag patterns this code uses on purpose: a ref that
      // holds the latest callback, assigned during render (useAutoAdvance, GalleryImage), the element
      // to give focus back to, read during render before Radix moves focus (useReturnFocus), and
      // state set from an effect on purpose (useMounted for what only the browser knows, dialogs
      // that reset when opened, the mobile menu that closes on navigation).
      // The app is not built with the React Compiler, whose assumptions these two rules check; the
      // other hooks rules (rules-of-hooks, exhaustive-deps, purity, immutability, ...) stay on.
      'react-hooks/refs': 'off',
      'react-hooks/set-state-in-effect': 'off',
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.json'] })],
      // no-cycle follows imports into the files imported: it reads only files with these
      // extensions (JavaScript alone by default), parsed as TypeScript.
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: boundaryZones({ pageRegistry: false }) }],
      // No runtime import cycle anywhere in src/: a cycle makes the load order decide whether a
      // module sees its imports initialised. Type-only imports are erased, so they do not count.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    // Frozen migrations: a migration imports Kysely and its own files only. Importing the application
    // (seed values, site settings, translations, even a type) would let a change made today rewrite
    // what an old migration writes; the values it needs are copied into migrations/ instead.
    files: ['src/server/db/migrations/**/*.ts'],
    ignores: ['src/server/db/migrations/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(?!kysely$|node:|\\./(?!.*\\.\\.))',
              message: 'A migration is frozen: import only kysely, node: built-ins and files of src/server/db/migrations; copy the values it needs.',
            },
          ],
        },
      ],
    },
  },
  {
    // No pattern whose time grows faster than its input, where the input may be anyone's (mail,
    // query strings, uploads' names, Markdown, search): eslint-plugin-regexp's super-linear checks
    // on every server and shared module. A pattern kept on input whose length is capped says so in
    // an eslint-disable comment with the cap. See docs/decisions/128-linear-patterns-on-outside-input.md.
    files: ['src/server/**/*.ts', 'src/shared/**/*.ts', 'scripts/**/*.ts'],
    ignores: ['**/*.test.ts'],
    plugins: { regexp },
    rules: {
      'regexp/no-super-linear-backtracking': 'error',
      'regexp/no-super-linear-move': ['error', { ignoreSticky: false, ignorePartial: false }],
    },
  },
  {
    // Mail is the most hostile input: there, recheck's full analysis (eslint-plugin-redos) as well,
    // which finds what the checks above miss (a quantifier after a literal, such as the cubic
    // `<div[^>]*class=…[^"'>]*\bgmail_quote` this folder once had). Slower, so only here.
    files: ['src/server/inbound/**/*.ts', 'src/server/conversations/mail-html-output.ts'],
    ignores: ['**/*.test.ts'],
    plugins: { redos },
    rules: { 'redos/no-vulnerable': ['error', { checker: 'fuzz', timeout: 20_000 }] },
  },
  {
    files: [PAGE_REGISTRY],
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: boundaryZones({ pageRegistry: true }) }],
    },
  },
  prettier,
);
