import { WHAT_TO_BRING } from '../../../../shared/site';

// The words of the e-mails a customer gets, in English: the catalogue every other language
// (ru.ts, zh.ts, …) is typed against, so a missing key fails the typecheck (and
// catalogues.test.ts). Dates and times come in already written out in the language (Intl, gym
// time); the staff's notices stay English, the back office's e-mails French.

export const en = {
  // Booking e-mails
  hello: (name: string) => `Hello ${name},`,
  booked: (gym: string) => `Your place is booked. See you on the mats at ${gym}!`,
  labelClass: 'Class',
  labelWhen: 'When',
  labelWhere: 'Where',
  labelMap: 'Map',
  openMap: 'Open in Google Maps',
  labelBooking: 'Booking',
  labelNewTime: 'New time',
  labelWas: 'Was',
  whatToBring: 'What to bring',
  whatToBringItems: WHAT_TO_BRING as readonly string[],
  arriveEarly: 'Please arrive 10 minutes early to change and warm up.',
  changeOrCancel: 'Change or cancel your booking',
  /** `viaReply`: the e-mail can be answered (GYM_NOTIFY_EMAIL is set). */
  changeByMessage: (viaReply: boolean, whatsapp: string) =>
    `Need to change or cancel? Just ${viaReply ? 'reply to this e-mail, or ' : ''}message us on WhatsApp at ${whatsapp}.`,
  passUsed: (pass: string, left: number | null) =>
    `Booked with your pass “${pass}”: ${left == null ? 'unlimited classes within its days' : left === 1 ? '1 session left' : `${left} sessions left`}.`,
  passCancelRule: (deadline: string) => `Cancel by ${deadline} (gym time) and the session goes back on your pass; a later cancellation or a no-show uses it.`,
  cancelRule: (deadline: string) =>
    `Can't come? Please cancel by ${deadline} (gym time) so your place goes to someone else; later cancellations and no-shows are noted.`,
  confirmationNote: 'The attached calendar file (booking.ics) adds the class to your calendar; your calendar shows it in your own time zone.',
  confirmationSubject: (course: string, date: string, time: string) => `Booking confirmed: ${course} on ${date} at ${time}`,
  /** A request by appointment (no trainer on the site): received, not booked. */
  requestReceived: (gym: string) => `We received your request. ${gym} will reply to agree a time with you: nothing is booked until then.`,
  labelAskedFor: 'Asked for',
  requestSubject: (course: string, date: string, time: string) => `Request received: ${course} on ${date} at ${time}`,
  cancelledByGym: (gym: string) => `We are sorry: ${gym} had to cancel your booking.`,
  cancelledByCustomer: 'Your booking is cancelled, as you asked.',
  gymReason: (reason: string) => `The gym's reason: “${reason}”`,
  rebookAction: 'Choose another class that day or the next',
  bookAgain: (url: string) => `Want to train another day? Book again at ${url}`,
  cancelledNote: 'The attached calendar update removes the class from your calendar.',
  cancelledSubject: (course: string, date: string, time: string) => `Booking cancelled: ${course} on ${date} at ${time}`,
  cancelledManySubject: (count: number) => `${count} bookings cancelled by the gym`,
  moved: 'Your booking has moved to a new time.',
  movedByGym: (gym: string) =>
    `${gym} has moved this class to a new time. If the new time does not suit you, you may cancel until the class starts and keep your credit.`,
  movedNote: 'The attached calendar update moves the class in your calendar.',
  movedSubject: (course: string, date: string, time: string) => `Booking moved: ${course}, now ${date} at ${time}`,
  movedManySubject: (count: number) => `${count} bookings moved to a new time by the gym`,
  reminderIntro: (gym: string) => `A reminder of your class at ${gym}:`,
  reminderSubject: (course: string, date: string, time: string) => `Reminder: ${course} on ${date} at ${time}`,
  /**
   * The gym's zone after a time. `label` is the English one ("Krabi time (UTC+7)"); the other
   * languages name the offset only (the town's name has no translation at hand).
   */
  zone: (label: string, _offset: string) => label,
  // The calendar event's description (SUMMARY is the class and the gym's name: no words).
  icsClassAt: (course: string, gym: string) => `${course} at ${gym}`,
  icsCancelled: 'This booking was cancelled.',
  icsChange: (url: string) => `Change or cancel: ${url}`,

  // A staff reply: the staff's own text goes as typed; this is the quoted message's header.
  wrote: (when: string, zone: string, name: string) => `On ${when} (${zone}), ${name} wrote:`,

  // Newsletter
  newsletterHello: 'Hello,',
  newsletterConfirmSubject: (gym: string) => `Confirm your subscription to the ${gym} newsletter`,
  newsletterConfirmAsked: (gym: string) => `Someone (hopefully you) asked to receive the ${gym} newsletter at this address.`,
  newsletterConfirmHow: 'To confirm, open this link and press the button on the page:',
  newsletterConfirmNotYou: 'If it was not you, ignore this e-mail: you will not be subscribed and we will not write again.',
  newsletterWelcomeSubject: (gym: string) => `Welcome to the ${gym} newsletter`,
  newsletterWelcome: (gym: string) =>
    `Your subscription to the ${gym} newsletter is confirmed. We will keep you posted on classes, events and news from the gym.`,
  newsletterUnsubscribe: (url: string) => `To stop receiving these e-mails, unsubscribe here: ${url}`,
  // A sign-up for an address already confirmed (decision 174): the owner is told by e-mail.
  newsletterAlreadySubject: (gym: string) => `You are already subscribed to the ${gym} newsletter`,
  newsletterAlready: (gym: string) => `Someone (hopefully you) asked to receive the ${gym} newsletter at this address. This address is already subscribed.`,
  newsletterAlreadyNothing: 'Nothing changes and there is nothing to do. If it was not you, you can ignore this e-mail.',
  // The acknowledgement of a contact message: fixed words only (no visitor's text to an
  // address nobody confirmed).
  contactAckSubject: (gym: string) => `We received your message — ${gym}`,
  contactAckReceived: (gym: string) => `Thank you for writing to ${gym}. We received your message and will answer soon.`,
  contactAckReply: 'To add something, simply reply to this e-mail: your answer joins the same conversation.',
  contactAckNotYou: 'If you did not write to us, you can ignore this e-mail.',
  // Waiting list (issue 34): a seat opened for someone in line.
  waitlistOfferSubject: (course: string, date: string, time: string) => `A place opened up: ${course} on ${date} at ${time}`,
  waitlistOfferHeld: (deadline: string) => `A place opened up in the class you are waiting for. It is held for you until ${deadline} (gym time).`,
  waitlistOfferOpen: 'A place opened up in the class you are waiting for. The class is soon: the first person on the waiting list to accept gets it.',
  waitlistAccept: 'Take the place',
  waitlistNoCharge: 'Nothing is booked and no pass credit is used until you accept. Not coming? The same page lets you leave the list.',
  // Joining (decision 174): the entry's link goes by e-mail only, on every join.
  waitlistJoinedSubject: (course: string, date: string, time: string) => `On the waiting list: ${course} on ${date} at ${time}`,
  waitlistJoined: 'You are on the waiting list for this class. If a place opens up, we will e-mail you.',
  waitlistSeePlace: 'See your place in line',
  waitlistJoinedNote:
    'Keep this e-mail: its link shows your place in line and lets you leave the list. Only the newest link works: asking again sends a new one.',
  // A join for an address booked at that time: the form answered as for a join.
  waitlistBookedSubject: (date: string, time: string) => `Waiting list: you already have a booking on ${date} at ${time}`,
  waitlistBooked: (course: string) =>
    `Someone (hopefully you) asked to put this address on the waiting list for ${course}. You already have a booking at that time, so nothing was changed.`,
  waitlistBookedManage: 'The link to change or cancel your booking is in its confirmation e-mail.',
};

export type MailMessages = typeof en;
