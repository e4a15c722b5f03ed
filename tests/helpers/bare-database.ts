import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { migrate, type DatabaseHandle } from '../../src/server/db/database';
import { openBareDatabase, type Backend, type BareDatabase } from './test-app';

/**
 * An empty database for a migration's test, opened for each test (`per: 'test'`) or once for the
 * describe block (`per: 'block'`) and closed after; each test migrates it as far as it needs.
 */
export function bareDatabase(backend: Backend, per: 'test' | 'block') {
  let bare: BareDatabase | undefined;
  const open = () => {
    bare = openBareDatabase(backend);
  };
  const close = () => bare?.close();
  if (per === 'test') {
    beforeEach(open);
    afterEach(close);
  } else {
    beforeAll(open);
    afterAll(close);
  }
  const current = (): BareDatabase => {
    if (!bare) throw new Error('the bare database is opened by the test hooks');
    return bare;
  };
  return {
    get handle(): DatabaseHandle {
      return current().handle;
    },
    get schema(): string | undefined {
      return current().schema;
    },
    /** Every migration, or those up to `upTo` included. */
    migrate: (opts: { upTo?: string } = {}) => migrate(current().handle, current().schema, opts),
  };
}
