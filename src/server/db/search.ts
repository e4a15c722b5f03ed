import type SQLite from 'better-sqlite3';
import { sql, type Expression, type SqlBool } from 'kysely';
import type { Dialect } from './dialect';
import { containsPattern } from '../../shared/schemas/lists';

/**
 * SQLite's lower() and LIKE fold A–Z only ("иван" would miss "Иван"), so SQLite searches through
 * this function, JavaScript's toLowerCase: the rule containsPattern applies to the typed text.
 * PostgreSQL's lower() already folds every script under the database's LC_CTYPE (C.UTF-8 or a
 * language's locale; a database made with the plain "C" locale would fold ASCII only).
 * Not used in any index: a file opened without it (the sqlite3 shell) stays consistent.
 */
const SQLITE_UNICODE_LOWER = 'unicode_lower';

/** Called by database.ts on every SQLite connection it opens. */
export function registerUnicodeLower(file: SQLite.Database): void {
  file.function(SQLITE_UNICODE_LOWER, { deterministic: true }, (text: unknown) => (typeof text === 'string' ? text.toLowerCase() : text));
}

/** A free-text search of the back office: the LIKE pattern (lowercased, escaped) and the database that runs it. */
export interface TextSearch {
  pattern: string;
  dialect: Dialect;
}

export const textSearch = (dialect: Dialect, text: string): TextSearch => ({ pattern: containsPattern(text), dialect });

/**
 * The column's text lowercased (null as '') as the search needs it. SQLite's own lower() where the
 * typed text is all ASCII: a JavaScript call per row makes a scan about three times slower, and
 * an ASCII pattern finds the same rows either way (Unicode letters that lowercase to ASCII, the
 * Kelvin sign "K", aside).
 */
const lowered = (column: string, search: TextSearch): Expression<string> =>
  search.dialect === 'sqlite' && /[^\p{ASCII}]/u.test(search.pattern)
    ? sql<string>`${sql.raw(SQLITE_UNICODE_LOWER)}(coalesce(${sql.ref(column)}, ''))`
    : sql<string>`lower(coalesce(${sql.ref(column)}, ''))`;

/** `lowered(col) like pattern escape '\'` over several columns, OR-ed: the back office's free-text search. */
export const anyColumnLike = (columns: readonly string[], search: TextSearch): Expression<SqlBool> =>
  sql<SqlBool>`(${sql.join(
    columns.map((c) => sql`${lowered(c, search)} like ${search.pattern} escape '\\'`),
    sql` or `,
  )})`;
