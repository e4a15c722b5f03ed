import { RotateCcw } from 'lucide-react';
import { Link } from 'react-router';
import { ErrorAlert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { formatDateTime, gymZoneName } from '../../lib/format';

/** Someone else saved the post since it was opened: the way to their version. */
export function ConflictAlert({ message, onReload }: { message: string; onReload: () => void }) {
  return (
    <div className="mb-4">
      <ErrorAlert>
        <p>{message}</p>
        <Button variant="outline" size="sm" className="mt-2" onClick={onReload}>
          <RotateCcw className="h-4 w-4" aria-hidden />
          Recharger l&apos;article
        </Button>
      </ErrorAlert>
    </div>
  );
}

/** Unsaved work kept on this device, offered back. */
export function DraftOffer({ savedAt, onRestore, onDiscard }: { savedAt: string; onRestore: () => void; onDiscard: () => void }) {
  return (
    <div role="status" className="mb-4 flex flex-wrap items-center gap-3 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
      <span className="w-full sm:w-auto sm:min-w-0 sm:flex-1">Un brouillon non enregistré du {formatDateTime(savedAt)} existe sur cet appareil.</span>
      <Button size="sm" onClick={onRestore}>
        Restaurer le brouillon
      </Button>
      <Button size="sm" variant="outline" onClick={onDiscard}>
        Ignorer
      </Button>
    </div>
  );
}

export function ScheduleStatus({ publishedAt }: { publishedAt: string }) {
  return (
    <p className="mb-4 text-sm text-gray-800" data-testid="schedule-status">
      Publication programmée le {formatDateTime(publishedAt)}, {gymZoneName(Date.parse(publishedAt))}.
    </p>
  );
}

export function PostNotFound() {
  return (
    <div className="rounded-lg border border-gray-200 bg-white p-10 text-center">
      <h1 className="text-lg font-medium text-gray-900">Article introuvable</h1>
      <Link to="/admin/blog" className="mt-4 inline-block font-medium text-red-800 underline">
        Retour aux articles
      </Link>
    </div>
  );
}
