import { z } from 'zod';

// GET /api/offers (issue 46 §2): what the booking journey can sell now, each kind with why not.
// The journey offers a kind only when the server says it is available.

/**
 * Why a kind is not on offer: `none` (nothing of it on sale), `letter` (programmes on sale
 * whose visa letter cannot be issued: Paramètres' letter details are incomplete), `payment`
 * (rooms, whose deposit is paid online, while the gym takes no payment online).
 */
export const offerReasonSchema = z.enum(['none', 'letter', 'payment']);

const offer = z.object({ available: z.boolean(), reason: offerReasonSchema.nullable() });

export const offersDtoSchema = z.object({
  /** A class with weekly sessions on the timetable. */
  class: offer,
  /** A pass of the price table on sale. */
  pass: offer,
  /** A long-stay programme on sale whose visa letter can be issued. */
  programme: offer,
  /** A room type with at least one room and a way to pay its deposit online (the dates' free rooms are the availability read's). */
  stay: offer,
  /**
   * A private lesson: with a trainer who has weekly hours (`trainer`), or else asked for as a
   * request of the class by appointment (`request`, its courses in `courses`), or not at all.
   */
  private: offer.extend({ how: z.enum(['trainer', 'request']).nullable(), courses: z.array(z.string()) }),
  /** The gym asks a waiver before the first class (issue 47): a booking's confirmation points to My page to sign it. */
  waiver: z.boolean(),
});
export type OffersDto = z.infer<typeof offersDtoSchema>;
