// Every error answer is `{ error, code }`: `error` is the sentence (SPEC.md's text where it
// quotes one), `code` a stable identifier the browser chooses its words by. A code is never
// renamed once shipped; add new ones here and to the OpenAPI description below.

export const ERROR_CODES = {
  validation: 'The payload or a query parameter is invalid; `error` names the field',
  name_invalid:
    "A person's name on a public form is not one: more than one line or 100 characters, a control character, a link or an e-mail address; `error` says so in the payload's `language`",
  unauthorized: 'Not signed in, or the session expired',
  login_failed: 'Wrong e-mail or password (or code)',
  login_expired: 'The sign-in step after the password (two-factor code) expired: sign in again',
  forbidden: 'Signed in without the right role, or an own-account rule',
  not_found: 'No such record',
  conflict: 'Conflicts with what is stored',
  stale_version: 'The record changed since it was loaded (optimistic concurrency)',
  slug_taken: 'Another post or category already has this slug',
  two_factor_setup_required: 'Two-factor authentication is required: only the enrolment routes answer until it is set up',
  slot_full: 'No seat left in this session',
  session_has_bookings:
    'The weekly session has bookings to come: say what becomes of them (`bookings`: "move" or "cancel"); `bookings` in the answer is their number',
  idempotency_key_reused: 'The Idempotency-Key was used for another request',
  idempotency_key_busy: 'A request with this Idempotency-Key is still being answered; retry shortly',
  class_started: 'The booked class has already started: it can no longer be booked, cancelled or moved',
  class_not_held: 'The class does not take place on that day (cancelled, or the gym is closed)',
  session_not_found: 'No such session on the timetable (a booking or a move names a class at a time it is not given)',
  move_target_started: 'The session a booking is moved to has already started',
  booking_by_appointment: 'A request by appointment cannot move to a class',
  request_in_past: 'A request by appointment names a time in the past',
  pass_not_found: 'No pass of the price table has this id, or no order has this pass token (or the desk named no such order)',
  pass_not_on_sale: 'The owner has taken this pass off sale (Paramètres)',
  start_date_past: "A pass's start date is before today in gym time",
  start_date_too_far: "A pass's start date is more than a year ahead",
  stay_deposit_online: 'An order with a stay bought online is paid by PromptPay or card (its deposit holds the room); the desk sells stays paid at the desk',
  rooms_full: 'No room of this type is left for one of the nights asked (issue 36): nothing was taken',
  room_type_unknown: 'No room type has this id',
  too_many_guests: 'The room type takes fewer guests than asked',
  check_in_past: "A stay's check-in is before today in gym time",
  stay_too_long: 'A stay is 180 nights at most',
  airport_unknown: 'No airport of Paramètres has this code (pickups)',
  pickup_in_past: "A pickup's landing time is already past (gym time)",
  stay_change_closed: "The order's terms no longer allow a change of dates (too close to check-in), or the order is not open (cancelled, expired)",
  no_stay: 'The order has no stay holding its nights',
  contact_required: 'An order needs an e-mail address or a phone number to know the buyer by',
  promptpay_unavailable: 'The gym has no PromptPay ID set: pay by another method',
  card_unavailable: 'Card payments are not available (not configured, or the provider failed)',
  order_expired: 'The order was not paid in time and has lapsed',
  order_closed: 'The order is cancelled or refunded: it takes no more payments',
  payment_exceeds_owed: 'A payment is larger than what is still owed on the order',
  refund_exceeds_paid: 'A refund is larger than what was paid and not yet refunded',
  receipt_unavailable: 'The order is not paid in full, or was refunded, cancelled or disputed since: it has no receipt',
  order_has_payments: 'An order with money paid (and not refunded) cannot be cancelled',
  card_payment_from_stripe_only: "Card money is recorded only from the card provider (Stripe); the desk's own card terminal is the method 'terminal'",
  refund_failed: 'The card provider refused the refund: nothing was refunded',
  refund_pending: 'The card provider did not answer in time: the refund stays pending and is asked again (retry with the same Idempotency-Key)',
  checkout_busy: 'A card checkout is being opened for this order: retry in a few seconds',
  payment_not_recorded_yet: 'A refund or dispute event names a payment not recorded yet: the provider is asked to deliver it again',
  price_not_positive: 'A price of the price table (or a deposit rule) is zero or below; the sentence names the cell',
  pass_not_paid: 'The pass is not paid (nor its deposit), or it expired, was cancelled or refunded',
  pass_not_covered: 'The pass does not cover this class',
  pass_out_of_dates: "The class's gym date is outside the pass's days",
  pass_day_used: 'A one-a-day pass already holds a class that gym day',
  pass_slot_used: 'An unlimited pass already holds a seat at that session time',
  pass_no_credit: 'The pass has no session left: nothing was booked',
  pass_week_full: "A programme's sessions of that ISO week (gym time) are all held: nothing was booked",
  discount_code_invalid: 'No such discount code, it is disabled, or it covers none of the lines ordered (issue 48)',
  discount_code_expired: 'The discount code is outside its gym dates (not yet valid, or past its last day)',
  discount_code_used_up: 'The discount code has no use left, in all or for this person',
  discount_code_taken: 'Another discount code already has this text (staff)',
  campaign_not_draft: 'The campaign is no longer a draft (scheduled, being sent, sent or cancelled): it was not scheduled again (a double click sends once)',
  campaign_not_editable: 'The campaign is being sent, sent or cancelled: it can no longer be changed',
  campaign_not_cancellable: 'The campaign is already sent or cancelled: there is nothing left to stop',
  campaign_send_at_past: 'The time given to send the campaign has passed: give a later one, or null to send now',
  post_not_published: 'The blog post is not published: only a published post can become a campaign',
  payload_too_large: 'The body or an upload is too large',
  unsupported_media_type: 'The content type or file type is not accepted',
  rate_limited: 'Too many attempts; try again later',
  overloaded: 'The instance has too many writes in progress (503, Retry-After): nothing was done; send it again after the delay',
  webhook_signature_invalid: 'A payment webhook whose signature is missing, wrong or too old for its body: nothing was applied',
  webhook_not_configured: 'Payment webhooks are not set up on this server (no webhook secret): nothing was applied',
  merge_same_customer: 'A customer record cannot be merged into itself',
  customer_merged: 'The customer record was already merged into another one: use that one',
  internal: 'An unexpected failure; details are in the server log',
  storage_unavailable: 'The file storage (S3 bucket) cannot be reached or refused the request: nothing was stored; retry later',
  waitlist_joined: 'No longer answered (decision 174): a join by someone already on the waiting list answers as a first join and mails the link again',
  waitlist_already_booked: 'No longer answered (decision 174): a join by someone booked at that time answers as a join and mails them instead',
  waitlist_not_full: 'The session still has seats: book it directly',
  waitlist_offer_gone: 'No offer is open for this entry (it expired, was taken, or the entry left the list)',
  inbound_mail_settled: 'The held e-mail was dismissed or is already waiting for another try: nothing changed',
  already_waived: 'The late cancel or no-show was already forgiven: its credit came back once',
  not_waivable: 'The booking is neither a late cancel nor a no-show: there is nothing to forgive',
  visa_letter_unavailable: 'The order is not a programme, or is not paid (nor its deposit when the gym allows that): no visa letter',
  letter_details_missing: "The gym's letterhead or signatory is not filled in (Paramètres): the sentence names what is missing",
  visa_letter_closed: 'The visa letter is revoked, or its passport data was erased: nothing changed',
  visa_letter_not_issued: 'No visa letter was issued for this order yet',
  link_erased: 'The link worked once, but the data behind it was removed at the request of its person (HTTP 410; the answer carries `state: "erased"`)',
  booking_cancelled: 'The booking is already cancelled: its link shows it, and nothing more can be changed from it',
  link_superseded: 'A newer e-mail replaced this link: it shows the record as it is now, and changes go through the newest link',
  trainer_busy: 'The trainer is already taken at that time (another lesson or its buffer): nothing was booked; pick another slot',
  lesson_slot_unavailable:
    "The time is not one of the trainer's free slots (outside their hours, a class they coach, the notice, on leave): nothing was booked",
  pause_not_allowed: 'The owner allows no pause of a pass (Paramètres: pause days 0)',
  pause_over_limit: 'The days asked, with the days this pass was paused already, exceed what the owner allows',
  pause_in_past: 'A pause starts today or later, in gym time: it is never back-dated',
  pass_not_pausable: 'Only a pass paid in full, not cancelled and not yet over may be paused (from a day before its last)',
  me_sign_in_failed: 'A sign-in link or code (My page, issue 47) that is wrong, spent or expired; the same answer whether or not the address is a customer',
  waiver_not_published: 'The gym has published no waiver yet: there is nothing to sign',
  waiver_version_stale: 'The waiver signed is not the current version: read the new text and sign it',
  waiver_minor: 'The person signing is under 18: a guardian signs the waiver at the desk',
  waiver_signature_invalid: 'The drawn signature is not a readable PNG drawing (empty, too large or not an image)',
} as const;

export type ErrorCode = keyof typeof ERROR_CODES;

export const ERROR_CODE_LIST = Object.keys(ERROR_CODES) as ErrorCode[];

/** The code an answer gets when the thrower named none. */
export function defaultErrorCode(status: number): ErrorCode {
  switch (status) {
    case 400:
      return 'validation';
    case 401:
      return 'unauthorized';
    case 403:
      return 'forbidden';
    case 404:
      return 'not_found';
    case 409:
      return 'conflict';
    case 413:
      return 'payload_too_large';
    case 415:
      return 'unsupported_media_type';
    case 422:
      return 'idempotency_key_reused';
    case 429:
      return 'rate_limited';
    default:
      return status >= 500 ? 'internal' : 'validation';
  }
}
