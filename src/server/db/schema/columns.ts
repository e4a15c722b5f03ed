// Column types as both databases hand them back. Booleans are written as 1/0 (SQLite cannot
// bind JS booleans; PostgreSQL reads '1'/'0' as boolean input) and read back through
// `toBool`. Timestamps are ISO 8601 UTC strings in both databases, so they sort as text.
// Roles, statuses, sender types and metrics are the shared unions of src/shared/constants.ts;
// the database itself refuses any other role, status or sender type (CHECK, migration 003).
export type DbBool = number | boolean;
