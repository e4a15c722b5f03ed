import { CompiledQuery, PostgresAdapter, type QueryResult } from 'kysely';
import type { Db } from './database';

// The booking path's hottest statements, written as SQL once instead of built with Kysely on
// every call: building and compiling a query with joins and subqueries cost several times what
// SQLite takes to run it (measured: bench/RESULTS.md). Parameters are `?` in the text; for
// PostgreSQL they become $1, $2, ... once, here. Use it only where the builder's cost shows.

export interface FixedQuery<Row> {
  (db: Db, params: readonly unknown[]): Promise<QueryResult<Row>>;
}

export function fixedQuery<Row>(text: string): FixedQuery<Row> {
  const paramCount = text.split('?').length - 1;
  let n = 0;
  const pgText = text.replace(/\?/g, () => `$${++n}`);
  return (db, params) => {
    if (params.length !== paramCount) throw new Error(`query takes ${paramCount} parameters, got ${params.length}`);
    return db.executeQuery<Row>(CompiledQuery.raw(onPostgres(db) ? pgText : text, [...params]));
  };
}

/** Whether `db` (a handle or a transaction) speaks to PostgreSQL: for the few statements written per dialect. */
export const onPostgres = (db: Db): boolean => db.getExecutor().adapter instanceof PostgresAdapter;
