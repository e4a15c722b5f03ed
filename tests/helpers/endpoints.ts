// Every /api route of SPEC.md §7 (plus the server's own additions), for the authorisation
// matrix and the hostile-input suites. Paths are written as the routes register them: the
// matrix checks this list against the app's route catalogue, access included. `:id` and
// `:slug` (and `:date`, a manage link's `:token`, a site image's `:kind`) are filled in by withId().
export type Access = 'public' | 'user' | 'admin';

export interface Endpoint {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  path: string;
  access: Access;
  /** Multipart upload rather than JSON. */
  multipart?: boolean;
  /** Has side effects on the session itself (tested on its own). */
  sessionChanging?: boolean;
}

export const endpoints: Endpoint[] = [
  // public and session
  { method: 'POST', path: '/api/auth/login', access: 'public' },
  { method: 'GET', path: '/api/auth/me', access: 'user' },
  { method: 'POST', path: '/api/auth/logout', access: 'user', sessionChanging: true },
  { method: 'POST', path: '/api/newsletter-subscribers', access: 'public' },
  { method: 'GET', path: '/api/gallery', access: 'public' },
  { method: 'GET', path: '/api/blog-posts', access: 'public' },
  { method: 'GET', path: '/api/blog-categories', access: 'public' },
  { method: 'GET', path: '/api/blog-posts/:slug', access: 'public' },
  { method: 'GET', path: '/api/users', access: 'public' },
  { method: 'POST', path: '/api/contact', access: 'public' },
  { method: 'POST', path: '/api/reservations', access: 'public' },
  { method: 'GET', path: '/api/push/public-key', access: 'public' },
  { method: 'GET', path: '/api/newsletter/unsubscribe', access: 'public' },
  { method: 'POST', path: '/api/newsletter/unsubscribe', access: 'public' },
  { method: 'GET', path: '/api/newsletter/confirm', access: 'public' },
  { method: 'POST', path: '/api/newsletter/confirm', access: 'public' },
  { method: 'GET', path: '/api/openapi.json', access: 'public' },
  { method: 'GET', path: '/api/sessions', access: 'public' },
  { method: 'GET', path: '/api/classes', access: 'public' },
  { method: 'GET', path: '/api/site-settings', access: 'public' },
  { method: 'GET', path: '/api/passes', access: 'public' },
  { method: 'GET', path: '/api/bookings/manage/:token', access: 'public' },
  { method: 'POST', path: '/api/bookings/manage/:token/cancel', access: 'public' },
  { method: 'POST', path: '/api/bookings/manage/:token/move', access: 'public' },
  { method: 'POST', path: '/api/auth/password-reset', access: 'public' },
  { method: 'POST', path: '/api/auth/password-reset/confirm', access: 'public' },
  { method: 'POST', path: '/api/auth/login/two-factor', access: 'public' },
  { method: 'POST', path: '/api/payments/stripe/webhook', access: 'public' },
  { method: 'POST', path: '/api/orders', access: 'public' },
  { method: 'GET', path: '/api/payments/methods', access: 'public' },
  { method: 'GET', path: '/api/orders/by-token/:token', access: 'public' },
  { method: 'GET', path: '/api/orders/by-token/:token/promptpay.svg', access: 'public' },
  { method: 'POST', path: '/api/orders/by-token/:token/slip', access: 'public', multipart: true },
  { method: 'POST', path: '/api/orders/by-token/:token/checkout', access: 'public' },
  // signed in (staff and admin)
  { method: 'GET', path: '/api/blog-posts/id/:id', access: 'user' },
  { method: 'POST', path: '/api/blog-posts', access: 'user' },
  { method: 'PUT', path: '/api/blog-posts/:id', access: 'user' },
  { method: 'DELETE', path: '/api/blog-posts/:id', access: 'user' },
  { method: 'GET', path: '/api/dashboard-stats', access: 'user' },
  { method: 'GET', path: '/api/reservations', access: 'user' },
  { method: 'PUT', path: '/api/reservations/:id/read', access: 'user' },
  { method: 'PUT', path: '/api/reservations/:id/archive', access: 'user' },
  { method: 'PUT', path: '/api/reservations/:id/unarchive', access: 'user' },
  { method: 'PUT', path: '/api/reservations/:id/unread', access: 'user' },
  { method: 'POST', path: '/api/reservations/bulk/read', access: 'user' },
  { method: 'POST', path: '/api/reservations/bulk/archive', access: 'user' },
  { method: 'POST', path: '/api/reservations/bulk/unarchive', access: 'user' },
  { method: 'POST', path: '/api/reservations/bulk/delete', access: 'user' },
  { method: 'PUT', path: '/api/reservations/:id/cancel', access: 'user' },
  { method: 'PUT', path: '/api/reservations/:id/waive', access: 'user' },
  { method: 'DELETE', path: '/api/reservations/:id', access: 'user' },
  { method: 'PUT', path: '/api/reservations/:id/attendance', access: 'user' },
  { method: 'GET', path: '/api/desk/day', access: 'user' },
  { method: 'POST', path: '/api/desk/bookings', access: 'user' },
  { method: 'GET', path: '/api/desk/passes', access: 'user' },
  { method: 'POST', path: '/api/desk/orders', access: 'user' },
  { method: 'GET', path: '/api/orders', access: 'user' },
  { method: 'GET', path: '/api/orders/:id', access: 'user' },
  { method: 'GET', path: '/api/orders/:id/slip', access: 'user' },
  { method: 'POST', path: '/api/orders/:id/payments', access: 'user' },
  { method: 'POST', path: '/api/orders/:id/cancel', access: 'user' },
  { method: 'GET', path: '/api/timetable/classes', access: 'user' },
  { method: 'POST', path: '/api/timetable/classes', access: 'user' },
  { method: 'PATCH', path: '/api/timetable/classes/:id', access: 'user' },
  { method: 'GET', path: '/api/timetable/weekly-sessions', access: 'user' },
  { method: 'POST', path: '/api/timetable/weekly-sessions', access: 'user' },
  { method: 'PATCH', path: '/api/timetable/weekly-sessions/:id', access: 'user' },
  { method: 'DELETE', path: '/api/timetable/weekly-sessions/:id', access: 'user' },
  { method: 'GET', path: '/api/timetable/cancellations', access: 'user' },
  { method: 'POST', path: '/api/timetable/weekly-sessions/:id/cancellations', access: 'user' },
  { method: 'DELETE', path: '/api/timetable/weekly-sessions/:id/cancellations/:date', access: 'user' },
  { method: 'GET', path: '/api/timetable/closures', access: 'user' },
  { method: 'POST', path: '/api/timetable/closures', access: 'user' },
  { method: 'DELETE', path: '/api/timetable/closures/:id', access: 'user' },
  { method: 'POST', path: '/api/push/subscribe', access: 'user' },
  { method: 'POST', path: '/api/push/unsubscribe', access: 'user' },
  { method: 'POST', path: '/api/push/test', access: 'user' },
  { method: 'POST', path: '/api/gallery', access: 'user', multipart: true },
  { method: 'POST', path: '/api/gallery/instagram', access: 'user' },
  { method: 'PUT', path: '/api/gallery/:id', access: 'user' },
  { method: 'DELETE', path: '/api/gallery/:id', access: 'user' },
  { method: 'POST', path: '/api/gallery/:id/restore', access: 'user' },
  { method: 'POST', path: '/api/blog-categories', access: 'user' },
  { method: 'PUT', path: '/api/blog-categories/:id', access: 'user' },
  { method: 'DELETE', path: '/api/blog-categories/:id', access: 'user' },
  { method: 'GET', path: '/api/newsletter-subscribers', access: 'user' },
  { method: 'DELETE', path: '/api/newsletter-subscribers/:id', access: 'user' },
  { method: 'POST', path: '/api/newsletter-subscribers/bulk/delete', access: 'user' },
  { method: 'GET', path: '/api/contact-submissions', access: 'user' },
  { method: 'PUT', path: '/api/contact-submissions/:id/status', access: 'user' },
  { method: 'POST', path: '/api/contact-submissions/bulk/status', access: 'user' },
  { method: 'GET', path: '/api/conversations', access: 'user' },
  { method: 'GET', path: '/api/conversations/:id', access: 'user' },
  { method: 'GET', path: '/api/conversations/:id/messages', access: 'user' },
  { method: 'POST', path: '/api/conversations/:id/messages', access: 'user' },
  { method: 'PUT', path: '/api/conversations/:id/status', access: 'user' },
  { method: 'PUT', path: '/api/conversations/:id/mark-read', access: 'user' },
  { method: 'PUT', path: '/api/conversations/:id/mark-unread', access: 'user' },
  { method: 'POST', path: '/api/conversations/bulk/mark-read', access: 'user' },
  { method: 'GET', path: '/api/saved-replies', access: 'user' },
  { method: 'POST', path: '/api/saved-replies', access: 'user' },
  { method: 'PUT', path: '/api/saved-replies/:id', access: 'user' },
  { method: 'DELETE', path: '/api/saved-replies/:id', access: 'user' },
  { method: 'POST', path: '/api/auth/password', access: 'user', sessionChanging: true },
  { method: 'GET', path: '/api/auth/two-factor', access: 'user' },
  { method: 'POST', path: '/api/auth/two-factor/setup', access: 'user' },
  { method: 'POST', path: '/api/auth/two-factor/enable', access: 'user' },
  { method: 'POST', path: '/api/auth/two-factor/disable', access: 'user' },
  { method: 'GET', path: '/api/personal-data', access: 'user' },
  { method: 'GET', path: '/api/personal-data/export', access: 'user' },
  { method: 'POST', path: '/api/personal-data/erase', access: 'user' },
  { method: 'GET', path: '/api/customers', access: 'user' },
  { method: 'GET', path: '/api/customers/:id', access: 'user' },
  { method: 'POST', path: '/api/customers/:id/merge', access: 'user' },
  // admins only
  { method: 'POST', path: '/api/auth/register', access: 'admin' },
  { method: 'PUT', path: '/api/users/:id', access: 'admin' },
  { method: 'DELETE', path: '/api/users/:id', access: 'admin' },
  { method: 'GET', path: '/api/settings/security', access: 'admin' },
  { method: 'PUT', path: '/api/settings/security', access: 'admin' },
  { method: 'GET', path: '/api/audit-log', access: 'admin' },
  { method: 'PUT', path: '/api/site-settings', access: 'admin' },
  { method: 'GET', path: '/api/site-settings/history', access: 'admin' },
  { method: 'POST', path: '/api/site-settings/history/:id/restore', access: 'admin' },
  { method: 'POST', path: '/api/site-settings/images/:kind', access: 'admin', multipart: true },
  { method: 'POST', path: '/api/orders/:id/refunds', access: 'admin' },
  // Inbound e-mail (issue 22): a kept attachment, the mailbox's status.
  { method: 'GET', path: '/api/conversations/:id/attachments/:attachmentId', access: 'user' },
  { method: 'GET', path: '/api/inbound/status', access: 'user' },
  // Hostile mail (issue 33): staff retry or dismiss a mail held back.
  { method: 'POST', path: '/api/inbound/failures/:id/retry', access: 'user' },
  { method: 'POST', path: '/api/inbound/failures/:id/dismiss', access: 'user' },
  { method: 'POST', path: '/api/inbound/held/:id/dismiss', access: 'user' },
];

export const withId = (path: string, id: string | number) =>
  path
    .replace(':id', String(id))
    .replace(':slug', 'some-slug')
    .replace(':date', '2031-01-06')
    .replace(':token', 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA')
    .replace(':kind', 'logo')
    .replace(':attachmentId', '1');
