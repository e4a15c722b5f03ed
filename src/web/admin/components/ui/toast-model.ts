// What a toast says, shared by the provider (toast.tsx) and the view it loads (toast-view.tsx).

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

interface ToastAction {
  label: string;
  /** What the action does, for screen readers that announce the toast without its button. */
  altText: string;
  onAction: () => void;
}

/** How long a toast with an action stays: long enough to reach its button ("a few seconds"). */
export const ACTION_TOAST_MS = 8000;

export interface ToastState extends ToastInput {
  key: number;
  open: boolean;
}
