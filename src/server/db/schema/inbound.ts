// Inbound e-mail (migration 024): mail read from the gym's mailbox, once each; the mailbox's
// bookkeeping; attachments of messages; addresses that bounce.
import type { Generated } from 'kysely';
import type { InboundFailureStatus, InboundOutcome } from '../../../shared/constants';

export interface InboundMailsTable {
  id: Generated<number>;
  /** The Message-ID lower-cased without angle brackets, or 'sha256:<hex>' of the raw mail: unique. */
  message_key: string;
  mailbox: string;
  uid: number | null;
  from_address: string | null;
  subject: string | null;
  outcome: InboundOutcome;
  conversation_id: number | null;
  conversation_message_id: number | null;
  detail: string | null;
  sent_at: string | null;
  created_at: string;
}

/** A mail whose import failed (migration 026): tried again, then quarantined until staff act. */
export interface InboundFailuresTable {
  id: Generated<number>;
  mailbox: string;
  uid_validity: string;
  uid: number;
  message_id: string | null;
  size_bytes: number | null;
  attempts: Generated<number>;
  status: InboundFailureStatus;
  last_error: string | null;
  first_failed_at: string;
  last_failed_at: string | null;
  quarantined_at: string | null;
  updated_at: string;
}

/** A mail from a sender the receiving server could not verify (migration 026): shown to staff only. */
export interface InboundHeldMailsTable {
  id: Generated<number>;
  inbound_mail_id: number;
  from_address: string | null;
  from_name: string | null;
  subject: string | null;
  content: string;
  reason: string;
  created_at: string;
  dismissed_at: string | null;
}

export interface InboundMailboxesTable {
  mailbox: string;
  uid_validity: string | null;
  last_uid: Generated<number>;
  last_read_at: string | null;
  last_error: string | null;
  last_error_at: string | null;
  updated_at: string;
}

export interface MessageAttachmentsTable {
  id: Generated<number>;
  conversation_message_id: number;
  filename: string;
  content_type: string;
  size_bytes: number;
  /** Null: listed in the thread, not stored (not an image or PDF, or over 10 MB). */
  storage_key: string | null;
  created_at: string;
}

export interface EmailBouncesTable {
  /** Lower-cased, trimmed address. */
  email_key: string;
  reason: string | null;
  bounced_at: string;
}
