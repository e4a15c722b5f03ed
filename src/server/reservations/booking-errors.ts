// The sentences a booking's refusals answer with (English: the public site's pages translate them
// by their code). Each thrower passes the code from src/shared/error-codes.ts that tells it apart.

export const RESERVATION_NOT_FOUND = 'Reservation not found';
export const BOOKING_NOT_FOUND = 'Booking not found';
export const CLASS_FULL = 'This class is full';
export const CLASS_NOT_HELD = 'This class does not take place on that day';
export const CLASS_STARTED = 'This class has already started';
export const REQUEST_IN_PAST = 'Pick a date and time in the future.';
export const MOVE_TARGET_NOT_FOUND = 'There is no such class on the timetable. Pick a time from the timetable.';
export const MOVE_TARGET_STARTED = 'That class has already started. Pick a later one.';
export const MOVE_BY_APPOINTMENT = 'A request by appointment cannot move to a class: reply to your confirmation e-mail instead';
export const BOOKING_CANCELLED = 'This booking is already cancelled.';
export const LINK_SUPERSEDED = 'A newer e-mail replaced this link: use the link of the latest e-mail to change the booking.';
export const BOOKING_CHANGED = 'This booking changed meanwhile. Reload the page.';
export const noSessionThen = (course: string) => `There is no ${course} class at that time. Pick a time from the timetable.`;
