import { sql, type Expression, type SqlBool } from 'kysely';

/**
 * `lower(coalesce(col, '')) like pattern escape '\'` over several columns, OR-ed: the back office's
 * free-text search (pattern from containsPattern in shared/schemas/lists.ts, already lowercased).
 */
export const anyColumnLike = (columns: readonly string[], pattern: string): Expression<SqlBool> =>
  sql<SqlBool>`(${sql.join(
    columns.map((c) => sql`lower(coalesce(${sql.ref(c)}, '')) like ${pattern} escape '\\'`),
    sql` or `,
  )})`;
