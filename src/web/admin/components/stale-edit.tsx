import { RotateCcw } from 'lucide-react';
import { ApiError } from '../../lib/api-client';
import { ErrorAlert } from './ui/alert';
import { Button } from './ui/button';

/** The server's sentence when a save was refused because someone else saved first (code stale_version), else null. */
export function staleEditMessage(err: unknown): string | null {
  return err instanceof ApiError && err.code === 'stale_version' && err.serverMessage ? err.serverMessage : null;
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
