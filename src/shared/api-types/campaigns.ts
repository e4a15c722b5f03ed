// Newsletter campaigns (issue 48 points 1-4): the back office's list, one campaign and its log.
import { z } from 'zod';
import { id, timestamp } from './common';
import { CAMPAIGN_RECIPIENT_STATUSES, CAMPAIGN_STATUSES, campaignAudienceSchema } from '../schemas/campaigns';
import { LANGUAGES } from '../i18n/languages';

const perLanguage = z.partialRecord(z.enum(LANGUAGES), z.string());

export const campaignCountsDtoSchema = z.object({
  /** Recipients chosen when the sending began (0 before). */
  recipients: z.number().int(),
  sent: z.number().int(),
  bounced: z.number().int(),
  /** Recipients who unsubscribed through this campaign's link. */
  unsubscribed: z.number().int(),
  /** Distinct (recipient, link) clicks. */
  clicks: z.number().int(),
  /** Recipients whose send failed for good. */
  failed: z.number().int(),
  /** Recipients still to send. */
  queued: z.number().int(),
});

export const campaignDtoSchema = z.object({
  id,
  status: z.enum(CAMPAIGN_STATUSES),
  subject: perLanguage,
  preheader: perLanguage,
  bodyMarkdown: perLanguage,
  audience: campaignAudienceSchema,
  /** When it is (or was) to be sent; null: a draft, or sent at once. */
  sendAt: timestamp.nullable(),
  startedAt: timestamp.nullable(),
  finishedAt: timestamp.nullable(),
  cancelledAt: timestamp.nullable(),
  /** The blog post it was made from, if any. */
  postId: id.nullable(),
  counts: campaignCountsDtoSchema,
  createdAt: timestamp,
  updatedAt: timestamp,
});
export type CampaignDto = z.infer<typeof campaignDtoSchema>;

/** GET /api/campaigns/{id}: also the clicks per link. */
export const campaignDetailDtoSchema = campaignDtoSchema.extend({
  links: z.array(z.object({ url: z.string(), clicks: z.number().int() })),
});
export type CampaignDetailDto = z.infer<typeof campaignDetailDtoSchema>;

/** GET /api/campaigns/{id}/recipients: the per-recipient log (paged). */
export const campaignRecipientDtoSchema = z.object({
  email: z.string(),
  language: z.enum(LANGUAGES),
  status: z.enum(CAMPAIGN_RECIPIENT_STATUSES),
  /** Why a send failed or bounced; null otherwise. */
  reason: z.string().nullable(),
  sentAt: timestamp.nullable(),
  attempts: z.number().int(),
});
export type CampaignRecipientDto = z.infer<typeof campaignRecipientDtoSchema>;

export const campaignAudienceCountDtoSchema = z.object({ count: z.number().int() });
export type CampaignAudienceCountDto = z.infer<typeof campaignAudienceCountDtoSchema>;

/** GET /api/campaigns/{id}/preview?language=xx: the e-mail as a subscriber of that language gets it. */
export const campaignPreviewDtoSchema = z.object({
  language: z.enum(LANGUAGES),
  subject: z.string(),
  preheader: z.string(),
  html: z.string(),
  text: z.string(),
});
export type CampaignPreviewDto = z.infer<typeof campaignPreviewDtoSchema>;
