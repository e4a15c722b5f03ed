import { selectedText } from '../../components/ui/bulk-bar';
import { ConfirmDialog, Modal } from '../../components/ui/dialog';
import { useToast } from '../../components/ui/toast';
import { formatDateTime, gymZoneName } from '../../lib/format';
import type { useSelection } from '../../lib/selection';
import type { Reservation } from '../../lib/types';
import { cancellable, plural } from './labels';
import { ReservationDetail } from './reservation-detail';
import type { ReservationActions } from './use-reservation-actions';

/** The detail of the opened booking and the confirmations before deleting or cancelling. */
export function ReservationDialogs({
  visible,
  selection,
  actions: a,
}: {
  visible: Reservation[];
  selection: ReturnType<typeof useSelection<Reservation>>;
  actions: ReservationActions;
}) {
  const toast = useToast();
  const detail = visible.find((r) => r.id === a.detailId) ?? null;
  const { toDelete, toCancel } = a;
  return (
    <>
      <Modal open={detail !== null} onOpenChange={(o) => !o && a.setDetailId(null)} title="Détail de la réservation" className="max-w-xl">
        {detail && (
          <ReservationDetail
            r={detail}
            onArchive={() => void a.archive(detail)}
            onUnarchive={() => void a.unarchive(detail)}
            onMarkUnread={() => void a.markUnread(detail)}
            onCancel={cancellable(detail) ? () => a.setToCancel(detail) : undefined}
            onDelete={() => a.setToDelete(detail)}
            onCopied={() => toast({ title: 'Email copié dans le presse-papier !' })}
            onCopyFailed={() => toast({ title: 'Erreur', description: 'Impossible de copier le texte.', variant: 'destructive' })}
          />
        )}
      </Modal>

      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(o) => !o && a.setToDelete(null)}
        title="Supprimer la réservation"
        description={toDelete ? `La réservation de ${toDelete.name} sera supprimée définitivement. Continuer ?` : ''}
        onConfirm={a.confirmDelete}
        busy={a.pending.delete}
      />
      <ConfirmDialog
        open={a.bulk.deleteOpen}
        onOpenChange={(o) => !o && a.bulk.setDeleteOpen(false)}
        title={`Supprimer ${selection.count} réservation${plural(selection.count)}`}
        description={`${selectedText(selection.count, ['réservation', 'réservations'], true)} ${selection.count > 1 ? 'seront supprimées' : 'sera supprimée'} définitivement. Continuer ?`}
        confirmLabel={`Supprimer ${selection.count} réservation${plural(selection.count)}`}
        onConfirm={() => void a.bulk.delete()}
        busy={a.bulk.busy}
      />
      <ConfirmDialog
        open={toCancel !== null}
        onOpenChange={(o) => !o && a.setToCancel(null)}
        title="Annuler la réservation"
        description={
          toCancel
            ? `La réservation de ${toCancel.name} (${toCancel.course}, ${formatDateTime(toCancel.dateTime)}, ${gymZoneName()}) sera annulée et sa place libérée. Continuer ?`
            : ''
        }
        confirmLabel="Annuler la réservation"
        cancelLabel="Retour"
        onConfirm={() => void a.confirmCancel()}
        busy={a.cancelBusy}
      />
    </>
  );
}
