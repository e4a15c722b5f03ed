import { RotateCcw } from 'lucide-react';
import { STALE_EDIT } from '../../../shared/messages';
import { ApiError } from '../../lib/api-client';
import { ErrorAlert } from './ui/alert';
import { Button } from './ui/button';

const STALE_MESSAGES: readonly string[] = Object.values(STALE_EDIT);

/** The server's sentence when a save was refused because someone else saved first (409), else null. */
export function staleEditMessage(err: unknown): string | null {
  return err instanceof ApiError && err.status === 409 && err.serverMessage && STALE_MESSAGES.includes(err.serverMessage) ? err.serverMessage : null;
}

/** The refusal, with the way out: reload the latest version (the edit dialog closes). */
export function StaleEditAlert({ message, onReload }: { message: string; onReload: () => void }) {
  return (
    <ErrorAlert>
      <p>{message}</p>
      <Button variant="outline" size="sm" className="mt-2" onClick={onReload}>
        <RotateCcw className="h-4 w-4" aria-hidden />
        Recharger
      </Button>
    </ErrorAlert>
  );
}
