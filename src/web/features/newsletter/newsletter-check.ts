import { newsletterSubscribeSchema } from '../../../shared/schemas/newsletter';
import { toCheckResult, type FormValues } from '../../lib/checked-form';

// Its own chunk with zod: fetched when the visitor starts on the sign-up form, not with the page.
// The e-mail is checked with the server's own rule.
const formSchema = newsletterSubscribeSchema.pick({ email: true, website: true });

export const checkNewsletter = (values: FormValues) =>
  toCheckResult(formSchema.safeParse(values), (v) => ({
    email: v.email,
    isActive: true as const,
    // Sent only when filled (by a bot): people's payloads stay as SPEC.md §7 shows them.
    ...(v.website ? { website: v.website } : {}),
  }));
