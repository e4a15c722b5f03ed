import type { z } from 'zod';
import type { CampaignDto } from '../../../../shared/api-types/campaigns';
import { LANGUAGES, type Language } from '../../../../shared/i18n/languages';
import {
  campaignAudienceSchema,
  campaignBodySchema,
  campaignPreheaderSchema,
  campaignSubjectSchema,
  type CampaignAudience,
  type CampaignPatch,
  type CampaignPayload,
} from '../../../../shared/schemas/campaigns';

// The campaign editor's values: every language's texts as typed (empty for "none"), and the
// audience as its controls hold it. The payloads are built from them and checked by the routes'
// own schemas (src/shared/schemas/campaigns.ts), part by part, so a wrong field never holds back
// the save of the others.

export type Texts = Record<Language, string>;

export interface CampaignFormValues {
  subject: Texts;
  preheader: Texts;
  body: Texts;
  /** Subscribers of these languages only; none: every language. */
  languages: Language[];
  activePass: boolean;
  pastStay: boolean;
  upcomingArrival: boolean;
  notSeen: boolean;
  notSeenDays: string;
}

const emptyTexts = (): Texts => Object.fromEntries(LANGUAGES.map((l) => [l, ''])) as Texts;

export const EMPTY_CAMPAIGN: CampaignFormValues = {
  subject: emptyTexts(),
  preheader: emptyTexts(),
  body: emptyTexts(),
  languages: [],
  activePass: false,
  pastStay: false,
  upcomingArrival: false,
  notSeen: false,
  notSeenDays: '90',
};

const textsOf = (v: Partial<Record<Language, string>>): Texts => ({ ...emptyTexts(), ...Object.fromEntries(Object.entries(v).map(([k, t]) => [k, t ?? ''])) });

export function valuesOf(c: CampaignDto): CampaignFormValues {
  const a = c.audience;
  return {
    subject: textsOf(c.subject),
    preheader: textsOf(c.preheader),
    body: textsOf(c.bodyMarkdown),
    languages: [...(a.languages ?? [])],
    activePass: a.activePass === true,
    pastStay: a.pastStay === true,
    upcomingArrival: a.upcomingArrival === true,
    notSeen: a.notSeenDays != null,
    notSeenDays: a.notSeenDays != null ? String(a.notSeenDays) : EMPTY_CAMPAIGN.notSeenDays,
  };
}

/** English always (it is required), the other languages when written. */
const textsPayload = (t: Texts) => Object.fromEntries(LANGUAGES.filter((l) => l === 'en' || t[l].trim() !== '').map((l) => [l, t[l]]));

/** The audience as the routes take it: only the filters chosen. */
export function audiencePayload(v: CampaignFormValues): Record<string, unknown> {
  return {
    ...(v.languages.length > 0 ? { languages: LANGUAGES.filter((l) => v.languages.includes(l)) } : {}),
    ...(v.activePass ? { activePass: true } : {}),
    ...(v.pastStay ? { pastStay: true } : {}),
    ...(v.upcomingArrival ? { upcomingArrival: true } : {}),
    ...(v.notSeen ? { notSeenDays: v.notSeenDays.trim() === '' ? Number.NaN : Number(v.notSeenDays) } : {}),
  };
}

/** Field key → message, e.g. 'subject.en', 'body.ru', 'audience.notSeenDays'. */
export type FormErrors = Record<string, string>;

interface Checked {
  /** The parts that hold, ready for PATCH. */
  patch: CampaignPatch;
  errors: FormErrors;
}

function part<T>(schema: z.ZodType<T>, value: unknown, prefix: string, errors: FormErrors): T | undefined {
  const r = schema.safeParse(value);
  if (r.success) return r.data;
  for (const i of r.error.issues) errors[[prefix, ...i.path.map(String)].join('.')] ??= i.message;
  return undefined;
}

/** Each part checked by its schema: what holds goes in the patch, what does not is an error by field. */
export function check(v: CampaignFormValues): Checked {
  const errors: FormErrors = {};
  const subject = part(campaignSubjectSchema, textsPayload(v.subject), 'subject', errors);
  const preheader = part(campaignPreheaderSchema, textsPayload(v.preheader), 'preheader', errors);
  const bodyMarkdown = part(campaignBodySchema, textsPayload(v.body), 'body', errors);
  const audience: CampaignAudience | undefined = part(campaignAudienceSchema, audiencePayload(v), 'audience', errors);
  return {
    patch: {
      ...(subject ? { subject } : {}),
      ...(preheader ? { preheader } : {}),
      ...(bodyMarkdown ? { bodyMarkdown } : {}),
      ...(audience ? { audience } : {}),
    },
    errors,
  };
}

/** The whole payload, when every part holds (a new campaign is created only then). */
export function fullPayload(v: CampaignFormValues): CampaignPayload | null {
  const { patch, errors } = check(v);
  if (Object.keys(errors).length > 0 || !patch.subject || !patch.bodyMarkdown) return null;
  return { subject: patch.subject, preheader: patch.preheader, bodyMarkdown: patch.bodyMarkdown, audience: patch.audience ?? {} };
}

/** Whether a new campaign may be created yet: its English subject and text are there. */
export const canCreate = (v: CampaignFormValues) => v.subject.en.trim() !== '' && v.body.en.trim() !== '';

export const sameValues = (a: CampaignFormValues, b: CampaignFormValues) => JSON.stringify(a) === JSON.stringify(b);

/** A language "is written" once it has a subject or a text. */
export const written = (v: CampaignFormValues, l: Language) => v.subject[l].trim() !== '' || v.body[l].trim() !== '';
