import { X } from 'lucide-react';
import { Toast } from 'radix-ui';
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { Tip } from './tip';

export interface ToastInput {
  title: string;
  description?: string;
  /** A second line under the description (the server's reason), kept apart so the description stays SPEC's text. */
  detail?: string;
  variant?: 'default' | 'destructive';
  /**
   * A button in the toast ("Annuler" after an archive or a delete). The toast then stays
   * ACTION_TOAST_MS, and, like any toast, while the pointer or the focus is on it (F8 reaches it).
   */
  action?: ToastAction;
}

export interface ToastAction {
  label: string;
  /** What the action does, for screen readers that announce the toast without its button. */
  altText: string;
  onAction: () => void;
}

/** How long a toast with an action stays: long enough to reach its button ("a few seconds"). */
export const ACTION_TOAST_MS = 8000;

interface ToastState extends ToastInput {
  key: number;
  open: boolean;
}

const ToastContext = createContext<((t: ToastInput) => void) | null>(null);

/** SPEC.md §9: one toast at a time, 5000 ms, swipe right past 50 px, F8 focuses the viewport. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [current, setCurrent] = useState<ToastState | null>(null);
  // A new toast replaces the visible one (limit 1); the key remounts it so its timer restarts.
  const toast = useCallback((t: ToastInput) => setCurrent((prev) => ({ ...t, key: (prev?.key ?? 0) + 1, open: true })), []);
  const value = useMemo(() => toast, [toast]);

  return (
    <ToastContext.Provider value={value}>
      <Toast.Provider duration={5000} swipeDirection="right" swipeThreshold={50} label="Notification">
        {children}
        {current && (
          <Toast.Root
            key={current.key}
            open={current.open}
            duration={current.action ? ACTION_TOAST_MS : undefined}
            onOpenChange={(open) => setCurrent((c) => (c && c.key === current.key ? { ...c, open } : c))}
            className={cn(
              'admin-toast pointer-events-auto relative flex w-full gap-3 rounded-lg border pr-10 shadow-lg',
              // With an action, one compact row (text, button) that fits the phone header's height.
              current.action ? 'items-center px-3 py-1.5 lg:p-4 lg:pr-10' : 'items-start p-4',
              current.variant === 'destructive' ? 'border-red-700 bg-red-700 text-white' : 'border-gray-200 bg-white text-gray-900',
            )}
          >
            <div className={cn('grid min-w-0 flex-1', current.action ? 'gap-0.5 leading-tight' : 'gap-1')}>
              <Toast.Title className={cn('text-sm font-semibold', current.action && 'text-sm/tight')}>{current.title}</Toast.Title>
              {(current.description || current.detail) && (
                <Toast.Description className={cn('grid gap-0.5 text-sm opacity-90', current.action && 'text-sm/tight')}>
                  {current.description && <span>{current.description}</span>}
                  {current.detail && <span data-testid="toast-detail">{current.detail}</span>}
                </Toast.Description>
              )}
            </div>
            {current.action && (
              <Toast.Action
                altText={current.action.altText}
                onClick={current.action.onAction}
                className={cn(
                  'inline-flex h-9 shrink-0 items-center rounded-md border px-3 text-sm font-semibold focus-visible:ring-2 focus-visible:ring-offset-1 focus-visible:outline-none',
                  current.variant === 'destructive'
                    ? 'border-white text-white hover:bg-red-800 focus-visible:ring-white'
                    : 'border-gray-300 bg-white text-gray-900 hover:bg-gray-100 focus-visible:ring-red-600',
                )}
              >
                {current.action.label}
              </Toast.Action>
            )}
            <Tip label="Fermer">
              <Toast.Close
                aria-label="Fermer"
                className="absolute top-2 right-2 rounded p-1 opacity-80 hover:opacity-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-current"
              >
                <X className="h-4 w-4" aria-hidden />
              </Toast.Close>
            </Tip>
          </Toast.Root>
        )}
        {/* At the top: at the bottom it covered the forms' buttons (the reply's Send). On a phone it sits over the
            header bar, right of its menu button (the bar only has a title there), so a toast of one or two
            lines covers no control of the page. The empty viewport lets clicks through (pointer-events-none). */}
        <Toast.Viewport
          hotkey={['F8']}
          className="pointer-events-none fixed top-0 right-0 left-14 z-[100] m-0 flex list-none flex-col gap-2 p-1 outline-none lg:left-auto lg:w-full lg:max-w-[420px] lg:p-4"
        />
      </Toast.Provider>
    </ToastContext.Provider>
  );
}

export function useToast() {
  const ctx = useContext(ToastContext);
  if (!ctx) throw new Error('useToast outside ToastProvider');
  return ctx;
}
