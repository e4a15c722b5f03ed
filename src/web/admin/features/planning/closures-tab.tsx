import { CalendarOff, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { ConfirmDialog } from '../../components/ui/dialog';
import { IconButton } from '../../components/ui/icon-button';
import { EmptyState } from '../../components/ui/page-header';
import { Spinner } from '../../components/ui/spinner';
import { formatGymDate } from '../../lib/format';
import { useSingleFlight } from '../../lib/single-flight';
import { useAction } from '../../lib/use-action';
import { useClosures, useDeleteClosure } from './api';
import { ClosureDialog } from './closure-dialog';

const range = (start: string, end: string) => (start === end ? formatGymDate(start) : `du ${formatGymDate(start)} au ${formatGymDate(end)}`);

/** "Fermetures": the closures to come, adding one, deleting one after a confirmation. */
export function ClosuresTab() {
  const { data: list, isLoading } = useClosures();
  const del = useDeleteClosure();
  const act = useAction();
  const deleting = useSingleFlight();
  const [open, setOpen] = useState(false);
  const [toDelete, setToDelete] = useState<{ id: number; label: string } | null>(null);

  const confirmDelete = () =>
    deleting.run(async () => {
      if (!toDelete) return;
      await act(() => del.mutateAsync(toDelete.id), { success: 'Fermeture supprimée', failure: 'Erreur lors de la suppression' });
      setToDelete(null);
    });

  return (
    <>
      <div className="mb-4 flex justify-end">
        <Button onClick={() => setOpen(true)}>
          <CalendarOff className="h-4 w-4" aria-hidden />
          Ajouter une fermeture
        </Button>
      </div>
      {isLoading && <Spinner />}
      {list && list.length === 0 && <EmptyState title="Aucune fermeture à venir" />}
      {list && list.length > 0 && (
        <ul className="grid gap-3" aria-label="Fermetures">
          {list.map((c) => {
            const label = range(c.startDate, c.endDate);
            return (
              <li key={c.id}>
                <Card className="flex items-center justify-between gap-3 p-4" data-testid="closure-row">
                  <div className="min-w-0">
                    <p className="font-medium text-gray-900 first-letter:uppercase">{label}</p>
                    {c.reason && <p className="text-sm wrap-anywhere text-gray-700">{c.reason}</p>}
                  </div>
                  <IconButton
                    label={`Supprimer la fermeture ${label}`}
                    size="tap"
                    onClick={() => setToDelete({ id: c.id, label })}
                    className="text-red-700 hover:bg-red-50"
                  >
                    <Trash2 className="h-4 w-4" aria-hidden />
                  </IconButton>
                </Card>
              </li>
            );
          })}
        </ul>
      )}
      <ClosureDialog open={open} onOpenChange={setOpen} />
      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(o) => !o && setToDelete(null)}
        title="Supprimer la fermeture"
        description={toDelete ? `La fermeture ${toDelete.label} sera supprimée : les séances de ces jours seront de nouveau réservables. Continuer ?` : ''}
        onConfirm={() => void confirmDelete()}
        busy={deleting.busy}
      />
    </>
  );
}
