import type { FieldErrors, Resolver } from 'react-hook-form';
import { checkBookingForm, type BookingFormValues } from '../../../shared/schemas/reservations';
import { gymTimeZone } from '../../lib/gym-zone';

// The schema module pulls in zod, so its payload helper is reached through this chunk too.
export { bookingToPayload } from '../../../shared/schemas/reservations';

// Its own chunk: zod is fetched when the visitor starts on the form, not with the page.
// The rule is the route's schema (checkBookingForm runs reservationPayloadSchema); the date
// and time are read as gym time.
export const bookingResolver: Resolver<BookingFormValues> = async (values) => {
  const problems = Object.entries(checkBookingForm(values, gymTimeZone()));
  if (problems.length === 0) return { values, errors: {} };
  const errors: FieldErrors<BookingFormValues> = {};
  for (const [field, message] of problems) errors[field as keyof BookingFormValues] = { type: 'validate', message };
  return { values: {}, errors };
};
