import { X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { Tip } from '../ui/tip';
import { SideMenu } from './side-menu';

/**
 * The phone's whole menu: a slide-in drawer titled "Admin Panel" (SPEC.md §2). Its own chunk,
 * loaded on the first tap on "Menu": the dialog's focus trap and scroll lock are not part of
 * the first screen's weight (issue 46).
 */
export default function MenuDrawer({ open, onOpenChange, returnFocus }: { open: boolean; onOpenChange: (open: boolean) => void; returnFocus: () => void }) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="admin-drawer-overlay fixed inset-0 z-40 bg-black/50" />
        <Dialog.Content
          aria-describedby={undefined}
          id="admin-menu-drawer"
          onCloseAutoFocus={(e) => {
            // Opened from state, not from a Radix trigger: give the focus back to "Menu" ourselves.
            e.preventDefault();
            returnFocus();
          }}
          className="admin-drawer fixed inset-y-0 left-0 z-50 flex w-80 max-w-[88vw] flex-col shadow-xl focus:outline-none"
        >
          <div className="flex h-14 shrink-0 items-center justify-between bg-gray-950 px-4">
            <Dialog.Title className="text-lg font-bold text-white">Admin Panel</Dialog.Title>
            <Tip label="Fermer le menu">
              <Dialog.Close
                aria-label="Fermer le menu"
                className="rounded-md p-3 text-white hover:bg-gray-800 focus-visible:ring-2 focus-visible:ring-white focus-visible:outline-none"
              >
                <X className="h-5 w-5" aria-hidden />
              </Dialog.Close>
            </Tip>
          </div>
          <div className="flex-1 overflow-hidden">
            <SideMenu roomy onNavigate={() => onOpenChange(false)} />
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
