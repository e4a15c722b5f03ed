import { defineConfig } from 'vitest/config';

const shared = { pool: 'forks', testTimeout: 30_000, hookTimeout: 60_000 } as const;
const exclude = ['tests/e2e/**', 'node_modules/**'];
// A file that replaces a module with vi.mock needs a module graph of its own: in a shared one the
// routes keep the module they imported first, and its stand-in would reach the files after it.
export const ownModules = ['tests/api/response-schemas.test.ts'];

export default defineConfig({
  test: {
    maxWorkers: 2,
    projects: [
      {
        test: {
          ...shared,
          name: 'api',
          include: ['src/**/*.test.ts', 'tests/**/*.test.ts'],
          exclude: [...exclude, ...ownModules],
          // A worker keeps the modules it loaded from one file to the next (decision 195): most
          // of a file's time was transforming and importing the server's code afresh. Each file
          // builds its own apps, the server keeps its caches per app (WeakMaps keyed by the
          // context or database), and Vitest restores spies after each file.
          isolate: false,
        },
      },
      { test: { ...shared, name: 'api-own-modules', include: ownModules, exclude } },
    ],
  },
});
