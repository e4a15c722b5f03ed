import { defineConfig } from 'vitest/config';

// Browser journeys: the real server, the production build, the system Chromium.
export default defineConfig({
  test: {
    include: ['tests/e2e/**/*.test.ts'],
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
