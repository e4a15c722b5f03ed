import { Archive, ArchiveRestore, Ban, Eye, Mail, Trash2 } from 'lucide-react';
import { IconButton } from '../../components/ui/icon-button';
import { WaiveButton, waivable } from '../../components/waive-button';
import type { Reservation } from '../../lib/types';
import { cancellable } from './labels';
import type { ReservationActions } from './use-reservation-actions';

/** A thumb's tap target on a phone's card (44 px); the table's icons from 1280 px stay compact. */
const tap = 'h-11 w-11 xl:h-9 xl:w-9';

/** A row's icon buttons (the table's last column, a card's foot). */
export function RowActions({ r, actions: a }: { r: Reservation; actions: ReservationActions }) {
  return (
    <div className="flex flex-wrap items-center justify-end gap-1">
      {waivable(r) && <WaiveButton r={r} />}
      <IconButton label={`Voir la réservation de ${r.name}`} onClick={() => a.open(r)} className={tap}>
        <Eye className="h-4 w-4" aria-hidden />
      </IconButton>
      {cancellable(r) && (
        <IconButton label={`Annuler la réservation de ${r.name}`} onClick={() => a.setToCancel(r)} className={tap}>
          <Ban className="h-4 w-4" aria-hidden />
        </IconButton>
      )}
      {r.status === 'read' && (
        <IconButton
          label={`Marquer comme non lue la réservation de ${r.name}`}
          onClick={() => void a.markUnread(r)}
          disabled={a.pending.markUnread}
          className={tap}
        >
          <Mail className="h-4 w-4" aria-hidden />
        </IconButton>
      )}
      {r.status === 'archived' ? (
        <IconButton label={`Désarchiver la réservation de ${r.name}`} onClick={() => void a.unarchive(r)} disabled={a.pending.unarchive} className={tap}>
          <ArchiveRestore className="h-4 w-4" aria-hidden />
        </IconButton>
      ) : (
        <IconButton label={`Archiver la réservation de ${r.name}`} onClick={() => void a.archive(r)} disabled={a.pending.archive} className={tap}>
          <Archive className="h-4 w-4" aria-hidden />
        </IconButton>
      )}
      <IconButton label={`Supprimer la réservation de ${r.name}`} onClick={() => a.setToDelete(r)} className={`${tap} text-red-700 hover:bg-red-50`}>
        <Trash2 className="h-4 w-4" aria-hidden />
      </IconButton>
    </div>
  );
}
