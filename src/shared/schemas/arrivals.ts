import { z } from 'zod';
import { FLIGHT_NUMBER } from '../flight-number';
import { isIsoDate } from '../gym-time';

// The arrival (issue 36 §5): the board's day, a check-in, the occupancy grid's window (the back
// office: French messages) and the traveller's flight (public: English messages, the order page
// says them in its own words).

const gymDate = (label: string) => z.string({ error: `${label} : une date (AAAA-MM-JJ)` }).refine(isIsoDate, `${label} : une date (AAAA-MM-JJ)`);

export const arrivalsQuerySchema = z.object({ date: gymDate('date').optional() });

export const checkInSchema = z.object({
  roomId: z.number({ error: 'Choisissez une chambre' }).int('Choisissez une chambre').positive('Choisissez une chambre'),
});
export type CheckInInput = z.output<typeof checkInSchema>;

export const OCCUPANCY_MAX_DAYS = 62;
export const occupancyQuerySchema = z.object({
  from: gymDate('from').optional(),
  days: z
    .string()
    .regex(/^[1-9][0-9]?$/, `days : un nombre de 1 à ${OCCUPANCY_MAX_DAYS}`)
    .transform(Number)
    .refine((n) => n <= OCCUPANCY_MAX_DAYS, `days : ${OCCUPANCY_MAX_DAYS} au plus`)
    .default(30),
});
export type OccupancyQuery = z.output<typeof occupancyQuerySchema>;

/** The traveller's flight: its number and when it lands, gym wall time (YYYY-MM-DDTHH:MM). */
export const pickupFlightSchema = z.object({
  flightNumber: z
    .string({ error: 'flightNumber is required' })
    .trim()
    .transform((s) => s.toUpperCase())
    .refine((s) => FLIGHT_NUMBER.test(s), 'flightNumber must look like TG 215'),
  arrivesAt: z
    .string({ error: 'arrivesAt is required (YYYY-MM-DDTHH:MM)' })
    .regex(/^\d{4}-\d{2}-\d{2}T([01]\d|2[0-3]):[0-5]\d$/, 'arrivesAt must be YYYY-MM-DDTHH:MM (gym time)')
    .refine((s) => isIsoDate(s.slice(0, 10)), 'arrivesAt must be a real date'),
});
export type PickupFlightInput = z.output<typeof pickupFlightSchema>;
