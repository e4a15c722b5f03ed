// The JSON shapes the API answers (SPEC.md §3, §7): the server's presenters build them and the
// public site and the back office read them. camelCase, integer ids, true/false, ISO 8601 text.
// Each is a zod schema (the routes' response schemas: an answer is encoded through it, so
// nothing unlisted leaves the server) and its type. The browser imports the types only
// (`import type`), so zod stays out of its bundles. No transforms here: answers are encoded.
// One file per area; every importer keeps importing from 'shared/api-types'.
export * from './accounts';
export * from './content';
export * from './bookings';
export * from './operations';
export * from './pages';
export * from './payments';
export * from './stripe-webhook';
export * from './desk-passes';
export * from './visa-letters';
export * from './arrivals';
export * from './trainers';
export * from './private-lessons';
export * from './dashboard-today';
export * from './offers';
export * from './demo';
export * from './me';
export * from './me-page';
export * from './waivers';
export * from './discount-codes';
export * from './campaigns';
export * from './review-requests';
