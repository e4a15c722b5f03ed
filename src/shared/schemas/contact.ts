import { z } from 'zod';
import { CONTACT_STATUSES, DEFAULT_CONTACT_SUBJECT } from '../constants';
import { LIMITS, languageField, emailText, honeypotField, nameIssue, personName } from './common';
import { EMAIL_REQUIRED, INVALID_EMAIL } from '../messages';
import { isPersonName } from '../person-name';

/** The name the route receives: the form's two, joined. */
const joinedName = (v: { firstName: string; lastName: string }) => `${v.firstName} ${v.lastName}`.trim();

// The public contact form as the visitor fills it (SPEC.md §5).
// Each name is a name, and so are both joined (what the route receives): too long together is
// said at the last name.
export const contactFormSchema = z
  .object({
    firstName: personName('First name is required'),
    lastName: personName('Last name is required'),
    email: emailText().min(1, EMAIL_REQUIRED).max(LIMITS.email).pipe(z.email(INVALID_EMAIL)),
    phone: z.string().trim().max(LIMITS.phone),
    subject: z.string().trim().max(LIMITS.subject),
    message: z.string().trim().min(1, 'Message is required').max(LIMITS.message),
    website: honeypotField(),
  })
  .superRefine((v, ctx) => {
    // Only when each name passed on its own: a refused one is said at its own field.
    if ([v.firstName, v.lastName].every((n) => typeof n === 'string' && n !== '' && isPersonName(n))) nameIssue(ctx, joinedName(v), 'lastName');
  });
export type ContactFormValues = z.infer<typeof contactFormSchema>;

// POST /api/contact.
export const contactPayloadSchema = z.object({
  name: personName(),
  email: emailText().min(1, EMAIL_REQUIRED).max(LIMITS.email).pipe(z.email(INVALID_EMAIL)),
  subject: z
    .string()
    .trim()
    .max(LIMITS.subject)
    .nullish()
    .transform((v) => (v ? v : DEFAULT_CONTACT_SUBJECT)),
  message: z.string().trim().min(1, 'Message is required').max(LIMITS.message),
  phone: z
    .string()
    .trim()
    .max(LIMITS.phone)
    .nullish()
    .transform((v) => (v ? v : null)),
  website: honeypotField(),
  language: languageField(),
});
export type ContactPayload = z.infer<typeof contactPayloadSchema>;

/** The form's names joined; the phone is collected but not sent (SPEC.md §3). */
export function contactFormToPayload(v: ContactFormValues): z.input<typeof contactPayloadSchema> {
  return {
    name: joinedName(v),
    email: v.email,
    subject: v.subject.trim() === '' ? DEFAULT_CONTACT_SUBJECT : v.subject,
    message: v.message,
    // Sent only when filled (by a bot): people's payloads stay as SPEC.md §7 shows them.
    ...(v.website ? { website: v.website } : {}),
  };
}

// PUT /api/contact-submissions/{id}/status.
export const contactStatusSchema = z.object({
  status: z.enum(CONTACT_STATUSES, 'Status must be one of: new, read, responded'),
});
