import { Toast } from 'radix-ui';
import { X } from 'lucide-react';
import type { ShownToast } from './toaster';

export default function ToastHost({ toast, open, onOpenChange }: { toast: ShownToast; open: boolean; onOpenChange: (open: boolean) => void }) {
  const error = toast.variant === 'error';
  return (
    <Toast.Provider>
      <Toast.Root
        key={toast.key}
        open={open}
        onOpenChange={onOpenChange}
        className={`relative grid gap-1 rounded-card border bg-ink-850 p-4 pr-12 shadow-2xl data-[state=closed]:opacity-0 data-[swipe=move]:translate-x-(--radix-toast-swipe-move-x) ${
          error ? 'border-danger-400/60' : 'border-success-400/50'
        }`}
        data-testid="toast"
      >
        <Toast.Title className={`font-bold ${error ? 'text-danger-400' : 'text-success-400'}`}>{toast.title}</Toast.Title>
        {toast.description && <Toast.Description className="text-sm text-bone-100">{toast.description}</Toast.Description>}
        <Toast.Close
          aria-label="Close"
          className="absolute top-3 right-3 inline-flex size-8 items-center justify-center rounded text-ink-300 hover:text-bone-50"
        >
          <X aria-hidden className="size-4" />
        </Toast.Close>
      </Toast.Root>
      <Toast.Viewport className="fixed right-0 bottom-16 z-[100] flex w-full max-w-sm flex-col gap-2 p-4 outline-none md:bottom-0" />
    </Toast.Provider>
  );
}
