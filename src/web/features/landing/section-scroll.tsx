import { useEffect, useRef } from 'react';
import { SECTION_SCROLL_DELAY_MS, scrollToSection, takePendingSection } from '../../lib/section-nav';

/**
 * The landing page's arrival: a link from another page asked for a section (section-nav.ts),
 * so / scrolls there once rendered (SPEC.md §2: after 100 ms). Content above may still grow
 * (images, islands), so the position is checked again a few times until it holds, unless the
 * visitor scrolls by hand meanwhile. An island with no markup of its own; it also marks
 * <html data-sections="ready"> for the browser tests.
 */
export default function SectionScroll() {
  const pending = useRef<string | null | undefined>(undefined);
  if (pending.current === undefined && typeof window !== 'undefined') pending.current = takePendingSection();
  const section = pending.current;

  useEffect(() => {
    document.documentElement.dataset.sections = 'ready';
  }, []);

  useEffect(() => {
    if (!section) return;
    let userScrolled = false;
    const stop = () => (userScrolled = true);
    const events = ['wheel', 'touchstart', 'keydown'] as const;
    events.forEach((e) => window.addEventListener(e, stop, { passive: true }));
    const timers = [SECTION_SCROLL_DELAY_MS, 700, 1400, 2200].map((ms, i) =>
      window.setTimeout(() => {
        const el = document.getElementById(section);
        if (userScrolled || !el) return;
        const top = el.getBoundingClientRect().top;
        if (i === 0 || Math.abs(top - 80) > 24) scrollToSection(section);
      }, ms),
    );
    return () => {
      timers.forEach((t) => window.clearTimeout(t));
      events.forEach((e) => window.removeEventListener(e, stop));
    };
  }, [section]);

  return null;
}
