import { Plus } from 'lucide-react';
import { useState } from 'react';
import type { ClassDto, WeeklySessionDto } from '../../../../shared/schemas/timetable';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/dialog';
import { EmptyState } from '../../components/ui/page-header';
import { useSingleFlight } from '../../lib/single-flight';
import { useAction } from '../../lib/use-action';
import { useDeleteWeeklySession, useUpdateClass } from './api';
import { CancelOccurrenceDialog } from './cancel-occurrence-dialog';
import { ClassCard, type ClassCardActions } from './class-card';
import { ClassDialog } from './class-dialog';
import { WEEKDAY_LABELS } from './labels';
import { WeeklySessionDialog } from './weekly-session-dialog';

/** "Cours et créneaux": the class cards and the dialogs their buttons open. */
export function ClassesTab({ classes, sessions }: { classes: ClassDto[]; sessions: WeeklySessionDto[] }) {
  const update = useUpdateClass();
  const del = useDeleteWeeklySession();
  const act = useAction();
  const toggle = useSingleFlight();
  const deleting = useSingleFlight();
  const [classDialog, setClassDialog] = useState<{ cls: ClassDto | null } | null>(null);
  const [sessionDialog, setSessionDialog] = useState<{ cls: ClassDto; session: WeeklySessionDto | null } | null>(null);
  const [toCancel, setToCancel] = useState<WeeklySessionDto | null>(null);
  const [toDelete, setToDelete] = useState<WeeklySessionDto | null>(null);

  const toggleActive = (c: ClassDto) =>
    toggle.run(() =>
      act(() => update.mutateAsync({ id: c.id, data: { active: !c.active } }), {
        success: c.active ? 'Cours désactivé' : 'Cours réactivé',
        failure: 'Impossible de mettre à jour le cours',
      }),
    );

  const confirmDelete = () =>
    deleting.run(async () => {
      if (!toDelete) return;
      await act(() => del.mutateAsync(toDelete.id), { success: 'Créneau supprimé', failure: 'Erreur lors de la suppression' });
      setToDelete(null);
    });

  const actions: ClassCardActions = {
    onEdit: (cls) => setClassDialog({ cls }),
    onToggle: (cls) => void toggleActive(cls),
    toggleBusy: toggle.busy,
    onEditSession: (cls, session) => setSessionDialog({ cls, session }),
    onCancelSession: setToCancel,
    onDeleteSession: setToDelete,
  };

  return (
    <>
      <div className="mb-4 flex justify-end">
        <Button onClick={() => setClassDialog({ cls: null })}>
          <Plus className="h-4 w-4" aria-hidden />
          Nouveau cours
        </Button>
      </div>
      {classes.length === 0 && <EmptyState title="Aucun cours" />}
      <ul className="grid grid-cols-1 gap-4 xl:grid-cols-2" aria-label="Cours">
        {classes.map((c) => (
          <li key={c.id}>
            <ClassCard cls={c} sessions={sessions} actions={actions} />
          </li>
        ))}
      </ul>
      <ClassDialog state={classDialog} onClose={() => setClassDialog(null)} />
      <WeeklySessionDialog state={sessionDialog} onClose={() => setSessionDialog(null)} />
      <CancelOccurrenceDialog session={toCancel} onClose={() => setToCancel(null)} />
      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(o) => !o && setToDelete(null)}
        title="Supprimer le créneau"
        description={
          toDelete
            ? `Le créneau ${toDelete.className} du ${WEEKDAY_LABELS[toDelete.weekday].toLowerCase()} à ${toDelete.startTime} sera supprimé. Continuer ?`
            : ''
        }
        onConfirm={() => void confirmDelete()}
        busy={deleting.busy}
      />
    </>
  );
}
