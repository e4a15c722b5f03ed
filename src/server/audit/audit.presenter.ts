import type { AuditEntryDto, AuditLogPageDto } from '../../shared/api-types';
import type { AuditLogRow } from '../db/schema';
import type { searchAuditLog } from './audit.service';

export const presentAuditEntry = (r: AuditLogRow): AuditEntryDto => ({
  id: r.id,
  createdAt: r.created_at,
  userId: r.user_id,
  userEmail: r.user_email,
  method: r.method,
  route: r.route,
  entityType: r.entity_type,
  entityId: r.entity_id,
  status: r.status,
  ip: r.ip,
  summary: r.summary,
});

export const presentAuditPage = (p: Awaited<ReturnType<typeof searchAuditLog>>): AuditLogPageDto => ({
  items: p.rows.map(presentAuditEntry),
  total: p.total,
  page: p.page,
  pageSize: p.pageSize,
  users: p.facets.users,
  actions: p.facets.actions.map((a) => `${a.method} ${a.route}`),
});
