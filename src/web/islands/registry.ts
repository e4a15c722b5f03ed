import type { Language } from '../../shared/i18n/languages';
import { suggestedLanguage } from '../i18n/language-choice';

// The islands a public page may hold, by name: the browser fetches an island's code only
// when the island is on the page and its time has come (islands/boot.tsx). Each module's
// default export is the component the server rendered inside <Island name=…>.

export const ISLAND_LOADERS = {
  'site-header': () => import('../components/layout/site-header'),
  'language-suggestion': () => import('../i18n/language-suggestion'),
  'newsletter-form': () => import('../features/newsletter/newsletter-form'),
  'share-buttons': () => import('../features/blog/share-buttons'),
  'section-scroll': () => import('../features/landing/section-scroll'),
  gallery: () => import('../features/gallery/gallery-view'),
  testimonials: () => import('../features/landing/testimonials-section'),
  'contact-form': () => import('../features/contact/contact-form'),
  'passes-shop': () => import('../features/passes/passes-section'),
  'class-picker': () => import('../features/booking/class-picker'),
  'session-picker': () => import('../features/booking/session-picker'),
  'booking-form': () => import('../features/booking/booking-form'),
  'order-view': () => import('../features/passes/order-view'),
  'manage-view': () => import('../features/booking/manage-booking'),
} satisfies Record<string, () => Promise<{ default: React.ComponentType<never> }>>;

export type IslandName = keyof typeof ISLAND_LOADERS;

/**
 * Islands that render nothing on most visits: their code is fetched only when they have
 * something to show. The language suggestion appears for a first visit in another language.
 */
export const ISLAND_WANTED: Partial<Record<IslandName, (page: Language) => boolean>> = {
  'language-suggestion': (page) => suggestedLanguage(page) !== null,
};

/** When an island hydrates: at once, when it comes near the viewport, or on first use. */
export type IslandWhen = 'load' | 'visible' | 'interaction';
