import type { Insertable } from 'kysely';
import { addDays, zonedToInstant } from '../../shared/gym-time';
import type { AuditLogQuery } from '../../shared/schemas/audit';
import type { AppContext } from '../context';
import type { AuditLogTable } from '../db/schema';
import { textSearch } from '../db/search';
import { badRequest } from '../errors';
import * as repo from './audit.repository';

/** The cut-off of the purge: entries are kept for one year. */
export function auditCutoff(now: Date): string {
  const d = new Date(now.getTime());
  d.setUTCFullYear(d.getUTCFullYear() - 1);
  return d.toISOString();
}

/**
 * Writes one entry. Never rejects: the audit must not fail the request it records, so a failed
 * write is logged (error level, with what it would have recorded) and dropped.
 */
export async function recordAudit(ctx: AppContext, entry: Insertable<AuditLogTable>): Promise<void> {
  try {
    await repo.insertAuditEntry(ctx.db, entry);
  } catch (err) {
    ctx.log.error(
      { err, audit: { method: entry.method, route: entry.route, userId: entry.user_id, status: entry.status } },
      'audit entry could not be written',
    );
  }
}

/** GET /api/audit-log: a page of entries, newest first, and the filters' choices. */
export async function searchAuditLog(ctx: AppContext, q: AuditLogQuery) {
  const filter: repo.AuditFilter = {};
  if (q.userId !== undefined) filter.userId = q.userId;
  if (q.action) {
    const m = /^([A-Z]+)\s+(\/\S*)$/.exec(q.action);
    if (!m) throw badRequest('Action invalide (attendu : « MÉTHODE /api/… »)');
    filter.method = m[1];
    filter.route = m[2];
  }
  // Dates are gym days: from its midnight to the midnight after `to`.
  const tz = ctx.config.timezone;
  if (q.from) filter.from = zonedToInstant(q.from, '00:00', tz).toISOString();
  if (q.to) filter.to = zonedToInstant(addDays(q.to, 1), '00:00', tz).toISOString();
  if (q.q) filter.text = textSearch(ctx.dialect, q.q);
  const [{ rows, total }, facets] = await Promise.all([repo.listAuditEntries(ctx.db, filter, q.pageSize, (q.page - 1) * q.pageSize), repo.auditFacets(ctx.db)]);
  return { rows, total, page: q.page, pageSize: q.pageSize, facets };
}

/** Deletes what is older than a year; answers how many entries went. */
export async function purgeAuditLog(ctx: AppContext, now: Date): Promise<number> {
  return repo.deleteAuditBefore(ctx.db, auditCutoff(now));
}
