import type { ContactStatus } from '../../shared/constants';
import type { ContactSubmissionRow } from '../db/schema';

export interface ContactSubmissionDto {
  id: number;
  name: string;
  email: string;
  phone: string | null;
  subject: string;
  message: string;
  status: ContactStatus;
  createdAt: string;
}

export const presentSubmission = (r: ContactSubmissionRow): ContactSubmissionDto => ({
  id: r.id,
  name: r.name,
  email: r.email,
  phone: r.phone,
  subject: r.subject,
  message: r.message,
  status: r.status as ContactStatus,
  createdAt: r.created_at,
});
