import { z } from 'zod';
import { VISA_LETTER_STATUSES, VISA_VERDICTS } from '../visa-letters';

// Visa letters (issue 35): the order page's answers, the back office's list, the verification.

const id = z.number().int().positive();

/** POST /api/orders/by-token/{token}/visa-letter. */
export const visaLetterRequestedDtoSchema = z.object({
  status: z.literal('requested'),
  /** The passport name differs from the order's name. */
  warning: z.string().optional(),
});
export type VisaLetterRequestedDto = z.infer<typeof visaLetterRequestedDtoSchema>;

/** GET /api/orders/by-token/{token}/visa-letter: what the order page offers. */
export const orderVisaLetterDtoSchema = z.object({
  canRequest: z.boolean(),
  status: z.enum(VISA_LETTER_STATUSES).nullable(),
  /** The issued letter's reference (the PDF can be downloaded). */
  reference: z.string().nullable(),
});
export type OrderVisaLetterDto = z.infer<typeof orderVisaLetterDtoSchema>;

/** A request or letter as staff see it (signed in: passport data included). */
export const visaLetterDtoSchema = z.object({
  id,
  orderId: id,
  orderReference: z.string(),
  buyerName: z.string(),
  programme: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  status: z.enum(VISA_LETTER_STATUSES),
  fullName: z.string().nullable(),
  nationality: z.string().nullable(),
  passportNumber: z.string().nullable(),
  dateOfBirth: z.string().nullable(),
  embassy: z.string().nullable(),
  nameDiffers: z.boolean(),
  reference: z.string().nullable(),
  issuedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
  revokeReason: z.string().nullable(),
  createdAt: z.string(),
});
export type VisaLetterDto = z.infer<typeof visaLetterDtoSchema>;

export const visaLetterPageDtoSchema = z.object({
  items: z.array(visaLetterDtoSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type VisaLetterPageDto = z.infer<typeof visaLetterPageDtoSchema>;

/** GET /api/visa-letters/verify/{code}: never the passport number nor the date of birth. */
export const visaVerificationDtoSchema = z.object({
  status: z.enum(VISA_VERDICTS),
  reference: z.string(),
  gym: z.string(),
  /** null once the holder's data was erased. */
  holderName: z.string().nullable(),
  programme: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  issueDate: z.string(),
  revokedAt: z.string().nullable(),
});
export type VisaVerificationDto = z.infer<typeof visaVerificationDtoSchema>;
