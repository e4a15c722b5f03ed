import { afterEach } from 'vitest';
import { createTestApp, type Backend, type TestApp } from './test-app';

/**
 * Test apps a test opens (`open`), closed after it: the later ones first, since those sharing the
 * first's storage (`sharing`) must go before the first drops it. `forget` is for one a test closed itself.
 */
export function testApps(backend: Backend) {
  const apps: TestApp[] = [];
  afterEach(async () => {
    for (const a of apps.reverse()) await a.close();
    apps.length = 0;
  });
  return {
    open: async (...args: Parameters<typeof createTestApp>) => {
      const t = await createTestApp(...args);
      apps.push(t);
      return t;
    },
    /** The overrides that start a second instance on `t`'s database or data folder. */
    sharing: (t: TestApp) => (backend === 'postgres' ? { databaseSchema: t.config.databaseSchema } : { dataDir: t.config.dataDir }),
    forget: (t: TestApp) => void apps.splice(apps.indexOf(t), 1),
  };
}
