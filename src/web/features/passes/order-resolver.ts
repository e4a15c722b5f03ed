import type { FieldErrors, Resolver } from 'react-hook-form';
import { todayInZone } from '../../../shared/gym-time';
import type { Language } from '../../../shared/i18n/languages';
import { orderPayloadSchema } from '../../../shared/schemas/orders';
import { gymTimeZone } from '../../lib/gym-zone';

// Its own chunk, like booking-resolver.ts: zod comes with the first touch of the form. The rule
// is the route's schema (orderPayloadSchema) plus the start date's lower bound in gym time.

export const START_IN_PAST_MESSAGE = 'The start date cannot be before today (gym time)';

/** The purchase form's fields as the visitor fills them. */
export interface OrderFormValues {
  passId: string;
  /** YYYY-MM-DD, a gym date (GYM_TIMEZONE). */
  startDate: string;
  name: string;
  email: string;
  phone: string;
  method: string;
  website?: string;
}

/** What POST /api/orders receives from the form. */
export const orderFormToPayload = (v: OrderFormValues, language: Language) => ({
  passId: v.passId,
  startDate: v.startDate,
  name: v.name,
  email: v.email,
  phone: v.phone.trim() === '' ? null : v.phone,
  language,
  method: v.method,
  ...(v.website ? { website: v.website } : {}),
});

/** The problems of the form, first message per field (English: the Field translates them). */
export function checkOrderForm(v: OrderFormValues, language: Language, timeZone: string, now = new Date()): Partial<Record<keyof OrderFormValues, string>> {
  const errors: Partial<Record<keyof OrderFormValues, string>> = {};
  const result = orderPayloadSchema.safeParse(orderFormToPayload(v, language));
  if (!result.success) {
    for (const issue of result.error.issues) errors[issue.path[0] as keyof OrderFormValues] ??= issue.message;
  }
  // A gym date compares as text (YYYY-MM-DD): "today" is the gym's, not the browser's.
  if (!errors.startDate && v.startDate < todayInZone(timeZone, now)) errors.startDate = START_IN_PAST_MESSAGE;
  return errors;
}

export const orderResolver =
  (language: Language): Resolver<OrderFormValues> =>
  async (values) => {
    const problems = Object.entries(checkOrderForm(values, language, gymTimeZone()));
    if (problems.length === 0) return { values, errors: {} };
    const errors: FieldErrors<OrderFormValues> = {};
    for (const [field, message] of problems) errors[field as keyof OrderFormValues] = { type: 'validate', message };
    return { values: {}, errors };
  };
