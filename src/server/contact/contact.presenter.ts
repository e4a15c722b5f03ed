import type { ContactSubmissionRow } from '../db/schema';
import type { ContactSubmissionDto } from '../../shared/api-types';
export type { ContactSubmissionDto };

export const presentSubmission = (r: ContactSubmissionRow): ContactSubmissionDto => ({
  id: r.id,
  name: r.name,
  email: r.email,
  phone: r.phone,
  subject: r.subject,
  message: r.message,
  status: r.status,
  createdAt: r.created_at,
});
