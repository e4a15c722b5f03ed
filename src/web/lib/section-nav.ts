import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';

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
  const location = useLocation();
  const navigate = useNavigate();
  return useCallback(
    (id: string) => {
      if (location.pathname === '/') scrollToSection(id);
      else void navigate('/', { state: { section: id } });
    },
    [location.pathname, navigate],
  );
}
