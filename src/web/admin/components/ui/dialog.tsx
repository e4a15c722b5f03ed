import { X } from 'lucide-react';
import { AlertDialog, Dialog } from 'radix-ui';
import { useRef, type ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { Button } from './button';
import { Tip } from './tip';

/**
 * These dialogs are opened from state, not from a Radix Trigger, so Radix cannot know where
 * focus was: remember it on open and give it back on close (if that element still exists).
 */
function useReturnFocus(open: boolean) {
  const previous = useRef<HTMLElement | null>(null);
  const wasOpen = useRef(false);
  // Read during render: the dialog's own effects move focus inside before ours would run.
  if (open && !wasOpen.current && typeof document !== 'undefined') {
    const active = document.activeElement;
    previous.current = active instanceof HTMLElement && active !== document.body ? active : null;
  }
  wasOpen.current = open;
  return (e: Event) => {
    const el = previous.current;
    previous.current = null;
    if (el && el.isConnected) {
      e.preventDefault();
      el.focus();
    }
  };
}

const overlay = 'fixed inset-0 z-50 bg-black/50';
// From sm up, a card in the middle of the screen.
const centred = 'sm:inset-auto sm:top-1/2 sm:left-1/2 sm:max-h-[90vh] sm:w-[calc(100vw-2rem)] sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-lg';
// On a phone (issue 46) a form takes the whole screen: nothing behind it to tap by mistake, all
// the height for the keyboard; a confirmation is a sheet at the bottom, its buttons at the thumb.
const content = cn('fixed inset-0 z-50 mx-auto overflow-y-auto bg-white p-4 shadow-xl focus:outline-none sm:p-6', centred);
const sheet = cn(
  'fixed inset-x-0 bottom-0 z-50 mx-auto max-h-[90dvh] overflow-y-auto rounded-t-xl bg-white p-4 pb-[calc(1rem+env(safe-area-inset-bottom))] shadow-xl focus:outline-none sm:bottom-auto sm:p-6',
  centred,
);

export function Modal({
  open,
  onOpenChange,
  title,
  description,
  children,
  className,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  const onCloseAutoFocus = useReturnFocus(open);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className={overlay} />
        <Dialog.Content
          className={cn(content, 'max-w-lg', className)}
          onCloseAutoFocus={onCloseAutoFocus}
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          {/* The title and the close button stay in view while a long form scrolls under them. */}
          <div className="sticky -top-4 z-10 -mx-4 -mt-4 flex items-start gap-2 bg-white px-4 pt-4 pb-2 sm:-top-6 sm:-mx-6 sm:-mt-6 sm:px-6 sm:pt-6">
            <Dialog.Title className="min-w-0 flex-1 py-1 text-lg font-semibold text-gray-900">{title}</Dialog.Title>
            <Tip label="Fermer">
              <Dialog.Close asChild>
                <button
                  type="button"
                  aria-label="Fermer"
                  className="-mr-2 shrink-0 rounded p-2 text-gray-700 hover:bg-gray-100 focus-visible:ring-2 focus-visible:ring-red-600 focus-visible:outline-none"
                >
                  <X className="h-5 w-5" aria-hidden />
                </button>
              </Dialog.Close>
            </Tip>
          </div>
          {description && <Dialog.Description className="mt-1 text-sm text-gray-700">{description}</Dialog.Description>}
          <div className="mt-4">{children}</div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** A confirmation before something that cannot be undone. */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel = 'Supprimer',
  cancelLabel = 'Annuler',
  onConfirm,
  busy,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  onConfirm: () => void;
  busy?: boolean;
}) {
  const onCloseAutoFocus = useReturnFocus(open);
  return (
    <AlertDialog.Root open={open} onOpenChange={onOpenChange}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className={overlay} />
        <AlertDialog.Content className={cn(sheet, 'max-w-md')} onCloseAutoFocus={onCloseAutoFocus}>
          <AlertDialog.Title className="text-lg font-semibold text-gray-900">{title}</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-sm text-gray-700">{description}</AlertDialog.Description>
          <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <AlertDialog.Cancel asChild>
              <Button variant="outline">{cancelLabel}</Button>
            </AlertDialog.Cancel>
            <AlertDialog.Action asChild>
              <Button
                variant="destructive"
                disabled={busy}
                onClick={(e) => {
                  // Keep the dialog until the caller closes it.
                  e.preventDefault();
                  onConfirm();
                }}
              >
                {confirmLabel}
              </Button>
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
