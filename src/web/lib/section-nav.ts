import { splitLanguage } from '../../shared/i18n/paths';

/** Delay before scrolling once / has rendered after a route change (SPEC.md §2). */
export const SECTION_SCROLL_DELAY_MS = 100;

// The section a link from another page asked / to show: kept for the next page load of this
// tab, so the address stays "/" (the link's href, /#section, is what works without JavaScript).
const PENDING_KEY = 'gym.section';

export const prefersReducedMotion = () => typeof window !== 'undefined' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

export function scrollToSection(id: string): boolean {
  const el = document.getElementById(id);
  if (!el) return false;
  el.scrollIntoView({ behavior: prefersReducedMotion() ? 'auto' : 'smooth', block: 'start' });
  return true;
}

/** The section another page asked / to scroll to, read once. */
export function takePendingSection(): string | null {
  try {
    const id = window.sessionStorage.getItem(PENDING_KEY);
    window.sessionStorage.removeItem(PENDING_KEY);
    return id;
  } catch {
    return null;
  }
}

/**
 * Scrolls to a landing-page section; from another page it loads `landing` (/ in the page's
 * language), which scrolls there once rendered (features/landing/section-scroll.ts).
 */
export function goToSection(id: string, landing: string) {
  if (splitLanguage(window.location.pathname).path === '/' && scrollToSection(id)) return;
  try {
    window.sessionStorage.setItem(PENDING_KEY, id);
  } catch {
    // No storage (private mode): the hash still shows the section.
    window.location.assign(`${landing}#${id}`);
    return;
  }
  window.location.assign(landing);
}
