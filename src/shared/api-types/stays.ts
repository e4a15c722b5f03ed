import { z } from 'zod';

// Rooms (issue 36): the back office's room types and the public availability answer.

const id = z.number().int().positive();
const satang = z.number().int();

const translation = z.object({ name: z.string().optional(), description: z.string().optional() }).optional();

export const roomTypeDtoSchema = z.object({
  id,
  name: z.string(),
  description: z.string(),
  translations: z.object({ ru: translation, zh: translation, de: translation, fr: translation, th: translation }),
  beds: z.string(),
  maxGuests: z.number().int(),
  rooms: z.number().int(),
  roomList: z.array(z.object({ id, label: z.string() })),
  nightlyPriceSatang: satang,
  weeklyPriceSatang: satang.nullable(),
  monthlyPriceSatang: satang.nullable(),
  photos: z.array(z.string()),
  version: z.number().int(),
});
export type RoomTypeDto = z.infer<typeof roomTypeDtoSchema>;

export const roomTypeListDtoSchema = z.object({ roomTypes: z.array(roomTypeDtoSchema) });

export const roomClosureDtoSchema = z.object({
  id,
  roomId: id,
  roomLabel: z.string(),
  roomTypeId: id,
  firstNight: z.string(),
  lastNight: z.string(),
  reason: z.string(),
});
export type RoomClosureDto = z.infer<typeof roomClosureDtoSchema>;
export const roomClosureListDtoSchema = z.object({ closures: z.array(roomClosureDtoSchema) });

export const availabilityDtoSchema = z.object({
  checkIn: z.string(),
  checkOut: z.string(),
  nights: z.number().int(),
  roomTypes: z.array(
    z.object({
      id,
      name: z.string(),
      description: z.string(),
      beds: z.string(),
      photos: z.array(z.string()),
      maxGuests: z.number().int(),
      /** Rooms free on every night of the stay (the fewest over its nights). */
      roomsLeft: z.number().int(),
      /** The whole stay at the best of the nightly, weekly and monthly rates. */
      priceSatang: satang,
      nights: z.number().int(),
    }),
  ),
});
export type AvailabilityDto = z.infer<typeof availabilityDtoSchema>;
