import { z } from 'zod';
import { WAIVER_CONDITIONS } from '../schemas/waivers';

// The waiver's answers (issue 47 point 4). The signature's health answers appear only in the
// person's own answer (GET /api/me/waiver) and the staff's customer answer.

export const waiverStatusDtoSchema = z.object({
  required: z.boolean().describe('Whether the person must sign (again) before their next class'),
  signedVersion: z.number().int().nullable(),
  signedAt: z.string().nullable(),
});
export type WaiverStatusDto = z.infer<typeof waiverStatusDtoSchema>;

export const waiverVersionDtoSchema = z.object({
  version: z.number().int(),
  texts: z.record(z.string(), z.string().optional()),
  resign: z.enum(['all', 'unsigned']),
  publishedAt: z.string(),
});
export type WaiverVersionDto = z.infer<typeof waiverVersionDtoSchema>;

export const waiverSignatureDtoSchema = z.object({
  version: z.number().int(),
  language: z.string(),
  fullName: z.string(),
  birthDate: z.string(),
  emergencyName: z.string(),
  emergencyPhone: z.string(),
  conditions: z.array(z.enum(WAIVER_CONDITIONS).or(z.string())),
  conditionsText: z.string().nullable(),
  hasConditions: z.boolean(),
  healthErasedAt: z.string().nullable(),
  signatureName: z.string(),
  signedAt: z.string(),
});

/** GET /api/me/waiver: the text to sign in the person's language (English when none), and what they signed. */
export const waiverDtoSchema = waiverStatusDtoSchema.extend({
  current: z.object({ version: z.number().int(), language: z.string(), text: z.string(), publishedAt: z.string() }).nullable(),
  signed: waiverSignatureDtoSchema.nullable(),
});
export type WaiverDto = z.infer<typeof waiverDtoSchema>;

/** Staff beside a person's name: "missing", "conditions" declared, "signed", or "none" (no waiver published). */
export const waiverFlagSchema = z.enum(['missing', 'conditions', 'signed', 'none']);

/** GET /api/customers/{id}/waiver (staff). */
export const waiverStaffDtoSchema = waiverStatusDtoSchema.extend({ flag: waiverFlagSchema, signature: waiverSignatureDtoSchema.nullable() });
export type WaiverStaffDto = z.infer<typeof waiverStaffDtoSchema>;

/** POST /api/desk/check-in (issue 47 point 5). */
export const checkInDtoSchema = z.object({
  person: z.object({ customerId: z.number().int(), name: z.string(), email: z.string().nullable() }),
  waiver: waiverFlagSchema,
  booking: z
    .object({
      id: z.number().int(),
      course: z.string(),
      dateTime: z.string(),
      attendance: z.literal('present'),
      marked: z.boolean().describe('True when this scan marked it; false when it was marked already'),
    })
    .nullable(),
});
export type CheckInDto = z.infer<typeof checkInDtoSchema>;
