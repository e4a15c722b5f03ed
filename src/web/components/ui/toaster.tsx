import { Suspense, createContext, lazy, useCallback, useContext, useState, type ReactNode } from 'react';

// Toasts (Radix Toast, its defaults: 5000 ms, swipe right past 50 px, F8). The Radix code is
// fetched with the first toast, not with the page. One toast is visible at a time: a new one
// replaces the current one (SPEC.md §9).

export interface ToastMessage {
  title: string;
  description?: string;
  variant?: 'success' | 'error';
}

export interface ShownToast extends ToastMessage {
  key: number;
}

const ToastContext = createContext<(t: ToastMessage) => void>(() => {});
export const useToast = () => useContext(ToastContext);

const ToastHost = lazy(() => import('./toast-host'));

export function Toaster({ children }: { children: ReactNode }) {
  const [current, setCurrent] = useState<ShownToast | null>(null);
  const [open, setOpen] = useState(false);
  const show = useCallback((t: ToastMessage) => {
    setCurrent({ ...t, key: Date.now() });
    setOpen(true);
  }, []);
  return (
    <ToastContext.Provider value={show}>
      {children}
      {current && (
        <Suspense fallback={null}>
          <ToastHost toast={current} open={open} onOpenChange={setOpen} />
        </Suspense>
      )}
    </ToastContext.Provider>
  );
}
