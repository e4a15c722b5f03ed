// Newsletter campaigns (migration 051, issue 48 points 1-4, decision 192).
import type { Generated } from 'kysely';
import type { Language } from '../../../shared/i18n/languages';
import type { CampaignRecipientStatus, CampaignStatus } from '../../../shared/schemas/campaigns';

export interface CampaignsTable {
  id: Generated<number>;
  status: CampaignStatus;
  /** JSON: { en, ru?, … } each. */
  subject: string;
  preheader: string;
  body_markdown: string;
  /** JSON: CampaignAudience. */
  audience: string;
  post_id: number | null;
  send_at: string | null;
  started_at: string | null;
  finished_at: string | null;
  cancelled_at: string | null;
  /** 1 once every recipient of the audience has its row (sending waits for it). */
  recipients_ready: Generated<number>;
  /** While an instance writes the recipients out; a crashed one's lease runs out. */
  resolve_lease_until: string | null;
  created_by: number | null;
  created_at: string;
  updated_at: string;
}

export interface CampaignRecipientsTable {
  id: Generated<number>;
  campaign_id: number;
  subscriber_id: number | null;
  email: string;
  /** Lower-cased, trimmed: unique per campaign. */
  email_key: string;
  language: Language;
  status: CampaignRecipientStatus;
  /** Written by the claim, before the SMTP exchange; the same on a retry. */
  message_id: string | null;
  attempts: Generated<number>;
  next_attempt_at: string;
  locked_until: string | null;
  /** The throttle window the send took its place in. */
  send_window: string | null;
  reason: string | null;
  sent_at: string | null;
  /** Unsubscribed through this campaign's link. */
  unsubscribed_at: string | null;
  created_at: string;
}

export interface CampaignLinksTable {
  id: Generated<number>;
  campaign_id: number;
  url: string;
}

export interface CampaignClicksTable {
  recipient_id: number;
  link_id: number;
  clicked_at: string;
}

/** Sends per throttle window, every instance together. */
export interface CampaignSendWindowsTable {
  window_key: string;
  sent: number;
}
