import { contactFormSchema, contactFormToPayload } from '../../../shared/schemas/contact';
import { toCheckResult, type FormValues } from '../../lib/checked-form';

// Its own chunk with zod: fetched when the visitor starts on the contact form, not with the page.
// The form is checked with the shared schema, and sent as the server's route expects it.
export const checkContact = (values: FormValues) => toCheckResult(contactFormSchema.safeParse(values), contactFormToPayload);
