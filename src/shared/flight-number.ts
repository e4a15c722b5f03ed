// A flight number as airlines print it: two letters or digits for the airline (a third letter for
// some), then 1–4 digits and an optional suffix (TG 215, FD3031, 8M 123). No zod: the order page's
// form checks it too.
export const FLIGHT_NUMBER = /^[A-Z0-9]{2}[A-Z]? ?[0-9]{1,4}[A-Z]?$/;
