import { Suspense, useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { AboutSection } from '../../features/landing/about-section';
import { BlogTeaserSection } from '../../features/blog/blog-teaser-section';
import { ClassesSection } from '../../features/landing/classes-section';
import { ContactSection } from '../../features/contact/contact-section';
import { HeroSection } from '../../features/landing/hero-section';
import { TestimonialsSection } from '../../features/landing/testimonials-section';
import { GallerySection } from '../../features/gallery/gallery-section';
import { useDocumentTitle } from '../../lib/hooks';
import { usePageTitle } from '../../lib/site-settings';
import { SECTION_SCROLL_DELAY_MS, scrollToSection, takePendingSection } from '../../lib/section-nav';

/** Marks <html data-sections="ready"> once the last section has hydrated (browser tests wait for it). */
function SectionsReady() {
  useEffect(() => {
    document.documentElement.dataset.sections = 'ready';
  }, []);
  return null;
}

export default function LandingPage() {
  const pageTitle = usePageTitle();
  useDocumentTitle(pageTitle());
  const location = useLocation();
  // A link of this app passes the section in the history state; a link from a page load
  // (the header, the footer, a page made of islands) leaves it for this tab (section-nav.ts).
  const pending = useRef<string | null | undefined>(undefined);
  if (pending.current === undefined && typeof window !== 'undefined') pending.current = takePendingSection();
  const section = (location.state as { section?: string } | null)?.section ?? pending.current ?? undefined;

  // Arriving from another route with a section to show: scroll once the page has rendered.
  // Content above may still grow (data arriving), so the position is checked again a few times
  // until it holds, unless the visitor scrolls by hand meanwhile.
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
  }, [section, location.key]);

  return (
    <>
      <HeroSection />
      {/* One boundary per section: the browser hydrates them one by one, in short tasks,
          instead of the whole page in one long task (Total Blocking Time on phones). */}
      <Suspense fallback={null}>
        <AboutSection />
      </Suspense>
      <Suspense fallback={null}>
        <ClassesSection />
      </Suspense>
      <Suspense fallback={null}>
        <GallerySection />
      </Suspense>
      <Suspense fallback={null}>
        <TestimonialsSection />
      </Suspense>
      <Suspense fallback={null}>
        <BlogTeaserSection />
      </Suspense>
      <Suspense fallback={null}>
        <ContactSection />
        <SectionsReady />
      </Suspense>
    </>
  );
}
