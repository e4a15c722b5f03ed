import type { ErrorCode } from '../../shared/error-codes';
import type { MessageKey } from '../../shared/i18n/locales/en';

// The shared zod schemas (route and form) write their messages in English, the site's
// default. A field shows the page's translation of them through this table; a message not
// in it (a server sentence) shows as written. catalogues.test.ts checks each English text
// equals the English catalogue's, so a changed schema message fails the test.
export const ERROR_KEYS: Record<string, MessageKey> = {
  'Name is required': 'error.nameRequired',
  'Please enter only your name: one line of at most 100 characters, without a link or an e-mail address': 'error.nameInvalid',
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
  'Please pick a start date': 'error.startDate',
  'The start date cannot be before today (gym time)': 'error.startPast',
};

// The refusals of the booking-management API, by their code, so the manage page says them in
// its language (each catalogue's English is the server's sentence).
export const MANAGE_ERROR_KEYS: Partial<Record<ErrorCode, MessageKey>> = {
  not_found: 'manage.error.notFound',
  slot_full: 'manage.error.full',
  class_not_held: 'manage.error.notHeld',
  class_started: 'manage.error.started',
  session_not_found: 'manage.error.noSuchClass',
  move_target_started: 'manage.error.targetStarted',
  booking_by_appointment: 'manage.error.byAppointment',
  stale_version: 'manage.error.changed',
  booking_cancelled: 'manage.error.cancelled',
  link_superseded: 'manage.error.superseded',
};

// The waiting list's refusals (joining from the booking form, accepting on its page), by code.
export const WAITLIST_ERROR_KEYS: Partial<Record<ErrorCode, MessageKey>> = {
  not_found: 'waitlist.notFound',
  waitlist_offer_gone: 'waitlist.error.gone',
  waitlist_joined: 'waitlist.error.joined',
  waitlist_already_booked: 'waitlist.error.booked',
  waitlist_not_full: 'waitlist.error.notFull',
  name_invalid: 'error.nameInvalid',
  slot_full: 'waitlist.error.gone',
  class_not_held: 'manage.error.notHeld',
  class_started: 'manage.error.started',
  session_not_found: 'manage.error.noSuchClass',
  link_superseded: 'manage.error.superseded',
};

// The shop's refusals (passes, orders and bookings with a pass), by their code, so the booking
// page and the order page say them in their language (each catalogue's English is the server's
// sentence, or the manage page's for the seat refusals they share).
export const PASS_ERROR_KEYS: Partial<Record<ErrorCode, MessageKey>> = {
  pass_not_found: 'passError.notFound',
  pass_not_on_sale: 'passError.notOnSale',
  // My page's pause (issue 47): said with the pause's own words.
  pass_not_pausable: 'me.refused.pause',
  start_date_past: 'error.startPast',
  start_date_too_far: 'passError.startTooFar',
  contact_required: 'passError.contactRequired',
  promptpay_unavailable: 'passError.promptpayUnavailable',
  card_unavailable: 'passes.cardUnavailable',
  order_expired: 'passError.orderExpired',
  order_closed: 'passError.orderClosed',
  pass_not_paid: 'passError.notPaid',
  pass_not_covered: 'passError.notCovered',
  pass_out_of_dates: 'passError.outOfDates',
  pass_day_used: 'passError.dayUsed',
  pass_slot_used: 'passError.slotUsed',
  pass_no_credit: 'passError.noCredit',
  pass_week_full: 'passError.weekFull',
  discount_code_invalid: 'passError.codeInvalid',
  discount_code_expired: 'passError.codeExpired',
  discount_code_used_up: 'passError.codeUsedUp',
  name_invalid: 'error.nameInvalid',
  slot_full: 'manage.error.full',
  class_not_held: 'manage.error.notHeld',
  class_started: 'manage.error.started',
  session_not_found: 'manage.error.noSuchClass',
};
