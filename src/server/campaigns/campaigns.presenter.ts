import type { CampaignDto, CampaignRecipientDto } from '../../shared/api-types/campaigns';
import { campaignAudienceSchema } from '../../shared/schemas/campaigns';
import type { CampaignRecipientRow, CampaignRow } from '../db/schema';
import type { CampaignContent, PerLanguage } from './campaign-mail';
import type { CampaignCounts } from './campaigns.repository';

const perLanguage = (json: string): PerLanguage => JSON.parse(json) as PerLanguage;

/** What staff wrote, per language. */
export const contentOf = (r: Pick<CampaignRow, 'subject' | 'preheader' | 'body_markdown'>): CampaignContent => ({
  subject: perLanguage(r.subject),
  preheader: perLanguage(r.preheader),
  bodyMarkdown: perLanguage(r.body_markdown),
});

export const presentCampaign = (r: CampaignRow, counts: CampaignCounts): CampaignDto => ({
  id: r.id,
  status: r.status,
  ...contentOf(r),
  audience: campaignAudienceSchema.parse(JSON.parse(r.audience)),
  sendAt: r.send_at,
  startedAt: r.started_at,
  finishedAt: r.finished_at,
  cancelledAt: r.cancelled_at,
  postId: r.post_id,
  counts,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

export const presentRecipient = (r: CampaignRecipientRow): CampaignRecipientDto => ({
  email: r.email,
  language: r.language,
  status: r.status,
  // A retry's reason stays readable while it waits; a sent one has none.
  reason: r.reason,
  sentAt: r.sent_at,
  attempts: Number(r.attempts),
});
