import { useEffect, useRef, useState, useSyncExternalStore } from 'react';

/** A media query's match; false on the server and during hydration (no mismatch). */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (notify) => {
      const mql = window.matchMedia(query);
      mql.addEventListener('change', notify);
      return () => mql.removeEventListener('change', notify);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );
}

export const useReducedMotion = () => useMediaQuery('(prefers-reduced-motion: reduce)');

/** Calls `tick` every `ms` while `running`; the latest `tick` is used without restarting. */
export function useAutoAdvance(running: boolean, ms: number, tick: () => void) {
  const saved = useRef(tick);
  saved.current = tick;
  useEffect(() => {
    if (!running) return;
    const id = window.setInterval(() => saved.current(), ms);
    return () => window.clearInterval(id);
  }, [running, ms]);
}

/** Sets the tab title after client-side navigation (the server already wrote it). */
export function useDocumentTitle(title: string) {
  useEffect(() => {
    document.title = title;
  }, [title]);
}

/** True once mounted in the browser: for values that only exist there (e.g. today's date). */
export function useMounted(): boolean {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return mounted;
}
