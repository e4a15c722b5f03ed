import { zodResolver } from '@hookform/resolvers/zod';
import { bookingFormSchema } from '../../../shared/schemas/reservations';

// The schema module pulls in zod, so its payload helper is reached through this chunk too.
export { bookingToPayload } from '../../../shared/schemas/reservations';

// Its own chunk: zod is fetched when the visitor starts on the form, not with the page.
export const bookingResolver = zodResolver(bookingFormSchema);
