import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AuditLogPageDto } from '../../../../shared/api-types';

export interface AuditFilters {
  userId: string;
  action: string;
  from: string;
  to: string;
  q: string;
  page: number;
}

export const NO_FILTERS: AuditFilters = { userId: '', action: '', from: '', to: '', q: '', page: 1 };

/** GET /api/audit-log?… with the filters that are set. */
export function auditLogUrl(f: AuditFilters): string {
  const params = new URLSearchParams();
  if (f.userId) params.set('userId', f.userId);
  if (f.action) params.set('action', f.action);
  if (f.from) params.set('from', f.from);
  if (f.to) params.set('to', f.to);
  if (f.q.trim()) params.set('q', f.q.trim());
  if (f.page > 1) params.set('page', String(f.page));
  const qs = params.toString();
  return `/api/audit-log${qs ? `?${qs}` : ''}`;
}

// The page shown stays while the next one loads (no flash of an empty list when paging).
export const useAuditLog = (f: AuditFilters) => useQuery<AuditLogPageDto>({ queryKey: [auditLogUrl(f)], placeholderData: keepPreviousData });
