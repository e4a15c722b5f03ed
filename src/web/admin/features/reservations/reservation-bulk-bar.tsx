import { Archive, CheckCircle2, Download, Trash2 } from 'lucide-react';
import { BulkBar, selectedText } from '../../components/ui/bulk-bar';
import { Button } from '../../components/ui/button';
import type { useSelection } from '../../lib/selection';
import type { Reservation } from '../../lib/types';
import type { ReservationActions } from './use-reservation-actions';

/** What can be done to the ticked bookings (shown while some are ticked). */
export function ReservationBulkBar({ selection, actions: { bulk } }: { selection: ReturnType<typeof useSelection<Reservation>>; actions: ReservationActions }) {
  return (
    <BulkBar count={selection.count} text={selectedText(selection.count, ['réservation', 'réservations'], true)} onClear={selection.clear}>
      <Button variant="outline" size="sm" onClick={() => void bulk.read()} disabled={bulk.busy}>
        <CheckCircle2 className="h-4 w-4" aria-hidden />
        Marquer comme lues
      </Button>
      <Button variant="outline" size="sm" onClick={() => void bulk.archive()} disabled={bulk.busy}>
        <Archive className="h-4 w-4" aria-hidden />
        Archiver
      </Button>
      <Button variant="outline" size="sm" onClick={bulk.exportSelection}>
        <Download className="h-4 w-4" aria-hidden />
        Exporter la sélection
      </Button>
      <Button variant="destructive" size="sm" onClick={() => bulk.setDeleteOpen(true)} disabled={bulk.busy}>
        <Trash2 className="h-4 w-4" aria-hidden />
        Supprimer
      </Button>
    </BulkBar>
  );
}
