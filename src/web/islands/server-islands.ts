import type { ComponentType } from 'react';
import SiteHeader from '../components/layout/site-header';
import ShareButtons from '../features/blog/share-buttons';
import ContactForm from '../features/contact/contact-form';
import GalleryView from '../features/gallery/gallery-view';
import TestimonialsSection from '../features/landing/testimonials-section';
import NewsletterForm from '../features/newsletter/newsletter-form';
import BookingPanel from '../features/booking/booking-form';
import ClassPicker from '../features/booking/class-picker';
import ManageBooking from '../features/booking/manage-booking';
import SessionPicker from '../features/booking/session-picker';
import WaitlistView from '../features/booking/waitlist-view';
import OrderView from '../features/passes/order-view';
import OrderStayIsland from '../features/passes/order-stay-island';
import VerifyView from '../features/passes/verify-view';
import PassesSection from '../features/passes/passes-section';
import StayJourney from '../features/passes/stay-journey';
import LessonBooking from '../features/trainers/lesson-booking';
import LessonMove from '../features/trainers/lesson-move';
import MeView from '../features/me/me-view';
import MeConfirm from '../features/me/me-confirm';
import MePush from '../features/me/me-push';
import type { IslandName } from './registry';

// The server's half of registry.ts (imported by entry-server.tsx only): the module each island
// is rendered with on a page made of islands, the same the browser hydrates it with.
export const ISLAND_COMPONENTS: Record<IslandName, ComponentType<never>> = {
  'site-header': SiteHeader,
  'newsletter-form': NewsletterForm,
  'share-buttons': ShareButtons,
  gallery: GalleryView,
  testimonials: TestimonialsSection,
  'contact-form': ContactForm,
  'passes-shop': PassesSection,
  'stay-journey': StayJourney,
  'class-picker': ClassPicker,
  'session-picker': SessionPicker,
  'booking-form': BookingPanel,
  'order-view': OrderView,
  'order-stay': OrderStayIsland,
  'verify-view': VerifyView,
  'manage-view': ManageBooking,
  'waitlist-view': WaitlistView,
  'lesson-booking': LessonBooking,
  'lesson-move': LessonMove,
  'me-view': MeView,
  'me-sign-in': MeConfirm,
  'me-push': MePush,
};
