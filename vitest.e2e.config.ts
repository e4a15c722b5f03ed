import { defineConfig } from 'vitest/config';

// Browser journeys: the real server, the production build, the system Chromium.
export default defineConfig({
  test: {
    include: ['tests/e2e/**/*.test.ts'],
    pool: 'forks',
    maxWorkers: 2,
    // A worker keeps the modules it loaded from one file to the next: each file starts its own
    // server and browser anyway, and the server keeps its caches per app (WeakMaps keyed by the
    // context or database), so nothing carries over but the import of the server's code, which
    // cost every file seconds of CPU.
    isolate: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
