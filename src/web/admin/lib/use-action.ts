import { useCallback } from 'react';
import { errorText } from '../../lib/api-client';
import { staleEditMessage } from '../components/stale-edit';
import { useToast, type ToastInput } from '../components/ui/toast';
import { passErrorFr } from './pass-errors';

type SuccessToast = string | ToastInput;

export interface ActionTexts<T = unknown> {
  /** The toast once the action succeeded (none when absent); a function when it depends on the answer ("3 réservations archivées"). */
  success?: SuccessToast | ((result: T) => SuccessToast | undefined);
  /** The description of the error toast when the server gave no sentence of its own. */
  failure: string;
  /** The error toast's title: 'Erreur' unless the screen speaks English (the desk's messages say 'Error'). */
  errorTitle?: string;
  /** A save refused because someone else saved first: the screen shows its own alert instead of a toast. */
  onStale?: (message: string) => void;
  /** Shows the failure in the screen (a form's alert) instead of a toast. */
  onError?: (message: string, err: unknown) => void;
  /** Runs once the action is over, whether it succeeded or failed (a confirmation closes either way). */
  onSettled?: () => void;
}

/**
 * What useAction does, without React: run the action, then report it. Resolves to the action's
 * result, or undefined when it failed (the failure has been shown). Work that must happen only on
 * success (closing a form, clearing a selection) goes inside the action, after its await.
 */
export async function runAction<T>(toast: (t: ToastInput) => void, action: () => Promise<T>, texts: ActionTexts<T>): Promise<T | undefined> {
  try {
    const result = await action();
    const success = typeof texts.success === 'function' ? texts.success(result) : texts.success;
    if (success) toast(typeof success === 'string' ? { title: success } : success);
    return result;
  } catch (err) {
    const stale = texts.onStale ? staleEditMessage(err) : null;
    if (stale && texts.onStale) texts.onStale(stale);
    else if (texts.onError) texts.onError(passErrorFr(err) ?? errorText(err, texts.failure), err);
    else toast({ title: texts.errorTitle ?? 'Erreur', description: passErrorFr(err) ?? errorText(err, texts.failure), variant: 'destructive' });
    return undefined;
  } finally {
    texts.onSettled?.();
  }
}

/**
 * The one place the back office reports what an action did: success toast, error toast with the
 * server's sentence (or the fallback), or the stale-edit alert.
 */
export function useAction() {
  const toast = useToast();
  return useCallback(<T>(action: () => Promise<T>, texts: ActionTexts<T>): Promise<T | undefined> => runAction(toast, action, texts), [toast]);
}
