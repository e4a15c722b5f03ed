import type { Insertable } from 'kysely';
import type { Db } from '../db/database';
import { anyColumnLike, type TextSearch } from '../db/search';
import type { AuditLogRow, AuditLogTable } from '../db/schema';

export const insertAuditEntry = async (db: Db, row: Insertable<AuditLogTable>): Promise<void> => {
  await db.insertInto('audit_log').values(row).execute();
};

export interface AuditFilter {
  userId?: number;
  method?: string;
  route?: string;
  /** Instants, from inclusive, to exclusive. */
  from?: string;
  to?: string;
  /** Matched anywhere in the e-mail, route, entity, address and summary, whatever the case. */
  text?: TextSearch;
}

function filtered(db: Db, f: AuditFilter) {
  let q = db.selectFrom('audit_log');
  if (f.userId !== undefined) q = q.where('user_id', '=', f.userId);
  if (f.method !== undefined) q = q.where('method', '=', f.method);
  if (f.route !== undefined) q = q.where('route', '=', f.route);
  if (f.from !== undefined) q = q.where('created_at', '>=', f.from);
  if (f.to !== undefined) q = q.where('created_at', '<', f.to);
  if (f.text) q = q.where(anyColumnLike(['user_email', 'route', 'entity_type', 'entity_id', 'ip', 'summary'], f.text));
  return q;
}

export async function listAuditEntries(db: Db, f: AuditFilter, limit: number, offset: number): Promise<{ rows: AuditLogRow[]; total: number }> {
  const [rows, count] = await Promise.all([
    filtered(db, f).selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).offset(offset).execute(),
    filtered(db, f)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/** The accounts and actions the log holds, for the Journal's filter choices. */
export async function auditFacets(db: Db): Promise<{ users: { id: number; email: string }[]; actions: { method: string; route: string }[] }> {
  const [users, actions] = await Promise.all([
    db
      .selectFrom('audit_log')
      .select(['user_id', (eb) => eb.fn.max('user_email').as('email')])
      .where('user_id', 'is not', null)
      .groupBy('user_id')
      .execute(),
    db.selectFrom('audit_log').select(['method', 'route']).distinct().orderBy('route').orderBy('method').execute(),
  ]);
  return {
    users: users
      .filter((u): u is { user_id: number; email: string } => u.user_id !== null && typeof u.email === 'string')
      .map((u) => ({ id: u.user_id, email: u.email }))
      .sort((a, b) => a.email.localeCompare(b.email)),
    actions,
  };
}

/** Deletes the entries written before `before`; answers how many. */
export async function deleteAuditBefore(db: Db, before: string): Promise<number> {
  const r = await db.deleteFrom('audit_log').where('created_at', '<', before).executeTakeFirst();
  return Number(r.numDeletedRows);
}
