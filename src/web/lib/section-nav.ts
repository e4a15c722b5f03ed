import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { splitLanguage } from '../../shared/i18n/paths';
import { useLocalePath } from '../i18n/i18n';

/** Delay before scrolling once / has rendered after a route change (SPEC.md §2). */
export const SECTION_SCROLL_DELAY_MS = 100;

export const prefersReducedMotion = () => typeof window !== 'undefined' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

export function scrollToSection(id: string): boolean {
  const el = document.getElementById(id);
  if (!el) return false;
  el.scrollIntoView({ behavior: prefersReducedMotion() ? 'auto' : 'smooth', block: 'start' });
  return true;
}

/**
 * Scrolls to a landing-page section; from another route it first goes to / and the landing
 * page scrolls once rendered (it reads `state.section`).
 */
export function useSectionNav() {
  const navigate = useNavigate();
  const lp = useLocalePath();
  return useCallback(
    (id: string) => {
      // The address bar, not the rendered route: while a lazy route still loads, the previous
      // page stays on screen with the URL already changed, and a click then must go to /.
      if (splitLanguage(window.location.pathname).path === '/') scrollToSection(id);
      else void navigate(lp('/'), { state: { section: id } });
    },
    [navigate, lp],
  );
}
