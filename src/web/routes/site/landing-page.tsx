import { Suspense } from 'react';
import { AboutSection } from '../../features/landing/about-section';
import { BlogTeaserSection } from '../../features/blog/blog-teaser-section';
import { ClassesSection } from '../../features/landing/classes-section';
import { ContactSection } from '../../features/contact/contact-section';
import { HeroSection } from '../../features/landing/hero-section';
import TestimonialsSection from '../../features/landing/testimonials-section';
import { GallerySection } from '../../features/gallery/gallery-section';
import { TrainersSection } from '../../features/trainers/trainers-section';
import { Island } from '../../islands/island';
import { useDocumentTitle } from '../../lib/hooks';
import { usePageTitle } from '../../lib/site-settings';

// A page made of islands (app/pages.ts): the gallery, the reviews and the contact form hydrate
// on their own; the other sections are the server's HTML, links included.
export default function LandingPage() {
  const pageTitle = usePageTitle();
  useDocumentTitle(pageTitle());

  return (
    <>
      {/* Asks the islands runtime to scroll to the section another page asked for (section-scroll.ts). */}
      <div hidden data-behaviour="section-scroll" />
      <HeroSection />
      {/* One boundary per section: when the app renders this page itself (after a link of
          the app), each section shows as soon as its data is there. */}
      <Suspense fallback={null}>
        <AboutSection />
      </Suspense>
      <Suspense fallback={null}>
        <ClassesSection />
      </Suspense>
      <Suspense fallback={null}>
        <TrainersSection />
      </Suspense>
      <Suspense fallback={null}>
        <GallerySection />
      </Suspense>
      <Island name="testimonials" component={TestimonialsSection} props={{}} when="visible" />
      <Suspense fallback={null}>
        <BlogTeaserSection />
      </Suspense>
      <Suspense fallback={null}>
        <ContactSection />
      </Suspense>
    </>
  );
}
