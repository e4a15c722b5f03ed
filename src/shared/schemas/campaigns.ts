// Newsletter campaigns (issue 48 points 1-2): one zod schema per payload, shared by the back
// office's "Campagnes" form and the routes. Staff payloads speak French (the back office's language).
import { z } from 'zod';
import { LANGUAGES } from '../i18n/languages';
import { LIMITS, emailText } from './common';
import { INVALID_EMAIL } from '../messages';

export const CAMPAIGN_STATUSES = ['draft', 'scheduled', 'sending', 'sent', 'cancelled'] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

/** A recipient's row in a campaign's log. */
export const CAMPAIGN_RECIPIENT_STATUSES = ['queued', 'sending', 'sent', 'bounced', 'failed', 'skipped'] as const;
export type CampaignRecipientStatus = (typeof CAMPAIGN_RECIPIENT_STATUSES)[number];

export const CAMPAIGN_SUBJECT_MAX = 200;
export const CAMPAIGN_PREHEADER_MAX = 300;
export const CAMPAIGN_BODY_MAX = 100_000;
/** Above this many recipients the back office asks once more before sending. */
export const CAMPAIGN_CONFIRM_ABOVE = 1000;

const text = (max: number, what: string) => z.string().trim().max(max, `${what} : ${max} caractères au plus`);

/** A text per site language: English is required (a subscriber without their language gets it). */
const perLanguage = (max: number, what: string, requiredEn: boolean) => {
  const en = requiredEn ? text(max, what).min(1, `${what} (anglais) est obligatoire`) : text(max, what).optional();
  const others = Object.fromEntries(LANGUAGES.filter((l) => l !== 'en').map((l) => [l, text(max, what).optional()])) as Record<
    Exclude<(typeof LANGUAGES)[number], 'en'>,
    z.ZodOptional<z.ZodString>
  >;
  return z.object({ en, ...others }).strict();
};

export const campaignSubjectSchema = perLanguage(CAMPAIGN_SUBJECT_MAX, "L'objet", true);
export const campaignPreheaderSchema = perLanguage(CAMPAIGN_PREHEADER_MAX, "L'aperçu", false);
export const campaignBodySchema = perLanguage(CAMPAIGN_BODY_MAX, 'Le texte', true);

/**
 * Who receives a campaign: always confirmed subscribers only (never unsubscribed, bounced or who
 * complained), narrowed by every filter given (they combine with AND).
 */
export const campaignAudienceSchema = z
  .object({
    /** Only subscribers whose language is one of these; absent or empty: every language. */
    languages: z.array(z.enum(LANGUAGES, 'Langue inconnue')).max(LANGUAGES.length).optional(),
    /** Only customers holding a pass that is active today. */
    activePass: z.boolean().optional(),
    /** Only customers who had a stay that has ended. */
    pastStay: z.boolean().optional(),
    /** Only customers with a stay that starts today or later. */
    upcomingArrival: z.boolean().optional(),
    /** Only customers whose last class or stay night is at least this many days ago (or never). */
    notSeenDays: z.number('Un nombre de jours').int('Un nombre entier de jours').min(1, 'Au moins 1 jour').max(3650, 'Au plus 3650 jours').nullish(),
  })
  .strict();
export type CampaignAudience = z.infer<typeof campaignAudienceSchema>;

// POST /api/campaigns (staff).
export const campaignSchema = z.object({
  subject: campaignSubjectSchema,
  preheader: campaignPreheaderSchema.optional(),
  bodyMarkdown: campaignBodySchema,
  audience: campaignAudienceSchema.default({}),
});
export type CampaignPayload = z.infer<typeof campaignSchema>;

// PATCH /api/campaigns/{id} (staff): a draft (or a scheduled campaign, which goes back to draft) changes.
export const campaignPatchSchema = z.object({
  subject: campaignSubjectSchema.optional(),
  preheader: campaignPreheaderSchema.optional(),
  bodyMarkdown: campaignBodySchema.optional(),
  audience: campaignAudienceSchema.optional(),
});
export type CampaignPatch = z.infer<typeof campaignPatchSchema>;

// POST /api/campaigns/{id}/test (staff): one test send, never counted.
export const campaignTestSchema = z.object({
  to: emailText().min(1, "L'adresse est obligatoire").max(LIMITS.email).pipe(z.email(INVALID_EMAIL)),
  /** The language of the version sent (default English). */
  language: z.enum(LANGUAGES, 'Langue inconnue').optional(),
});
export type CampaignTestPayload = z.infer<typeof campaignTestSchema>;

// POST /api/campaigns/{id}/schedule (staff): an instant (sent at that time, gym time shown in the
// back office) or null (now).
export const campaignScheduleSchema = z.object({
  sendAt: z.iso.datetime({ offset: true, error: 'Date et heure invalides' }).nullable(),
});
export type CampaignSchedulePayload = z.infer<typeof campaignScheduleSchema>;

// POST /api/campaigns/audience-count (staff): how many would receive it, shown before sending.
export const campaignAudienceCountSchema = z.object({ audience: campaignAudienceSchema });

// POST /api/campaigns/from-post/{postId} (staff, no body): a published blog post turned into a draft
// (subject: the title per language; body: its Markdown per language, with a link to the post).

// GET /api/campaigns/{id}/recipients (staff): the per-recipient log, paged.
export const campaignRecipientsQuerySchema = z.object({
  status: z.enum(CAMPAIGN_RECIPIENT_STATUSES).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(50),
});

// GET /api/campaigns/{id}/preview?language=xx (staff).
export const campaignPreviewQuerySchema = z.object({ language: z.enum(LANGUAGES).default('en') });
