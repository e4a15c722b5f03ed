import { useSyncExternalStore } from 'react';
import { prefersReducedMotion } from '../../lib/section-nav';
import { wakeIsland } from '../../islands/wake';

// What the booking page's islands share (they are separate React roots): the class catalogue
// and the session picker hand a choice to the booking form, and the form says which course and
// time it holds, so the picker can mark the chosen session. The form may not be hydrated when
// a choice is made: the choice waits here and the form takes it when it wakes.

/** Delay before scrolling to the form after a choice (SPEC.md §9). */
export const SCROLL_DELAY_MS = 100;

export interface BookingChoice {
  course: string;
  /** 'YYYY-MM-DDTHH:MM' gym time, when a session was chosen. */
  preferredDate?: string;
  /** Increases with each choice: the form applies each one once. */
  n: number;
}

interface BookingShared {
  choice: BookingChoice | null;
  /** What the form holds now. */
  course: string;
  preferredDate: string;
}

let state: BookingShared = { choice: null, course: '', preferredDate: '' };
const listeners = new Set<() => void>();
const emit = (next: Partial<BookingShared>) => {
  state = { ...state, ...next };
  for (const l of listeners) l();
};
const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => void listeners.delete(l);
};
const initial: BookingShared = state;

export function useBookingShared(): BookingShared {
  return useSyncExternalStore(
    subscribe,
    () => state,
    () => initial,
  );
}

/** The form's current course and date and time, for the session picker. */
export function reportFormChoice(course: string, preferredDate: string): void {
  if (course !== state.course || preferredDate !== state.preferredDate) emit({ course, preferredDate });
}

/** A class or a session chosen: the form takes it (waking up if needed) and comes into view. */
export function chooseForBooking(choice: Omit<BookingChoice, 'n'>): void {
  emit({ choice: { ...choice, n: (state.choice?.n ?? 0) + 1 } });
  wakeIsland('booking-form');
  window.setTimeout(() => {
    const form = document.getElementById('booking-form');
    form?.scrollIntoView({ behavior: prefersReducedMotion() ? 'auto' : 'smooth', block: 'start' });
    form?.querySelector<HTMLSelectElement>('select')?.focus({ preventScroll: true });
  }, SCROLL_DELAY_MS);
}
