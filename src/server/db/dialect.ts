// The two databases the server runs on (DESIGN.md): apart from database.ts so that the SQL helpers
// it loads can name it without importing it back.
export type Dialect = 'sqlite' | 'postgres';
