import { useCallback, useRef, useState } from 'react';

/**
 * A form's send to the API without a query cache (island code carries no TanStack Query): one
 * call at a time, `pending` while it runs, then `onSuccess` or `onError`.
 */
export function useAction<I, O>(
  send: (input: I) => Promise<O>,
  handlers: { onSuccess?: (out: O, input: I) => void; onError?: (err: unknown, input: I) => void },
) {
  const [pending, setPending] = useState(false);
  const busy = useRef(false);
  const latest = useRef({ send, handlers });
  latest.current = { send, handlers };
  const run = useCallback((input: I) => {
    if (busy.current) return;
    busy.current = true;
    setPending(true);
    latest.current
      .send(input)
      .then(
        (out) => latest.current.handlers.onSuccess?.(out, input),
        (err: unknown) => latest.current.handlers.onError?.(err, input),
      )
      .finally(() => {
        busy.current = false;
        setPending(false);
      });
  }, []);
  return { run, pending };
}
