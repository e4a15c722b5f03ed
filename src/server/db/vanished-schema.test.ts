import { describe, expect, it } from 'vitest';
import { droppedColumn, vanishedSchema } from './database';

// Kysely lists every schema's tables before migrating; on a shared test server another suite may drop
// its schema in the middle of that listing. These are the messages PostgreSQL gives for it.
describe('a schema dropped by another client while migrating', () => {
  it('names the schema of a vanished schema or schema-qualified table', () => {
    expect(vanishedSchema('schema "t_1a2b" does not exist')).toBe('t_1a2b');
    expect(vanishedSchema('relation "t_40c663a215a4.push_subscriptions" does not exist')).toBe('t_40c663a215a4');
  });

  it('names nothing for an unqualified table or another error', () => {
    expect(vanishedSchema('relation "bookings" does not exist')).toBeNull();
    expect(vanishedSchema('duplicate key value violates unique constraint')).toBeNull();
  });

  it('recognises a column of a table dropped while its columns were listed', () => {
    expect(droppedColumn('column "id" of relation "idempotency_keys" does not exist')).toBe(true);
    expect(droppedColumn('relation "bookings" does not exist')).toBe(false);
    expect(droppedColumn('column "id" does not exist')).toBe(false);
  });
});
