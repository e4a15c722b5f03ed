import { useCallback, useRef, useState } from 'react';

/**
 * One request at a time per action: a second call while the first is in flight is ignored, so a
 * double click (or a double tap on a phone) sends one request. The ref answers at once, before
 * any re-render could disable the button; `busy` is for showing it.
 */
export function useSingleFlight() {
  const running = useRef(false);
  const [busy, setBusy] = useState(false);
  const run = useCallback(async (fn: () => Promise<unknown>): Promise<void> => {
    if (running.current) return;
    running.current = true;
    setBusy(true);
    try {
      await fn();
    } finally {
      running.current = false;
      setBusy(false);
    }
  }, []);
  return { run, busy };
}
