import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from '../components/ui/dialog';

export const LEAVE_TITLE = 'Modifications non enregistrées';
export const LEAVE_TEXT = 'Vous avez des modifications non enregistrées. Quitter cette page sans les enregistrer ?';

/**
 * Warns before unsaved work is lost: a reload or a closed tab (beforeunload, the browser's own
 * prompt), a click on a link to another page of the app (caught before the router sees it) and
 * the screen's own way out (`leave(to)`), both asked in a dialog. React Router's blocker would
 * also catch Back, but it needs the data router, whose code would land in the public pages'
 * JavaScript (the /booking budget test): docs/decisions/076-the-blog-editors-leave-warning-without-react-routers.md.
 */
export function useUnsavedChangesGuard(when: boolean): { dialog: ReactNode; leave: (to: string) => void } {
  const navigate = useNavigate();
  const [pending, setPending] = useState<string | null>(null);

  useEffect(() => {
    if (!when) return;
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      e.returnValue = '';
    };
    // Capture phase on the document: runs before the router's own click handler on the link.
    const onClick = (e: MouseEvent) => {
      if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
      const a = (e.target as Element | null)?.closest?.('a[href]');
      if (!(a instanceof HTMLAnchorElement) || (a.target && a.target !== '_self') || a.hasAttribute('download')) return;
      const url = new URL(a.href, window.location.href);
      // Another site, or the same page (the editor's own ?preview parameter): nothing to guard.
      if (url.origin !== window.location.origin || url.pathname === window.location.pathname) return;
      e.preventDefault();
      e.stopPropagation();
      setPending(url.pathname + url.search + url.hash);
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    document.addEventListener('click', onClick, true);
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload);
      document.removeEventListener('click', onClick, true);
    };
  }, [when]);

  const leave = useCallback(
    (to: string) => {
      if (when) setPending(to);
      else void navigate(to);
    },
    [when, navigate],
  );

  const dialog = (
    <ConfirmDialog
      open={pending !== null}
      onOpenChange={(open) => {
        if (!open) setPending(null);
      }}
      title={LEAVE_TITLE}
      description={LEAVE_TEXT}
      confirmLabel="Quitter sans enregistrer"
      cancelLabel="Rester sur la page"
      onConfirm={() => {
        const to = pending;
        setPending(null);
        if (to) void navigate(to);
      }}
    />
  );
  return { dialog, leave };
}
