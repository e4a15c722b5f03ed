import type { MessageKey } from '../../shared/i18n/locales/en';

// The shared zod schemas (route and form) write their messages in English, the site's
// default. A field shows the page's translation of them through this table; a message not
// in it (a server sentence) shows as written. catalogues.test.ts checks each English text
// equals the English catalogue's, so a changed schema message fails the test.
export const ERROR_KEYS: Record<string, MessageKey> = {
  'Name is required': 'error.nameRequired',
  'Email is required': 'error.emailRequired',
  'Invalid email': 'error.invalidEmail',
  'First name is required': 'error.firstNameRequired',
  'Last name is required': 'error.lastNameRequired',
  'Message is required': 'error.messageRequired',
  'Either email or phone is required': 'error.contactRequired',
  'Phone number must include country code (e.g., +33)': 'error.phoneCountryCode',
  'Please select a course': 'error.courseRequired',
  'Date and time are required': 'error.dateRequired',
  'Please pick a date from today up to two years ahead': 'error.dateRange',
};
