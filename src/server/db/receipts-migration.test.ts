import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { backends, openBareDatabase, type Backend, type BareDatabase } from '../../../tests/helpers/test-app';
import { migrate } from './database';

// Migration 033 (decision 151) adds orders.programme_sessions_per_week only where migration 032
// (programmes) has not: on a database that has the column already, it runs and leaves one column.
describe.each(backends)('migration 033 (%s)', (backend: Backend) => {
  let bare: BareDatabase;
  beforeEach(() => {
    bare = openBareDatabase(backend);
  });
  afterEach(() => bare.close());

  const columns = async () => {
    const rows =
      backend === 'postgres'
        ? await sql<{
            name: string;
          }>`select column_name as name from information_schema.columns where table_schema = current_schema() and table_name = 'orders'`.execute(bare.handle.db)
        : await sql<{ name: string }>`select name from pragma_table_info('orders')`.execute(bare.handle.db);
    return rows.rows.map((r) => r.name).filter((n) => n === 'programme_sessions_per_week');
  };

  it('adds the weekly plan when it is missing', async () => {
    await migrate(bare.handle, bare.schema);
    expect(await columns()).toEqual(['programme_sessions_per_week']);
  });

  it('keeps the column a programmes migration added before it', async () => {
    await migrate(bare.handle, bare.schema, { upTo: '027-session-idle' });
    await sql`alter table orders add column programme_sessions_per_week integer`.execute(bare.handle.db);
    await migrate(bare.handle, bare.schema);
    expect(await columns()).toEqual(['programme_sessions_per_week']);
    const tables = await bare.handle.db.selectFrom('receipt_counters').selectAll().execute();
    expect(tables).toEqual([]);
  });
});
