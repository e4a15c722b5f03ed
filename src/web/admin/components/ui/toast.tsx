import { createContext, lazy, Suspense, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';

import type { ToastInput, ToastState } from './toast-model';

export type { ToastInput } from './toast-model';

const ToastContext = createContext<((t: ToastInput) => void) | null>(null);
const ToastView = lazy(() => import('./toast-view'));

/** SPEC.md §9: one toast at a time; a new toast replaces the visible one. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [current, setCurrent] = useState<ToastState | null>(null);
  // A new toast replaces the visible one (limit 1); the key remounts it so its timer restarts.
  const toast = useCallback((t: ToastInput) => setCurrent((prev) => ({ ...t, key: (prev?.key ?? 0) + 1, open: true })), []);
  const value = useMemo(() => toast, [toast]);
  const onOpenChange = useCallback((key: number, open: boolean) => setCurrent((c) => (c && c.key === key ? { ...c, open } : c)), []);
  // From the first toast on, the view stays (its viewport keeps F8).
  const [shown, setShown] = useState(false);
  if (current && !shown) setShown(true);

  return (
    <ToastContext.Provider value={value}>
      {children}
      {shown && (
        <Suspense fallback={null}>
          <ToastView current={current} onOpenChange={onOpenChange} />
        </Suspense>
      )}
    </ToastContext.Provider>
  );
}

export function useToast() {
  const ctx = useContext(ToastContext);
  if (!ctx) throw new Error('useToast outside ToastProvider');
  return ctx;
}
