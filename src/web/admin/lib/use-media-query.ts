import { useSyncExternalStore } from 'react';

/** True while the media query matches; follows the window as it is resized or turned. */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
    // The back office renders only in the browser; a server render would show the phone's layout.
    () => false,
  );
}

/**
 * Tailwind's md (768 px): below it a list's filters fold behind one button. A phone held either
 * way (375 and 667 px wide) gets the folded panel; a tablet shows the fields.
 */
export const useWideScreen = () => useMediaQuery('(min-width: 768px)');
