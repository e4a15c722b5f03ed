import { z } from 'zod';

// The arrival (issue 36 §5): the "Arrivées" board, the occupancy grid, the traveller's pickup.

const id = z.number().int().positive();
const satang = z.number().int();

export const pickupDtoSchema = z.object({
  airport: z.string(),
  /** Null until the traveller gives it. */
  flightNumber: z.string().nullable(),
  /** Gym wall time YYYY-MM-DDTHH:MM. */
  arrivesAt: z.string(),
  /** The calendar file's SEQUENCE. */
  sequence: z.number().int(),
});
export type PickupDto = z.infer<typeof pickupDtoSchema>;

export const boardStayDtoSchema = z.object({
  orderId: id,
  reference: z.string(),
  name: z.string(),
  phone: z.string().nullable(),
  roomTypeId: id,
  roomTypeName: z.string(),
  checkIn: z.string(),
  checkOut: z.string(),
  guests: z.number().int(),
  roomId: id.nullable(),
  roomLabel: z.string().nullable(),
  checkedInAt: z.string().nullable(),
  checkedOutAt: z.string().nullable(),
  /** What the ledger says is still owed on the whole order. */
  owedSatang: satang,
  balanceDueDate: z.string().nullable(),
  pickup: pickupDtoSchema.nullable(),
});
export type BoardStayDto = z.infer<typeof boardStayDtoSchema>;

export const boardPickupDtoSchema = pickupDtoSchema.extend({ orderId: id, reference: z.string(), name: z.string(), phone: z.string().nullable() });

export const boardDayDtoSchema = z.object({
  date: z.string(),
  arrivals: z.array(boardStayDtoSchema),
  departures: z.array(boardStayDtoSchema),
  /** Guests who sleep in that night (arrived before, leaving later). */
  staying: z.array(boardStayDtoSchema),
  pickups: z.array(boardPickupDtoSchema),
});
export type BoardDayDto = z.infer<typeof boardDayDtoSchema>;

export const arrivalsBoardDtoSchema = z.object({
  /** The day asked and the next one. */
  days: z.array(boardDayDtoSchema),
  rooms: z.array(z.object({ id, label: z.string(), roomTypeId: id, roomTypeName: z.string() })),
});
export type ArrivalsBoardDto = z.infer<typeof arrivalsBoardDtoSchema>;

export const occupancyDtoSchema = z.object({
  from: z.string(),
  dates: z.array(z.string()),
  roomTypes: z.array(
    z.object({
      id,
      name: z.string(),
      rooms: z.number().int(),
      /** One per date: rooms taken by stays and rooms closed for repairs that night. */
      nights: z.array(z.object({ taken: z.number().int(), closed: z.number().int() })),
    }),
  ),
});
export type OccupancyDto = z.infer<typeof occupancyDtoSchema>;
