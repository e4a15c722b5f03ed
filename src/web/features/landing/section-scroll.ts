import { SECTION_SCROLL_DELAY_MS, scrollToSection, takePendingSection } from '../../lib/section-nav';

/**
 * The landing page's arrival: a link from another page asked for a section (section-nav.ts),
 * so / scrolls there once rendered (SPEC.md §2: after 100 ms). Content above may still grow
 * (images, islands), so the position is checked again a few times until it holds, unless the
 * visitor scrolls by hand meanwhile. Plain DOM code run by islands/boot.ts where the page
 * carries [data-behaviour="section-scroll"]; it also marks <html data-sections="ready"> for the
 * browser tests.
 */
export function startSectionScroll(): void {
  const section = takePendingSection();
  document.documentElement.dataset.sections = 'ready';
  if (!section) return;
  let userScrolled = false;
  const stop = () => (userScrolled = true);
  const events = ['wheel', 'touchstart', 'keydown'] as const;
  events.forEach((e) => window.addEventListener(e, stop, { passive: true }));
  const checks = [SECTION_SCROLL_DELAY_MS, 700, 1400, 2200];
  checks.forEach((ms, i) =>
    window.setTimeout(() => {
      if (i === checks.length - 1) events.forEach((e) => window.removeEventListener(e, stop));
      const el = document.getElementById(section);
      if (userScrolled || !el) return;
      const top = el.getBoundingClientRect().top;
      if (i === 0 || Math.abs(top - 80) > 24) scrollToSection(section);
    }, ms),
  );
}
