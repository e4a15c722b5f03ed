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

// The sentences the booking-management API answers with (reservations.service.ts), so the
// manage page shows them in its language. catalogues.test.ts checks them against the server's.
export const MANAGE_ERROR_KEYS: Record<string, MessageKey> = {
  'Booking not found': 'manage.error.notFound',
  'This class is full': 'manage.error.full',
  'This class does not take place on that day': 'manage.error.notHeld',
  'This class has already started': 'manage.error.started',
  'There is no such class on the timetable. Pick a time from the timetable.': 'manage.error.noSuchClass',
  'That class has already started. Pick a later one.': 'manage.error.targetStarted',
  'A request by appointment cannot move to a class: reply to your confirmation e-mail instead': 'manage.error.byAppointment',
  'This booking changed meanwhile. Reload the page.': 'manage.error.changed',
};
