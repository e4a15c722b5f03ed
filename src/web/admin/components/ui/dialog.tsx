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
const content =
  'fixed top-1/2 left-1/2 z-50 max-h-[90vh] w-[calc(100vw-2rem)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-lg bg-white p-6 shadow-xl focus:outline-none';

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
          <Dialog.Title className="pr-8 text-lg font-semibold text-gray-900">{title}</Dialog.Title>
          {description && <Dialog.Description className="mt-1 text-sm text-gray-700">{description}</Dialog.Description>}
          <div className="mt-4">{children}</div>
          <Tip label="Fermer">
            <Dialog.Close asChild>
              <button
                type="button"
                aria-label="Fermer"
                className="absolute top-4 right-4 rounded p-1 text-gray-700 hover:bg-gray-100 focus-visible:ring-2 focus-visible:ring-red-600 focus-visible:outline-none"
              >
                <X className="h-5 w-5" aria-hidden />
              </button>
            </Dialog.Close>
          </Tip>
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
        <AlertDialog.Content className={cn(content, 'max-w-md')} onCloseAutoFocus={onCloseAutoFocus}>
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
