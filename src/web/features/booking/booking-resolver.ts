import { zodResolver } from '@hookform/resolvers/zod';
import { bookingFormSchema } from '../../../shared/schemas/reservations';

// Its own chunk: zod is fetched when the visitor starts on the form, not with the page.
export const bookingResolver = zodResolver(bookingFormSchema);
