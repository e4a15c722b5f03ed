import { z } from 'zod';
import { isIsoDate } from '../gym-time';

/** Entries per page of the Journal (GET /api/audit-log). */
export const AUDIT_PAGE_SIZE = 50;
export const AUDIT_MAX_PAGE_SIZE = 200;

const gymDate = z.string().refine(isIsoDate, 'Date invalide (AAAA-MM-JJ)').optional();

/** GET /api/audit-log: every filter optional; dates are gym dates, both inclusive. */
export const auditLogQuerySchema = z.object({
  userId: z.coerce.number().int().positive().optional(),
  /** "METHOD /api/route/:pattern", as listed in the answer's `actions`. */
  action: z.string().trim().max(300).optional(),
  from: gymDate,
  to: gymDate,
  /** Matches the e-mail, route, entity id, address or field names. */
  q: z.string().trim().max(200).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(AUDIT_MAX_PAGE_SIZE).default(AUDIT_PAGE_SIZE),
});
export type AuditLogQuery = z.infer<typeof auditLogQuerySchema>;
