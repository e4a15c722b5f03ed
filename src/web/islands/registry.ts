// The islands a public page may hold, by name: the browser fetches an island's code only
// when the island is on the page and its time has come (islands/boot.ts). Each module's
// default export is the component the server rendered inside <Island name=…>.

export const ISLAND_LOADERS = {
  'site-header': () => import('../components/layout/site-header'),
  'newsletter-form': () => import('../features/newsletter/newsletter-form'),
  'share-buttons': () => import('../features/blog/share-buttons'),
  gallery: () => import('../features/gallery/gallery-view'),
  testimonials: () => import('../features/landing/testimonials-section'),
  'contact-form': () => import('../features/contact/contact-form'),
  'passes-shop': () => import('../features/passes/passes-section'),
  'stay-journey': () => import('../features/passes/stay-journey'),
  'class-picker': () => import('../features/booking/class-picker'),
  'session-picker': () => import('../features/booking/session-picker'),
  'booking-form': () => import('../features/booking/booking-form'),
  'order-view': () => import('../features/passes/order-view'),
  'order-stay': () => import('../features/passes/order-stay-island'),
  'verify-view': () => import('../features/passes/verify-view'),
  'manage-view': () => import('../features/booking/manage-booking'),
  'waitlist-view': () => import('../features/booking/waitlist-view'),
  'lesson-booking': () => import('../features/trainers/lesson-booking'),
  'lesson-move': () => import('../features/trainers/lesson-move'),
  'me-view': () => import('../features/me/me-view'),
  'me-sign-in': () => import('../features/me/me-confirm'),
  'me-push': () => import('../features/me/me-push'),
} satisfies Record<string, () => Promise<{ default: React.ComponentType<never> }>>;

export type IslandName = keyof typeof ISLAND_LOADERS;

/** When an island hydrates: at once, when it comes near the viewport, or on first use. */
export type IslandWhen = 'load' | 'visible' | 'interaction';
