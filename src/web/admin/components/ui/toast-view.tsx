import { X } from 'lucide-react';
import { Toast } from 'radix-ui';
import { cn } from '../../lib/cn';
import { Tip } from './tip';
import { ACTION_TOAST_MS, type ToastState } from './toast-model';

/**
 * The toast on screen (SPEC.md §9: 5000 ms, swipe right past 50 px, F8 focuses the viewport).
 * Its own chunk, loaded with the first toast (issue 46): Radix's toast is not part of the first
 * screen's weight. Once loaded it stays mounted, so F8 still reaches the viewport.
 */
export default function ToastView({ current, onOpenChange }: { current: ToastState | null; onOpenChange: (key: number, open: boolean) => void }) {
  return (
    <Toast.Provider duration={5000} swipeDirection="right" swipeThreshold={50} label="Notification">
      {current && (
        <Toast.Root
          key={current.key}
          open={current.open}
          duration={current.action ? ACTION_TOAST_MS : undefined}
          onOpenChange={(open) => onOpenChange(current.key, open)}
          className={cn(
            'admin-toast pointer-events-auto relative flex w-full gap-3 rounded-lg border pr-10 shadow-lg',
            // With an action, one compact row (text, button).
            current.action ? 'min-h-14 items-center px-3 py-1 lg:min-h-0 lg:p-4 lg:pr-10' : 'items-start p-4',
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
      {/* On a phone, over the bottom menu bar: "Annuler" under the thumb, and the sticky save and bulk
          bars (which sit above the menu bar) and the forms' buttons stay clear. On a large screen, at
          the top right: at the bottom it covered the forms' buttons (the reply's Send). The empty
          viewport lets clicks through (pointer-events-none). */}
      <Toast.Viewport
        hotkey={['F8']}
        className="pointer-events-none fixed right-0 bottom-0 left-0 z-[100] m-0 flex list-none flex-col gap-2 px-1 pb-[env(safe-area-inset-bottom)] outline-none lg:top-0 lg:bottom-auto lg:left-auto lg:w-full lg:max-w-[420px] lg:p-4"
      />
    </Toast.Provider>
  );
}
