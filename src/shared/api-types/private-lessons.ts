import { z } from 'zod';

// Private lessons (issue 37 points 4-6): a booked lesson, the answer of a booking, a trainer's
// day, the monthly report.

const id = z.number().int().positive();

export const privateLessonDtoSchema = z.object({
  /** The booking's id (a lesson is a booking of the class by appointment). */
  id,
  trainerId: id,
  trainerName: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  /** Gym date and time. */
  date: z.string(),
  time: z.string(),
  minutes: z.number().int(),
  guests: z.number().int(),
  discipline: z.string(),
  name: z.string(),
  status: z.enum(['booked', 'cancelled']),
});
export type PrivateLessonDto = z.infer<typeof privateLessonDtoSchema>;

export const privateLessonBookedDtoSchema = z.object({
  lesson: privateLessonDtoSchema,
  /** The order that pays for it, when the lesson was not paid with a pass. */
  order: z
    .object({
      id,
      reference: z.string(),
      amountSatang: z.number().int(),
      method: z.string(),
      /** The order page: the PromptPay QR, the card checkout again, the slip upload. */
      orderUrl: z.string(),
      checkoutUrl: z.string().nullable(),
    })
    .optional(),
});
export type PrivateLessonBookedDto = z.infer<typeof privateLessonBookedDtoSchema>;
